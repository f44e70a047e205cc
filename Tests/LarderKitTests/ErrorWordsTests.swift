import Foundation
import LarderArchive
import LarderCore
import LarderHTML
@testable import LarderKit
import LarderNet
import Testing
import TestSupport

/// An app shows an error's `localizedDescription`; the `larder` command prints
/// `ErrorText.describe(error)`. For Larder's own errors both are the same sentence: without
/// `LocalizedError` an app showed "The operation could not be completed. (LarderCore.FileProblem
/// error 1.)".
struct ErrorWordsTests {
    static let samples: [any Error] = [
        FileProblem(.read, path: "/recipes/soup.json", code: ENOENT),
        MappingError.missingField("title"),
        InputLimits.Exceeded("ingredient lines", found: 20_001, limit: 20_000, per: "recipe"),
        ScrapeError.noRecipe,
        ArchiveError("cannot read backup.zip", "truncated archive"),
        ExtractedFile.AlreadyThere(path: "/library/recipes/soup.json"),
        FetchError.status(404, host: "example.com", retryAfter: nil),
        FetchError.timedOut(seconds: 30, host: "example.com", phase: .awaitingAnswer),
        PathProblem("--library /tmp/x is a file, not a folder"),
        BundleError("the manifest lists recipes/soup.json twice"),
        LibraryInUse("the library /tmp/lib is in use by another larder run (process 42)"),
    ]

    @Test(arguments: samples.indices)
    func anAppShowsTheSentenceTheCommandPrints(_ index: Int) {
        let error = Self.samples[index]
        #expect(error.localizedDescription == ErrorText.describe(error))
        #expect(error.localizedDescription == String(describing: error))
        #expect(!error.localizedDescription.contains("The operation could not be completed"))
    }

    /// Every public error type of the library modules says its sentence as a `LocalizedError`
    /// (through `DescribedError` in the modules over LarderCore).
    @Test func everyPublicErrorTypeIsALocalizedError() throws {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let declaration = try Regex(#"public (struct|enum|final class|class) (\w+)[^{]*:[^{]*\b(Error|DescribedError|LocalizedError)\b"#)
        var plain: [String] = []
        var seen = 0
        for module in ["LarderCore", "LarderHTML", "LarderNet", "LarderArchive", "LarderKit"] {
            let walker = try #require(FileManager.default.enumerator(at: sources.appendingPathComponent(module), includingPropertiesForKeys: nil))
            for case let file as URL in walker where file.pathExtension == "swift" {
                for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") where line.contains(declaration) {
                    seen += 1
                    if !line.contains("DescribedError") && !line.contains("LocalizedError") {
                        plain.append("\(module)/\(file.lastPathComponent): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        #expect(seen >= 29)
        #expect(plain.isEmpty, "\(plain.joined(separator: "\n"))")
    }
}
