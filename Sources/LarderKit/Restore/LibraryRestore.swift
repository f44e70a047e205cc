import Foundation
import LarderArchive
import LarderCore

/// Restore, a use case beside import and `LibraryArchiver`: a bundle (a backup archive, or a
/// library folder such as `export --format json --output DIR` writes) into a library.
///
/// The bundle is staged inside the library's run-state folder and checked whole first
/// (`StagedBundle`): a bundle refused as a whole is one failed report entry and changes
/// nothing. Then each recipe, in the manifest's order, gets its own entry:
/// - a new id: its verified files are moved in (`RestoreAdoption`), not written again;
/// - an id the library has: skipped, replaced by the bundle's version (`update`), or stored
///   anew beside it as `<id>-copy` (`copy`), by the duplicate policy;
/// - unreadable, or pointing at an image the bundle lacks: failed alone.
///
/// A backup comes back as it was: recipes are not normalized again, and are duplicates only by
/// id (the library they came from may hold two recipes of one page on purpose).
public struct LibraryRestore {
    /// The library the bundle is restored into.
    public let library: Library
    /// What to do with a recipe whose id the library already has: skip, update or copy.
    public var duplicates: DuplicatePolicy
    /// What the bundle may hold before it is refused as hostile.
    public var limits = BundleLimits()
    /// Called after each recipe is settled, for progress lines.
    public var progress: ((RunReport) -> Void)?
    /// Import's duplicate rules (same source URL, same content, same id), for a merge; nil for
    /// a restore, which brings a backup back as it was and knows duplicates by id only.
    var duplicateCheck: DedupeStage?

    /// A restore into `library`, deciding ids it already has by `duplicates` (skip by default), calling `progress` after each recipe.
    public init(library: Library, duplicates: DuplicatePolicy = .skip, progress: ((RunReport) -> Void)? = nil) {
        self.library = library
        self.duplicates = duplicates
        self.progress = progress
    }

