import Foundation
import LarderArchive
import LarderCore
import LarderHTML

// Scrapes every case of a scrape corpus (CASES_DIR/<case>/page.html.gz) in one process and
// writes OUT_DIR/<case>.json in the corpus's common schema (see ../shared/corpus/scrape/SOURCE.md).
// The mapping from Larder's model to that schema lives here, not in Larder. Prints pages per
// second (parsing and extraction only, one page at a time) as the last line.

// With --parse-only, only libxml2's parse of each page is timed (and nothing is written): the
// ceiling for the scraper's speed.
var arguments = Array(CommandLine.arguments.dropFirst())
let parseOnly = arguments.first == "--parse-only"
if parseOnly { arguments.removeFirst() }
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: scrape-corpus [--parse-only] CASES_DIR OUT_DIR\n".utf8))
    exit(2)
}
let cases = URL(fileURLWithPath: arguments[0])
let output = URL(fileURLWithPath: arguments[1])
try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
let names = try FileManager.default.contentsOfDirectory(atPath: cases.path).sorted()

var scrapeNanoseconds: UInt64 = 0
// The same spans on this thread's CPU clock: on a machine shared with other work, wall time
// counts the time other processes held the core; CPU time is what the scrape itself cost.
var cpuNanoseconds: UInt64 = 0
func threadCPUNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
var pages = 0
var failures = 0
for name in names {
    let page = cases.appendingPathComponent(name).appendingPathComponent("page.html.gz")
    guard let compressed = try? Data(contentsOf: page) else { continue }
    let html: Data
    do {
        html = try Decompressor.decompress(compressed, limit: 64 << 20, label: page.path)
    } catch {
        FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
        continue
    }
    // The corpus names each case after the site; the page's own links say the rest.
    let host = String(name.split(separator: "_").first ?? Substring(name))
    if parseOnly {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = threadCPUNanoseconds()
        // Freed inside the timing, as a scrape frees it.
        do { withExtendedLifetime(try? HTMLDocument(data: html)) {} }
        cpuNanoseconds += threadCPUNanoseconds() - cpuStart
        scrapeNanoseconds += DispatchTime.now().uptimeNanoseconds - start
        pages += 1
        continue
    }
    let start = DispatchTime.now().uptimeNanoseconds
    let cpuStart = threadCPUNanoseconds()
    let result = Result { try RecipeScraper.scrape(html: html, url: URL(string: "https://\(host)/"), importedAt: Date(timeIntervalSince1970: 0)) }
    cpuNanoseconds += threadCPUNanoseconds() - cpuStart
    scrapeNanoseconds += DispatchTime.now().uptimeNanoseconds - start
    pages += 1
    var object: [String: Any] = [:]
    switch result {
    case .success(let recipe): object = CorpusSchema.object(for: recipe, caseHost: host, page: [UInt8](html))
    case .failure(let error):
        failures += 1
        FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
    }
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    try data.write(to: output.appendingPathComponent(name + ".json"))
}
let seconds = Double(scrapeNanoseconds) / 1e9
let cpuSeconds = Double(cpuNanoseconds) / 1e9
FileHandle.standardError.write(Data("\(pages) pages, \(failures) without a recipe, \(String(format: "%.2f", seconds)) s scraping\n".utf8))
FileHandle.standardError.write(Data("\(String(format: "%.2f", cpuSeconds)) s on the CPU: \(Int(cpuSeconds > 0 ? Double(pages) / cpuSeconds : 0)) pages per CPU-second (the figure wall time gives on an idle core)\n".utf8))
print("\(Int(seconds > 0 ? Double(pages) / seconds : 0)) pages per second")
