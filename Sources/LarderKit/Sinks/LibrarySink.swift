import Foundation
import LarderCore

/// Stores recipes in a library folder. A recipe whose id is already there is left alone, so
/// importing the same inputs twice changes nothing. At the end it writes the manifest and,
/// when asked, the run's report.
public final class LibrarySink: RecipeSink {
    public let name = "library"
    public let library: Library
    /// Where images referenced by `path` are read from, when recipes come from another library.
    public let imageSource: Library?
    let writesReport: Bool
    /// Restored recipes whose files can be moved in rather than written again.
    public var handoff: RestoreHandoff?

    public init(library: Library, imageSource: Library? = nil, writesReport: Bool = true) throws {
        self.library = library
        self.imageSource = imageSource
        self.writesReport = writesReport
        try library.create()
    }

    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        if library.contains(id: recipe.id) {
            return .skipped(reason: "a recipe with id \(recipe.id) is already in the library")
        }
        if let staged = handoff?.take(recipe) {
            try library.adopt(staged.files, from: staged.staging)
            return .written
        }
        var recipe = recipe
        if let imageSource {
            try Library.attachImageBytes(to: &recipe) { try Data(contentsOf: imageSource.url(forRelativePath: $0)) }
        }
        try library.store(recipe)
        return .written
    }

    public func finish(report: RunReport) throws {
        try library.writeManifest()
        if writesReport { try library.writeReport(report) }
    }
}