    /// Whether `path` is something to restore: a Larder bundle, or a folder that is a library.
    public static func isRestorable(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return false }
        guard isFolder.boolValue else { return ArchiveSniffer.isLarderBundle(path) }
        let folder = URL(fileURLWithPath: path)
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("recipes").path)
            && [Manifest.fileName, Manifest.legacyFileName].contains { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }

    /// Restores `source` into the library, adding an entry per recipe (or one for a refused
    /// bundle) to `report`. Stops between two recipes when the task is cancelled; the recipes
    /// not reached are counted in one entry. False when the bundle was refused whole.
    @discardableResult
    public func restore(_ source: String, into report: inout RunReport) throws -> Bool {
        try library.open()
        let staged: StagedBundle
        let staging = library.stagingFolder()
        do {
            staged = try StagedBundle(source: source, into: staging, limits: limits)
        } catch let problem as FileProblem where problem.action == .write && problem.path.hasPrefix(staging.path) {
            // Unpacking into the library's staging folder failed (the disk is full): said of
            // the library, not of the bundle, which is not at fault.
            let reason = FileProblem(.write, path: library.root.path, code: problem.code).description
            report.record(.init(input: source, status: .failed, stage: "restore", reason: reason))
            progress?(report)
            return false
        } catch let refusal as BundleError where PathCheck.kind(of: source) == .folder {
            report.record(.init(input: source, status: .failed, stage: "read", reason: "the library folder is refused: \(refusal.reason)"))
            progress?(report)
            return false
        } catch {
            report.record(.init(input: source, status: .failed, stage: "read", reason: ErrorText.describe(error)))
            progress?(report)
            return false
        }
        var left = 0
        let taken = TakenRecipeIDs(library: library)
        try library.groupingIndexChanges {
            // A merge may change a recipe before it is stored: its row is worked out then.
            var recipes = try StagedRecipeReader(staged, indexRows: library.index != nil && duplicateCheck == nil)
            while let next = recipes.next() {
                guard !Task.isCancelled else {
                    left += 1
                    continue
                }
                switch next {
                case .success(let item):
                    report.record(settle(item, from: staged, taken: taken))
                case .failure(let error):
                    report.record(.init(input: source, status: .failed, stage: "read", reason: "its manifest became unreadable: \(ErrorText.describe(error))"))
                }
                progress?(report)
            }
        }
        // The restore is one batch: its renames are made durable together.
        try library.commitWrites()
        if left > 0 {
            report.record(.init(input: source, status: .skipped, stage: "restore",
                                reason: "interrupted: \(left) more recipe\(left == 1 ? "" : "s") of it not restored", kind: .interrupted))
        }
        return true
    }

    /// One recipe of the bundle into the library: its verified manifest entry, read and decoded.
    func settle(_ item: StagedRecipeReader.Item, from staged: StagedBundle, taken: TakenRecipeIDs) -> RunReport.Entry {
        let input = staged.source
        let file = item.file
        let recipePath = file.path
        var recipe: Recipe
        do {
            recipe = try item.recipe.get()
        } catch {
            return .init(input: input, item: recipePath, status: .failed, stage: "read",
                         reason: "not a readable Larder recipe: \(Library.describe(error))")
        }
        func entry(_ status: RunReport.Status, stage: String? = nil, _ reason: String? = nil, kind: SkipKind? = nil) -> RunReport.Entry {
            .init(input: input, item: recipePath, status: status, stage: stage, reason: reason, kind: kind, recipeID: recipe.id,
                  title: recipe.title, notes: notes.isEmpty ? nil : notes)
        }
        // An image path must name a file of the bundle's own `images/`; one that does not is
        // left out with a note (its web address kept), and the recipe is restored without it.
        var notes: [String] = []
        if item.cleaned {
            notes.append("control characters (terminal escapes, bidi overrides, carriage returns) removed from its text")
        }
        recipe.images = recipe.images.compactMap { image in
            guard let path = image.path else { return image }
            do {
                _ = try StoredImagePath.resolve(path, inLibraryAt: staged.folder.path)
                return image
            } catch {
                notes.append("image left out of the restore: \(ErrorText.describe(error))" + (image.url == nil ? "" : "; its web address is kept"))
                return image.url.map { RecipeImage(url: $0) }
            }
        }
        // Scalar by scalar: a title stops the check at its first letter, without a trimmed copy.
        if recipe.title.unicodeScalars.allSatisfy(CharacterSet.whitespacesAndNewlines.contains) {
            return entry(.skipped, stage: "restore", "the recipe has no title")
        }
        // JSON cannot hold an infinite number (`1e309` reads as one): it is dropped, with a note.
        let dropped = recipe.dropNonFiniteNumbers()
        if !dropped.isEmpty {
            notes.append("dropped numbers that are not finite (too large for JSON, such as 1e309) from: " + dropped.joined(separator: ", "))
        }
        if let duplicateCheck {
            do {
                switch try duplicateCheck.apply(recipe) {
                case .keep(let kept), .keepNoting(let kept, _):
                    recipe = kept
                case .skipAsDuplicate(let existing, let reason):
                    recipe.id = existing  // the report names the recipe it duplicates
                    return entry(.skipped, stage: duplicateCheck.name, reason, kind: .duplicate)
                case .skip(let reason, let kind):
                    return entry(.skipped, stage: duplicateCheck.name, reason, kind: kind)
                }
            } catch {
                return entry(.failed, stage: duplicateCheck.name, ErrorText.describe(error))
            }
        }
        let id = RecipeIdentity.sanitize(recipe.id)
        let replacing = taken.isTaken(id, bundlePath: recipePath)
        do {
            switch (replacing, duplicates) {
            case (true, .skip):
                return entry(.skipped, stage: "restore", "a recipe with id \(recipe.id) is already in the library", kind: .duplicate)
            case (true, .copy):
                recipe.id = freshID(from: id)
                try RecipeImageFiles.attachBytes(to: &recipe) { try StoredImagePath.read($0, inLibraryAt: staged.folder.path) }
                taken.stored(try library.store(recipe).id, bundlePath: recipePath)
                return entry(.imported)
            default:
                // Moved in as they are only when the recipe is kept as its file says.
                let adopted = try notes.isEmpty && RestoreAdoption(library: library, staged: staged).adopt(recipe, file: file, row: item.row)
                if !adopted {
                    try RecipeImageFiles.attachBytes(to: &recipe) { try StoredImagePath.read($0, inLibraryAt: staged.folder.path) }
                    recipe = try library.store(recipe)
                    taken.stored(recipe.id, bundlePath: recipePath)
                }
                guard replacing else { return entry(.imported) }
                try library.removeImages(of: id, keeping: Set(recipe.images.compactMap(\.path)))
                return entry(.updated, stage: "library", "replaced the recipe stored as \(id)")
            }
        } catch {
            return entry(.failed, stage: "library", ErrorText.describe(error))
        }
    }

    /// `<id>-copy`, then `<id>-copy-2`, …: the first the library does not have.
    func freshID(from id: String) -> String {
        var candidate = "\(id)-copy"
        var n = 2
        while library.contains(id: candidate) {
            candidate = "\(id)-copy-\(n)"
            n += 1
        }
        return candidate
    }
}

/// Moves a restored recipe's verified files from staging into the same paths in the library:
/// its images, then its JSON, each by one rename (the library's manifest journals it first with
/// the entry the bundle's manifest vouched for and staging verified), so no file is copied or
/// hashed again and a recipe never points at a missing image.
struct RestoreAdoption {
    let library: Library
    let staged: StagedBundle

    /// False when the recipe's files are not where the library keeps them (its JSON under its
    /// own id, its images in its own folder): it must then be stored anew.
    /// `row` is the recipe's index row when the caller has it (nil: worked out from `recipe`).
    func adopt(_ recipe: Recipe, file recipeFile: Manifest.File, row: IndexedRecipe? = nil) throws -> Bool {
        let id = RecipeIdentity.sanitize(recipe.id)
        guard recipe.id == id, recipeFile.path == "recipes/\(id).json" else { return false }
        var images: [Manifest.File] = []
        for path in Set(recipe.images.compactMap(\.path)).sorted() {
            guard path.hasPrefix("images/\(id)/"), let file = staged.images[path] else { return false }
            images.append(file)
        }
        for file in images + [recipeFile] {
            try library.put(file, recipe: file == recipeFile ? recipe : nil, row: file == recipeFile ? row : nil) { target in
                guard rename(staged.filePath(file.path), target.path) == 0 else {
                    throw FileProblem.lastSystemError(.write, path: target.path)
                }
            }
        }
        return true
    }
}
