import Foundation
import LarderCore
import LarderKit
import Testing

/// The report is written piece by piece from entries kept out of memory (a restore of 50,000
/// recipes has 50,000); its bytes must stay exactly the canonical JSON's.
struct StreamedJSONTests {
    @Test func theStreamedReportIsTheCanonicalJSONAndReadsBack() throws {
        var report = RunReport(started: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(try report.encoded() == CanonicalJSON.encode(report))
        report.record(.init(input: "https://example.com/crème \"brûlée\"", item: "#2 Tarte", status: .failed, stage: "read",
                            reason: "line one\nline two\t/ slash", recipeID: nil, title: nil))
        var imported = RunReport.Entry(input: "Samples/a.json", status: .imported, recipeID: "a", title: "A")
        imported.fetch = FetchDetails(httpStatus: 200, seconds: 0.25, fromCache: true)
        imported.notes = ["image https://example.com/a.png not downloaded: 404 Not Found"]
        report.record(imported)
        report.record(.init(input: "b.json", status: .skipped, stage: "dedupe", reason: "same title", recipeID: "b"))
        report.record(.init(input: "backup/2026.tar.gz", item: "recipes/crème.json", status: .skipped, stage: "restore",
                            reason: "a recipe with id crème is already in the library", kind: .duplicate, recipeID: "crème",
                            title: "Crème brûlée / 🍮"))
        report.record(.init(input: "backup.tar.gz", item: "recipes/c.json", status: .imported, recipeID: "c", title: "Say \"cheese\""))
        report.finished = Date(timeIntervalSince1970: 1_790_000_100)
        #expect(try report.encoded() == CanonicalJSON.encode(report))

        let read = try CanonicalJSON.decode(RunReport.self, from: report.encoded())
        #expect(read == report)
        #expect((read.imported, read.skipped, read.failed) == (2, 2, 1))
    }

    /// More entries than the log buffers in memory: they go to its temporary file and come back
    /// whole and in order, in the report's JSON as in `entries`.
    @Test func aReportLargerThanItsBufferKeepsEveryEntry() throws {
        var report = RunReport(started: Date(timeIntervalSince1970: 1_790_000_000))
        for n in 0..<6000 {
            report.record(.init(input: "bundle.tar.gz", item: "recipes/r-\(n).json", status: n % 100 == 0 ? .failed : .imported,
                                reason: n % 100 == 0 ? "broken \(n)" : nil, recipeID: "r-\(n)", title: "Recipe No. \(n) with a longer title"))
        }
        let copy = report
        report.record(.init(input: "last.json", status: .skipped, reason: "after the copy"))
        #expect(copy.count == 6000 && report.count == 6001, "a copy keeps what it had")
        let read = try CanonicalJSON.decode(RunReport.self, from: report.encoded())
        #expect(read == report)
        #expect(read.entries.count == 6001)
        #expect(read.entries[4321].recipeID == "r-4321")
        #expect((read.imported, read.skipped, read.failed) == (5940, 1, 60))
        #expect(copy.entries.last?.recipeID == "r-5999")
    }
}
