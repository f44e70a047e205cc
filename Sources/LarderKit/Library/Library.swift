import Foundation
import LarderCore

/// A library folder, laid out as a bundle:
///
///     manifest.jsonl           a header, then path, sha256 and size of every file (see `Manifest`)
///     recipes/<id>.json        one canonical recipe per file: the truth
///     images/<id>/<hash>.<ext> stored images (named by the start of their sha256), referenced from the recipe
///     report.json              the last run
///     .larder/                 run state: the writers' lock, the manifest's journal, restore staging
///
/// `Library` reads and stores recipes. Reading needs nothing; the first write opens the
/// library for writing: it takes the lock (one writing run at a time), removes what a killed
/// run left, and squares the manifest with the files (`LibraryManifest`). Every file is written
/// atomically and journaled first, so a run killed at any moment loses at most the recipe it
/// was writing, and the next run finds the manifest right. Used from one thread at a time.
public final class Library {
    /// The library's folder.
    public let root: URL
    /// `root` as a path: building a `URL` per file costs more than the file's I/O in a walk.
    let rootPath: String
    private var lock: LibraryLock?
    private var manifest: LibraryManifest?
    private var imageLinks = ImageLinks()
    /// The index while this run writes the library (`Library+Index.swift`).
    var index: LibraryIndex?
    /// Whether writes keep `.larder/index.sqlite`: not for a library written as an export.
    var keepsIndex = true
    /// Whether this run has marked the index `writing` / must mark it `clean` when it closes.
    var indexMarkedWriting = false
    var indexNeedsClosing = false
    /// How many recipes this run put into the index or took out of it (see `closeIndex`).
    var indexChanges = 0
    /// How many changes make the index compacted when the run closes (tests compact sooner).
    var compactIndexAfter = LibraryIndex.compactAfter
    /// How many index changes a group commits at once (tests commit sooner).
    var indexChangesPerCommit = LibraryIndex.changesPerCommit
    /// What happened to the index that a person should hear of (rebuilt, reconciled, failed).
    public internal(set) var indexNotes: [String] = []
    /// How many changes the manifest's journal gathers before they are folded in (tests fold
    /// more often).
    var foldEvery = LibraryManifest.foldEvery
    /// The folders this run renamed files into (or made or removed files in) since its writes
    /// were last committed (`commitWrites`).
    private let pendingFolderSyncs = PendingFolderSyncs()
    /// Whether the library is a staging tree that is flushed whole before it is swapped in (an
    /// export in the library layout, `OutputFolder`): its files need no flush of their own.
    var isStagedTree = false

    /// The library in the folder `root`, which need not exist yet: nothing is read or written until it is used.
    public init(root: URL) {
        self.root = root.standardizedFileURL
        rootPath = self.root.path
    }

    /// The file system path of a library path (`recipes/<id>.json`).
    func filePath(_ relative: String) -> String {
        rootPath + "/" + relative
    }

    /// `recipes/`: one canonical JSON file per recipe, named by its id.
    public var recipesFolder: URL { root.appendingPathComponent("recipes", isDirectory: true) }
    /// `manifest.jsonl`: every file of the library with its size and checksum.
    public var manifestURL: URL { root.appendingPathComponent(Manifest.fileName) }
    /// `report.json`: what the last run did with each of its inputs.
    public var reportURL: URL { root.appendingPathComponent("report.json") }
    /// Run state that is not part of the library's content (never exported).
    var stateFolder: URL { root.appendingPathComponent(".larder", isDirectory: true) }

    /// A new folder for staging a restore: in the run state, so on the library's file system
    /// (files are renamed in) and removed by the next run if this one is killed.
    func stagingFolder() -> URL {
        stateFolder.appendingPathComponent(LibraryLock.stagingPrefix + UUID().uuidString, isDirectory: true)
    }

    /// The file of the recipe stored under `id`.
    public func recipeURL(id: String) -> URL {
        recipesFolder.appendingPathComponent(RecipeIdentity.sanitize(id) + ".json")
    }

