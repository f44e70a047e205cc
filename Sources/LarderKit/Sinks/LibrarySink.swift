import Foundation
import LarderCore

/// Stores recipes in a library folder. A recipe whose id is already there is left alone (so
/// importing the same inputs twice changes nothing) unless duplicates are to be updated, when
/// it replaces the stored one. At the end it writes the manifest and, when asked, the run's
/// report.
public final class LibrarySink: RecipeSink {
    public let name = "library"
    public let library: Library
    /// Where images referenced by `path` are read from, when recipes come from another library.
    public let imageSource: Library?
    let writesReport: Bool
    let duplicates: DuplicatePolicy
    /// Restored recipes whose files can be moved in rather than written again.
    public var handoff: RestoreHandoff?
    /// For an export: the folder the finished library is swapped into.
    private var exportFolder: OutputFolder?

    public init(library: Library, imageSource: Library? = nil, writesReport: Bool = true, duplicates: DuplicatePolicy = .skip) throws {
        self.library = library
        self.imageSource = imageSource
        self.writesReport = writesReport
        self.duplicates = duplicates
        try library.create()
    }

    /// An export in the library layout (`export --format json --output DIR`): written beside
    /// the folder and swapped in when complete, as every folder export is (`OutputFolder`).
    public convenience init(exportingTo folder: URL, imageSource: Library?) throws {
        let output = try OutputFolder(folder)
        try self.init(library: Library(root: output.staging), imageSource: imageSource, writesReport: false)
        exportFolder = output
    }

    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        let replacing = library.contains(id: recipe.id)
        if replacing && duplicates != .update {
            return .skipped(reason: "a recipe with id \(recipe.id) is already in the library", kind: .duplicate)
        }
        let stored: Recipe
        switch handoff?.take(recipe) {
        case .adopt(let staged):
            try library.adopt(staged.files, from: staged.staging, manifest: staged.manifest, extractedSince: staged.extractedSince)
            stored = recipe
        case .readImages(let staging):
            var withImages = recipe
            try Library.attachImageBytes(to: &withImages) { try StoredImagePath.read($0, inLibraryAt: staging.path) }
            stored = try library.store(withImages)
        case nil:
            var withImages = recipe
            if let imageSource {
                try Library.attachImageBytes(to: &withImages) { try imageSource.storedImage(at: $0) }
            }
            if replacing { keepStoredPictures(for: &withImages) }
            stored = try library.store(withImages)
        }
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

    public func finish(report: RunReport) throws {
        // The report is written even when the manifest cannot be: it says what became of
        // every input, which matters most when something went wrong.
        do {
            try library.writeManifest()
        } catch {
            if writesReport { try? library.writeReport(report) }
            throw error
        }
        if writesReport { try library.writeReport(report) }
        try exportFolder?.commit()
    }
}
