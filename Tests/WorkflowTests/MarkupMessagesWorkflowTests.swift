import Foundation
import Testing
import TestSupport

/// libxml2 prints what it has no parser to report to (an encoding converter's failure:
/// "encoding error : input conversion failed", "I/O error : encoder error") on stderr unless
/// told otherwise. Larder's stderr is its own: one line per input, in its words.
@Suite struct MarkupMessagesWorkflowTests {
    /// Pages of UTF-8 bytes whose header and `<meta charset>` disagree, one of them naming a
    /// charset the bytes are not in: ones iconv cannot read them in at all (ISO-2022-JP refuses
    /// every byte past 0x7F, EBCDIC and UTF-16 read them as other text), and one no converter
    /// knows.
    @Test func aPageWhoseHeaderAndMetaDisagreeOnTheCharsetLeavesStderrToLarder() async throws {
        let work = try Workspace()
        let server = try await LocalServer()
        let labels = ["iso-2022-jp", "utf-16", "ucs-4", "ebcdic-us", "shift_jis", "x-no-such-charset"]
        for label in labels.map({ "\($0)/utf-8" }) + labels.map({ "utf-8/\($0)" }) + ["iso-8859-1/iso-2022-jp"] {
            let page = server.url("/fault/charset/\(label)").absoluteString
            let scrape = try await work.run(["scrape", page, "--no-cache"], expecting: [0, 1])
            let imported = try await work.run(["import", page, "--no-cache", "--library", work.path("lib-" + label.replacingOccurrences(of: "/", with: "-"))], expecting: [0, 1])
            for (command, outcome) in [("scrape", scrape), ("import", imported)] {
                for libxml2Words in ["encoding error", "I/O error", "input conversion failed", "encoder error", "parser error"] {
                    #expect(!outcome.errors.contains(libxml2Words), "\(command) \(label): \(outcome.errors)")
                }
                // What is left on stderr is Larder's: each line says which input it is about.
                for line in outcome.errors.split(separator: "\n") where !line.hasPrefix("Import:") {
                    #expect(line.contains(page) || line.hasPrefix("Error:"), "\(command) \(label): \(line)")
                }
            }
        }
    }
}
