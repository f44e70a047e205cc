import Foundation
import LarderCore
import LarderKit
import Testing

/// The manifest and the report are written piece by piece (a library of 50,000 recipes would
/// otherwise build a tree of 50,000 objects in JSONEncoder first); their bytes must stay
/// exactly the canonical JSON's.
struct StreamedJSONTests {
    @Test(arguments: [0, 1, 3])
    func theHandWrittenManifestIsTheCanonicalJSON(files count: Int) throws {
        let files = (0..<count).map { n in
            Manifest.File(path: n == 0 ? "images/crêpes-1/\(n).jpg" : "recipes/r-\(n).json",
                          sha256: String(repeating: "ab", count: 32), bytes: 1000 * n + 7)
        }
        let manifest = Manifest(created: Date(timeIntervalSince1970: 1_790_000_000), count: count, files: files)
        #expect(manifest.canonicalJSON() == (try CanonicalJSON.encode(manifest)))
    }

    @Test func aPathThatNeedsEscapingStillGivesTheCanonicalJSON() throws {
        let manifest = Manifest(created: Date(timeIntervalSince1970: 0), count: 1,
                                files: [Manifest.File(path: "images/a/quote\"back\\slash\ttab.png", sha256: "00", bytes: 1)])
        #expect(manifest.canonicalJSON() == (try CanonicalJSON.encode(manifest)))
    }

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
        report.finished = Date(timeIntervalSince1970: 1_790_000_100)
        #expect(try report.encoded() == CanonicalJSON.encode(report))

        let read = try CanonicalJSON.decode(RunReport.self, from: report.encoded())
        #expect(read == report)
        #expect((read.imported, read.skipped, read.failed) == (1, 1, 1))
    }
}
