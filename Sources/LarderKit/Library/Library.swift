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
    public let root: URL
    private var lock: LibraryLock?
    private var manifest: LibraryManifest?
    private var imageLinks = ImageLinks()
    /// How many changes the manifest's journal gathers before they are folded in.
    private let foldEvery: Int

    public init(root: URL) {
        self.root = root.standardizedFileURL
        foldEvery = LibraryManifest.foldEvery
    }

    /// With a journal folded more often than a real library's, for tests of the folding.
    init(root: URL, foldEvery: Int) {
        self.root = root.standardizedFileURL
        self.foldEvery = foldEvery
    }

    public var recipesFolder: URL { root.appendingPathComponent("recipes", isDirectory: true) }
    public var manifestURL: URL { root.appendingPathComponent(Manifest.fileName) }
    public var reportURL: URL { root.appendingPathComponent("report.json") }
    /// Run state that is not part of the library's content (never exported).
    var stateFolder: URL { root.appendingPathComponent(".larder", isDirectory: true) }

    public func recipeURL(id: String) -> URL {
        recipesFolder.appendingPathComponent(RecipeIdentity.sanitize(id) + ".json")
    }

    public func url(forRelativePath path: String) -> URL {
        root.appendingPathComponent(path)
    }

    public var exists: Bool {
        FileManager.default.fileExists(atPath: recipesFolder.path)
    }

    public func contains(id: String) -> Bool {
        FileManager.default.fileExists(atPath: recipeURL(id: id).path)
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

    public func load(id: String) throws -> Recipe {
        try CanonicalJSON.decode(Data(contentsOf: recipeURL(id: id)))
    }

    /// Every stored recipe in id order; one that cannot be read is handed to `unreadable` by id
    /// and described in the returned notes, never passed over in silence.
    public func forEachRecipe(_ body: (Recipe) throws -> Void, unreadable: (String) -> Void = { _ in }) throws -> [String] {
        var notes: [String] = []
        for id in try recipeIDs() {
            let recipe: Recipe
            do {
                recipe = try load(id: id)
            } catch {
                unreadable(id)
                notes.append("recipes/\(id).json in the library at \(root.path) cannot be read (\(Self.describe(error))): fix or remove it; until then it is left out")
                continue
            }
            try body(recipe)
        }
        return notes
    }

    /// Why a recipe file could not be read, in a person's words rather than Codable's.
    static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else {
            return (error as? CocoaError)?.code == .fileReadNoSuchFile ? "no such file" : String(describing: error)
        }
        switch error {
        case .dataCorrupted(let context): return context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
        case .keyNotFound(let key, _): return "no \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return context.debugDescription
        @unknown default: return String(describing: error)
        }
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
        try FileManager.default.createDirectory(at: recipesFolder, withIntermediateDirectories: true)
        let lock = try LibraryLock(folder: stateFolder)
        try Self.removeLeftovers(in: root, state: stateFolder)
        manifest = try LibraryManifest(root: root, stateFolder: stateFolder, foldEvery: foldEvery)
        self.lock = lock
    }

    /// Folds the journal into the manifest and lets other runs write.
    public func close() throws {
        try manifest?.fold()
        manifest = nil
        lock = nil
        imageLinks = ImageLinks()
    }

    /// Stores a recipe: embedded image bytes become files under `images/<id>/`, then the
    /// canonical JSON is written. Returns the recipe as stored.
    @discardableResult
    public func store(_ recipe: Recipe) throws -> Recipe {
        var stored = recipe
        stored.id = RecipeIdentity.sanitize(recipe.id)
        for image in RecipeImageFiles.place(in: &stored) {
            if let existing = imageLinks.path(of: image.file), existing != image.file.path {
                try put(image.file) { target in
                    try? FileManager.default.removeItem(at: target)
                    guard link(url(forRelativePath: existing).path, target.path) == 0 else {
                        try AtomicFile.write(image.bytes, to: target)  // the first copy is gone: write the bytes
                        return
                    }
                }
            } else {
                try put(image.file) { try AtomicFile.write(image.bytes, to: $0) }
            }
            imageLinks.stored(image.file)
        }
        let json = try CanonicalJSON.encode(stored)
        try put(Manifest.File(path: "recipes/\(stored.id).json", contents: json)) { try AtomicFile.write(json, to: $0) }
        return stored
    }

    /// Puts one file in place by `move`, which must leave the bytes `file` describes at the
    /// URL it is given (atomically); the manifest's journal hears of it first.
    func put(_ file: Manifest.File, by move: (URL) throws -> Void) throws {
        try open()
        let target = url(forRelativePath: file.path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manifest?.willPut(file)
        try move(target)
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
        }
    }

    func remove(_ path: String) throws {
        try open()
        try manifest?.willRemove(path)
        imageLinks.forget(path)
        try FileManager.default.removeItem(at: url(forRelativePath: path))
    }

    public func writeReport(_ report: RunReport) throws {
        try AtomicFile.write(to: reportURL) { write in try report.writeJSON(to: write) }
    }

    /// A new folder name for staging a restore, inside the run state: on the library's file
    /// system (files are renamed in) and removed by the next run if this one is killed.
    func stagingFolder() -> URL {
        stateFolder.appendingPathComponent(Self.stagingPrefix + UUID().uuidString, isDirectory: true)
    }

    private static let stagingPrefix = "restore-"

    /// What a killed run left beside the recipes and images (those are cleaned as the manifest
    /// is squared): temporary manifest and report files, restore staging folders. Only called
    /// under the lock, so none of it belongs to a live run.
    static func removeLeftovers(in root: URL, state: URL) throws {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] where LibraryFiles.isLeftover(name) {
            try FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: state.path)) ?? [] where name.hasPrefix(stagingPrefix) {
            try FileManager.default.removeItem(at: state.appendingPathComponent(name))
        }
    }
}

/// Images stored in this run by checksum, so the same bytes in another recipe (a site's logo
/// on every page, one photo in two recipes) become a hard link: each recipe keeps its own
/// folder, the disk keeps one copy. Files are only ever replaced by renames, never written in
/// place, so a linked file never changes under the other name.
struct ImageLinks {
    private var pathsBySHA: [String: String] = [:]
    private var shaByPath: [String: String] = [:]

    func path(of file: Manifest.File) -> String? {
        pathsBySHA[file.sha256]
    }

    /// `file` now holds these bytes at its path (whatever the path held before is forgotten).
    mutating func stored(_ file: Manifest.File) {
        forget(file.path)
        if pathsBySHA[file.sha256] == nil {
            pathsBySHA[file.sha256] = file.path
            shaByPath[file.path] = file.sha256
        }
    }

    mutating func forget(_ path: String) {
        guard let sha = shaByPath.removeValue(forKey: path) else { return }
        pathsBySHA[sha] = nil
    }
}

public enum LarderVersion {
    public static let current = "0.1.0"
}