    /// A file of the library by its path inside it (`images/pie/6377db7e1a26c088.png`).
    public func url(forRelativePath path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// Whether the library has a `recipes/` folder.
    public var exists: Bool {
        FileManager.default.fileExists(atPath: recipesFolder.path)
    }

    /// Whether a recipe is stored under `id`.
    public func contains(id: String) -> Bool {
        FileStatus(path: filePath("recipes/\(RecipeIdentity.sanitize(id)).json")) != nil
    }

    /// Ids of the stored recipes, sorted by file name, so every walk of the library is in the
    /// same order.
    public func recipeIDs() throws -> [String] {
        guard exists else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: recipesFolder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted()
            .map { String($0.dropLast(5)) }
    }

    /// A recipe's file as it is stored (`show --json`).
    public func storedRecipeData(id: String) throws -> Data {
        try FileStatus.read(filePath("recipes/\(RecipeIdentity.sanitize(id)).json")).contents
    }

    /// The recipe stored under `id`, decoded; throws when there is none or it cannot be read.
    public func load(id: String) throws -> Recipe {
        try CanonicalJSON.decode(FileStatus.read(filePath("recipes/\(RecipeIdentity.sanitize(id)).json")).contents)
    }

    /// When the library was made, from its manifest (the epoch when it has none): exports
    /// carry it so an unchanged library exports to the same bytes.
    public var created: Date {
        (try? ManifestReader.open(folder: root))??.header.created ?? Date(timeIntervalSince1970: 0)
    }

    // MARK: Writing

    /// Opens the library for writing (see the type's comment); called by the first write, or
    /// early to fail before any work when another run holds the library.
    public func open() throws {
        guard manifest == nil else { return }
        try checkOwnFolders()
        try FileManager.default.createDirectory(at: recipesFolder, withIntermediateDirectories: true)
        // A library made now is a new name in its parent, and `recipes/` one in it.
        noteChange(at: rootPath)
        noteChange(at: recipesFolder.path)
        let lock = try LibraryLock(folder: stateFolder)
        try lock.removeLeftovers(in: root)
        manifest = try LibraryManifest(root: root, stateFolder: stateFolder, foldEvery: foldEvery)
        self.lock = lock
        index = openIndexForWriting()
    }

    /// The manifest as the library stands now, read from its first file: opened for writing, so
    /// the lock is held and what this run changed is folded in first.
    func manifestAsItStands() throws -> ManifestReader? {
        try open()
        try manifest?.foldIfJournaled()
        return try ManifestReader.open(folder: root)
    }

    /// Folds the journal into the manifest, marks the index in step with it, and lets other runs
    /// write.
    public func close() throws {
        try commitWrites()
        try manifest?.fold()
        closeIndex()
        index = nil
        manifest = nil
        lock = nil
        imageLinks = ImageLinks()
    }

    /// Stores a recipe: embedded image bytes become files under `images/<id>/`, then the
    /// canonical JSON is written. Returns the recipe as stored.
    @discardableResult
    public func store(_ recipe: Recipe) throws -> Recipe {
        try storeWithJSON(recipe).recipe
    }

    /// The same, with the canonical JSON written for it (an export reads it back).
    func storeWithJSON(_ recipe: Recipe) throws -> (recipe: Recipe, json: Data) {
        var stored = recipe
        stored.id = RecipeIdentity.sanitize(recipe.id)
        for image in RecipeImageFiles.place(in: &stored) {
            try imageLinks.store(image, in: self)
        }
        let json = try CanonicalJSON.encode(stored)
        try put(Manifest.File(path: "recipes/\(stored.id).json", contents: json), recipe: stored) { try AtomicFile.write(json, to: $0, durability: fileDurability) }
        return (stored, json)
    }

    /// Puts one file in place by `move`, which must leave the bytes `file` describes at the
    /// URL it is given (atomically); the manifest's journal hears of it first, the index after
    /// (from `row` when the caller worked it out, from `recipe` when the caller has it decoded,
    /// else from the file). The one path every write of a library takes.
    func put(_ file: Manifest.File, recipe: Recipe? = nil, row: IndexedRecipe? = nil, by move: (URL) throws -> Void) throws {
        try open()
        // Said to be a file: otherwise `URL` asks the file system, a lookup per file written.
        let target = URL(fileURLWithPath: filePath(file.path), isDirectory: false)
        if file.path.hasPrefix("images/") {
            // Never into a recipe's folder that is a link leading out of `images/` (a library
            // edited by hand): the picture would land wherever the link points.
            let folder = (file.path as NSString).deletingLastPathComponent
            guard StoredImagePath.isSafeToWrite(folder: folder, inLibraryAt: rootPath) else {
                throw StoredImagePath.Refusal.leadsOutsideTheImagesFolder(folder)
            }
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            // The recipe's image folder, and `images/`, may be new names in their parents.
            noteChange(at: target.deletingLastPathComponent().path)
            noteChange(at: filePath("images"))
        }
        try manifest?.willPut(file)
        indexWillChange(file.path)
        try move(target)
        noteChange(at: target.path)
        indexDidPut(file, recipe: recipe, row: row)
    }

    /// How this library's files are written: flushed each, their folders at `commitWrites`;
    /// nothing of its own for a staging tree.
    var fileDurability: AtomicFile.Durability {
        isStagedTree ? .withItsTree : .batched(pendingFolderSyncs)
    }

    /// Notes that the folder holding `path` changed, for `commitWrites`.
    private func noteChange(at path: String) {
        if !isStagedTree { pendingFolderSyncs.noteChange(at: path) }
    }

    /// Makes this run's writes so far survive a power loss: every folder a file was renamed
    /// into (or made or removed in) is flushed, once. Called when a batch of writes is done (a
    /// restore, the run), and before anything says they are done (the report). Each file's
    /// bytes were flushed before its rename, so until then a power loss can lose a write of the
    /// batch but never tear a file.
    ///
    /// Once a batch, not once a file. Measured 2026-11-25 as the time spent in flushes (the
    /// commands are in `Benchmarks/bundle.sh`):
    /// - restore of `Benchmarks/bundle.sh 10000`'s bundle (a 6-12 s run): 7 folder flushes,
    ///   24-42 ms in all (the staging folder's one flush of the file system was there before);
    /// - import of 1,000 recipe files (804 stored): 6 folder flushes, 26 ms in all, beside the
    ///   804 flushes of the files themselves (0.7-2.9 s; Foundation's `Data.write` made those
    ///   before this too). A flush of the folder after each file would have added about 800
    ///   flushes at the ~4 ms each measured: some 3 s.
    public func commitWrites() throws {
        try pendingFolderSyncs.commit(onFileSystemOf: rootPath)
    }

    /// Deletes the files in a recipe's image folder that it no longer points at (after it was
    /// replaced), and the folder when nothing is left.
    func removeImages(of id: String, keeping kept: Set<String>) throws {
        let folder = "images/\(RecipeIdentity.sanitize(id))"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(forRelativePath: folder).path)) ?? []
        for name in names where !name.hasPrefix(".") && !kept.contains(folder + "/" + name) {
            try remove(folder + "/" + name)
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: url(forRelativePath: folder).path))?.isEmpty == true {
            try FileManager.default.removeItem(at: url(forRelativePath: folder))
            noteChange(at: filePath(folder))
        }
    }

    func remove(_ path: String) throws {
        try open()
        try manifest?.willRemove(path)
        indexWillChange(path)
        imageLinks.forget(path)
        try FileManager.default.removeItem(at: url(forRelativePath: path))
        noteChange(at: filePath(path))
        indexDidRemove(path)
    }

    /// After the run's writes are committed: the report never says imported of a recipe a power
    /// loss could still take back.
    public func writeReport(_ report: RunReport) throws {
        try commitWrites()
        try AtomicFile.write(to: reportURL) { write in try report.writeJSON(to: write) }
    }

}

/// The version of Larder, as libraries, bundles and `--version` name it.
public enum LarderVersion {
    /// `0.1.0`.
    public static let current = "0.1.0"
}
