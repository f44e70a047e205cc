import Foundation
import LarderCore

/// Stores recipes in a library folder. A recipe whose id is already there is left alone (so
/// importing the same inputs twice changes nothing) unless duplicates are to be updated, when
/// it replaces the stored one. At the end it closes the library (the manifest is brought up to
/// date) and, when asked, writes the run's report.
public final class LibrarySink: RecipeSink, ReadBackSink {
    /// The sink's name in the report (`library`).
    public let name = "library"
    /// The library written.
    public let library: Library
    /// Where images referenced by `path` are read from, when recipes come from another library.
    public let imageSource: Library?
    let writesReport: Bool
    let duplicates: DuplicatePolicy
    /// For an export: the folder the finished library is swapped into.
    private var exportFolder: OutputFolder?
    /// The last recipe's JSON, as written, for reading it back.
    private var written: [WrittenFile] = []
    /// An import's report is written whatever the run brought; an export is written whole or
    /// not at all.
    public var replacesOutputWhole: Bool { exportFolder != nil }

    /// Opens the library for writing at once: a library another run is writing fails here,
    /// before any input is read.
    public init(library: Library, imageSource: Library? = nil, writesReport: Bool = true, duplicates: DuplicatePolicy = .skip) throws {
        self.library = library
        self.imageSource = imageSource
        self.writesReport = writesReport
        self.duplicates = duplicates
        try library.open()
        library.groupIndexChangesUntilClosed()
    }

    /// An export in the library layout (`export --format json --output DIR`): written beside
    /// the folder and swapped in when complete, as every folder export is (`OutputFolder`).
    public convenience init(exportingTo folder: URL, imageSource: Library?) throws {
        let output = try OutputFolder(folder)
        let library = Library(root: output.staging)
        library.keepsIndex = false  // the index belongs to a library in use, made by its first write
        library.isStagedTree = true  // flushed whole by `OutputFolder.commit`
        try self.init(library: library, imageSource: imageSource, writesReport: false)
        exportFolder = output
    }

    /// Stores the recipe in the library.
    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        do {
            return try store(recipe)
        } catch {
            throw exportFolder?.retold(error) ?? error
        }
    }

    private func store(_ recipe: Recipe) throws -> SinkOutcome {
        let replacing = library.contains(id: recipe.id)
        if replacing && duplicates != .update {
            return .skipped(reason: "a recipe with id \(recipe.id) is already in the library", kind: .duplicate)
        }
        var withImages = recipe
        if let imageSource {
            try RecipeImageFiles.attachBytes(to: &withImages) { try imageSource.storedImage(at: $0) }
        }
        if replacing { keepStoredPictures(for: &withImages) }
        let (stored, json) = try library.storeWithJSON(withImages)
        written = [WrittenFile(path: "recipes/\(stored.id).json", data: json)]
        guard replacing else { return .written }
        try library.removeImages(of: stored.id, keeping: Set(stored.images.compactMap(\.path)))
        return .replaced
    }

    /// A new version replacing a stored recipe keeps the pictures stored for the same web
    /// address when it brings none of its own (imported without `--images`, or a download that
    /// failed): replacing must not delete a picture the library had.
    func keepStoredPictures(for recipe: inout Recipe) {
        guard let old = try? library.load(id: recipe.id) else { return }
        for index in recipe.images.indices {
            let image = recipe.images[index]
            guard image.path == nil, image.embeddedData == nil, let url = image.url,
                  let kept = old.images.first(where: { $0.url == url && $0.path != nil }),
                  let path = kept.path, library.checkStoredImage(path) == nil else { continue }
            recipe.images[index] = kept
        }
    }

    func takeWrittenFiles() -> [WrittenFile] {
        defer { written = [] }
        return written
    }

    /// Writes the report (when the sink was asked to) and closes the library; for an export in the library layout, puts the finished folder in place.
    public func finish(report: RunReport) throws {
        do {
            // The library is closed (its manifest brought up to date) even when the report
            // cannot be written; the first failure is the one said.
            var reportFailure: Error?
            if writesReport {
                do { try library.writeReport(report) } catch { reportFailure = error }
            }
            do { try library.close() } catch { throw reportFailure ?? error }
            if let reportFailure { throw reportFailure }
            try exportFolder?.commit()
        } catch {
            throw exportFolder?.retold(error) ?? error
        }
    }
}
