import Foundation
import LarderCore

/// Recipes from files, folders and other apps' archives. A file named directly is read
/// whatever its extension, by what it holds; folders are walked recursively (in name order;
/// hidden files and folders are listed in the report, never read) for the files some format
/// of `FormatRegistry` reads, and archives (app exports). Pictures beside a recipe file become
/// its image (`RecipeFileGroups`).
public struct FileSource: RecipeSource {
    /// The file or folder, as the user named it.
    public let path: String
    /// What the report calls the source when it fails as a whole.
    public var name: String { path }
    /// The format to read every file as, when the files do not tell (`--from`).
    public var forced: RecipeFormat?
    /// Files bigger than `limits.maxEntryBytes` are refused rather than read into memory.
    public var limits = InputLimits()
    /// The address of a saved page when the page does not name it (its canonical link or
    /// og:url win).
    public var pageURL: URL?

    /// A source of the file or folder at `path`; `pageURL` is a saved page's address when the page does not say it, `forced` the format of `--from`.
    public init(path: String, pageURL: URL? = nil, forced: RecipeFormat? = nil) {
        self.path = path
        self.pageURL = pageURL
        self.forced = forced
    }

    var reader: RecipeFileReader { RecipeFileReader(forced: forced, pageURL: pageURL, limits: limits) }

    /// Emits the source's recipes, failures and skips, in order (`RecipeSource.read(_:)`).
    public func read(_ emit: (SourceEvent) async throws -> Void) async throws {
        // The groups keep the callback while the walk lasts, never after it.
        try await withoutActuallyEscaping(emit) { emit in try await read(escaping: emit) }
    }

    func read(escaping emit: @escaping (SourceEvent) async throws -> Void) async throws {
        if Task.isCancelled {
            try await emit(.skipped(input: path, item: nil, reason: Pipeline.interrupted, kind: .interrupted))
            return
        }
        do {
            try await readWhole(emit)
        } catch is CancellationError {
            // The file being read when the run was stopped is listed already; a folder or an
            // archive says that the rest of it was not read.
            if isFolderOrArchive {
                try await emit(.skipped(input: path, item: nil, reason: "interrupted before the rest of it was read; run the import again to continue",
                                        kind: .interrupted))
            }
        }
    }

    /// A folder, or a file that is an archive by its first bytes.
    var isFolderOrArchive: Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return false }
        if isFolder.boolValue { return true }
        let file = URL(fileURLWithPath: path)
        return RecipeFileKind.of(RecipeFile(name: file.lastPathComponent, data: Self.head(of: file))) == .archive
    }

    func readWhole(_ emit: @escaping (SourceEvent) async throws -> Void) async throws {
        // An input that gives nothing at all (an empty folder, one of pictures only) still
        // ends in the report, with why.
        let counter = EventCounter(emit)
        switch FolderItem.at(path) {
        case .failed(let reason):
            try await emit(.failed(input: path, item: nil, reason: reason))
        case .skipped(let reason):
            try await emit(.skipped(input: path, item: nil, reason: reason))
        case .folder:
            try await readFolder(counter.emit)
            if counter.count == 0 { try await emit(.skipped(input: path, item: nil, reason: "the folder holds no recipe files")) }
        case .file:
            try await readFile(counter.emit)
            if counter.count == 0 { try await emit(.skipped(input: path, item: nil, reason: "no recipes found in it")) }
        }
    }

    /// Counts what a source emits, to tell an input that gave nothing.
    final class EventCounter {
        private(set) var count = 0
        private let forward: (SourceEvent) async throws -> Void

        init(_ forward: @escaping (SourceEvent) async throws -> Void) {
            self.forward = forward
        }

        func emit(_ event: SourceEvent) async throws {
            count += 1
            try await forward(event)
        }
    }

    func readFile(_ emit: @escaping (SourceEvent) async throws -> Void) async throws {
        // Named directly, a file is read by what its first bytes say whatever its name.
        let file = URL(fileURLWithPath: path)
        let head = Self.head(of: file)
        let kind = RecipeFileKind.of(RecipeFile(name: file.lastPathComponent, data: head))
        if kind == .other && forced == nil && !UnrecognisedFile.mayBeJSON(head) {
            // Neither its name nor its bytes say a format, and it is not JSON: say what was tried.
            try await emit(.failed(input: path, item: nil, reason: UnrecognisedFile.reason(name: file.lastPathComponent, path: path, head: head)))
        } else if kind == .archive {
            try await readArchive(at: path, emit)
        } else if kind == .image && forced == nil {
            try await emit(.skipped(input: path, item: nil, reason: "a picture, not a recipe file"))
        } else {
            try await readSingleFile(emit, bytesTell: kind != .other)
        }
    }

    /// The first 4 KB of a file: enough for magic numbers and a Meal-Master header.
    static func head(of file: URL) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4096)) ?? Data()
    }

    /// An app's export: its entries, each reported as `input` + the entry's path.
    func readArchive(at archive: String, _ emit: @escaping (SourceEvent) async throws -> Void) async throws {
        let budget = DecompressionBudget(fileBytes: fileSize(URL(fileURLWithPath: archive)) ?? 0, limits: limits)
        let groups = RecipeFileGroups(reader: reader, budget: budget, label: { entry, item in
            (archive, item.map { "\(entry) \($0)" } ?? entry)
        }, emit: emit)
        do {
            try await ArchiveInput.walk(path: archive, into: groups, limits: limits, budget: budget)
        } catch let refusal as ArchiveInput.Refusal {
            try await emit(.failed(input: archive, item: nil, reason: refusal.description))
        }
    }

    /// A file named on its own, with the picture named like it (`Pancakes.cook` + `Pancakes.jpg`).
    /// `bytesTell`: the file's name or first bytes say what it is; else it is read as JSON.
    func readSingleFile(_ emit: @escaping (SourceEvent) async throws -> Void, bytesTell: Bool) async throws {
        let file = URL(fileURLWithPath: path)
        let groups = RecipeFileGroups(reader: reader, label: { [path] _, item in (path, item) }, emit: emit)
        // A format may name the pictures that go with its file (Nextcloud's `recipe.json` and `full.jpg`).
        let stems = FormatRegistry.fileFormats.lazy.compactMap { $0.reader?.pictureStems?(file.lastPathComponent) }.first
            ?? [file.deletingPathExtension().lastPathComponent]
        for stem in stems {
            for ext in RecipeFileKind.imageExtensions.sorted() {
                let picture = file.deletingLastPathComponent().appendingPathComponent(stem + "." + ext)
                if FileManager.default.fileExists(atPath: picture.path) {
                    try await groups.add(path: picture.lastPathComponent, size: fileSize(picture), inMemory: false, load: { try Data(contentsOf: picture) })
                }
            }
        }
        try await addPicturesNamedByPath(in: file, to: groups)
        // Named directly, a file is read whatever its name says: by its bytes, else as JSON
        // (whose error then says what is wrong).
        var name = file.lastPathComponent
        if forced == nil, !bytesTell { name += ".json" }
        try await groups.add(path: name, size: fileSize(file), inMemory: false, load: { try Data(contentsOf: file) })
        try await groups.finish()
    }

    /// The pictures a file named on its own names by a path inside its folder (a Markdown
    /// export's `images/<recipe>/1.jpg`), when its format says which. A path that leaves the
    /// folder, also by a symbolic link, is never opened: the recipe keeps it as text.
    func addPicturesNamedByPath(in file: URL, to groups: RecipeFileGroups) async throws {
        guard let size = fileSize(file), size <= limits.maxEntryBytes, let data = try? Data(contentsOf: file) else { return }
        let recipeFile = RecipeFile(name: file.lastPathComponent, data: data)
        guard case .recipe(let format) = reader.kind(of: recipeFile), let named = format.reader?.pictureFiles?(recipeFile) else { return }
        let folder = file.deletingLastPathComponent().resolvingSymlinksInPath().path
        for path in named {
            guard let inside = RecipeFileGroups.normalized(path), !inside.isEmpty else { continue }
            let picture = URL(fileURLWithPath: folder).appendingPathComponent(inside)
            guard picture.resolvingSymlinksInPath().path.hasPrefix(folder + "/"), case .file(let bytes) = FolderItem.at(picture.path) else { continue }
            try await groups.add(path: inside, size: bytes, inMemory: false, load: { try Data(contentsOf: picture) })
        }
    }

    func readFolder(_ emit: @escaping (SourceEvent) async throws -> Void) async throws {
        let folder = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        // Name files the way the user named the folder: `Samples/a.json`, not an absolute path.
        let prefix = path.hasSuffix("/") ? path : path + "/"
        let isLibrary = Self.isLibraryLayout(folder)
        let listed = try self.files(in: folder)
        // The files the groups will take, listed first so that a recipe file and its pictures
        // are one group wherever they sit (Chowdown's `_recipes/` beside `images/`); the walk
        // goes group by group.
        let layout = RecipeFileLayout(paths: listed.filter { goesToGroups($0.relative, $0.item, hidden: $0.hidden, inLibrary: isLibrary) }.map(\.relative))
        let files = listed.map { (group: layout.group(of: $0.relative), file: $0) }
            .sorted { ($0.group, $0.file.relative) < ($1.group, $1.file.relative) }
            .map(\.file)
        let groups = RecipeFileGroups(reader: reader, layout: layout, label: { relative, item in (prefix + relative, item) }, emit: emit)
        for (relative, item, hidden) in files {
            try Task.checkCancellation()
            let file = folder.appendingPathComponent(relative, isDirectory: false)
            // Reported through the groups, which list the pictures no recipe took once the
            // folder said anything besides them.
            if let reason = Self.bookkeeping(relative, inLibrary: isLibrary) {
                try await groups.skip(path: relative, reason: reason, kind: .bookkeeping)
                continue
            }
            if hidden {
                let what = item == .folder ? "a hidden folder" : "a hidden file"
                try await groups.skip(path: relative, reason: "\(what) (its name starts with a dot); name it to import it", kind: .hidden)
                continue
            }
            let size: Int
            switch item {
            case .file(let bytes):
                size = bytes
            case .failed(let reason):
                try await groups.fail(path: relative, reason: reason)
                continue
            case .skipped(let reason):
                try await groups.skip(path: relative, reason: reason)
                continue
            case .folder:
                continue
            }
            let kind = RecipeFileKind.container(byName: relative)
            if kind == .archive {
                try await groups.finish()
                try await readArchive(at: prefix + relative, emit)
                groups.noteReported()
                continue
            }
            guard kind != nil || forced != nil || FormatRegistry.readsFile(named: relative) else {
                let ext = file.pathExtension
                try await groups.skip(path: relative, reason: "not a recipe file Larder reads" + (ext.isEmpty ? "" : " (.\(ext))"))
                continue
            }
            try await groups.add(path: relative, size: size, inMemory: false, load: { try Data(contentsOf: file) })
        }
        try await groups.finish()
    }

    /// Whether the walk hands the file to the groups (below), rather than reporting it, or
    /// reading it as an archive of its own.
    func goesToGroups(_ relative: String, _ item: FolderItem, hidden: Bool, inLibrary: Bool) -> Bool {
        guard Self.bookkeeping(relative, inLibrary: inLibrary) == nil, !hidden, case .file = item else { return false }
        let kind = RecipeFileKind.container(byName: relative)
        return kind != .archive && (kind != nil || forced != nil || FormatRegistry.readsFile(named: relative))
    }

    /// Why a file of the folder is Larder's own books rather than an input: the list of files
    /// that an export of any format leaves in its folder (`OutputFolder.markerName`), and in a
    /// library folder its manifest, report and `.larder`.
    static func bookkeeping(_ relative: String, inLibrary: Bool) -> String? {
        if relative == OutputFolder.markerName { return "the list of files a Larder export wrote, not a recipe" }
        return inLibrary ? libraryBookkeeping[relative] : nil
    }

    /// The files beside `recipes/` in a library folder (or a copy written by `export --format
    /// json`) that keep its books: they hold no recipe.
    static let libraryBookkeeping = ["manifest.jsonl": "the library's manifest, not a recipe",
                                     "manifest.json": "the library's manifest, not a recipe",
                                     "report.json": "the library's report of its last run, not a recipe",
                                     ".larder": "the library's lock, journal and index, not recipes"]

    /// A folder laid out as a Larder library: `recipes/` beside a `manifest.jsonl` (or the
    /// `manifest.json` of libraries written before it).
    static func isLibraryLayout(_ folder: URL) -> Bool {
        var isFolder: ObjCBool = false
        let manager = FileManager.default
        return manager.fileExists(atPath: folder.appendingPathComponent("recipes").path, isDirectory: &isFolder) && isFolder.boolValue
            && ["manifest.jsonl", "manifest.json"].contains { manager.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }

    /// Everything in the folder but folders (which the walk enters): files, symbolic links (to
    /// files: followed; to folders, nowhere or round in a loop: said why), the rest (pipes,
    /// devices) and hidden files and folders (never read or entered), so each ends in the report.
    /// Each by its path inside the folder only: the list lasts the whole import, and a `URL` per
    /// file made it 75 MB for a folder of 100,000 recipes.
    func files(in folder: URL) throws -> [(relative: String, item: FolderItem, hidden: Bool)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        let start = folder.path.count
        var result: [(String, FolderItem, Bool)] = []
        for case let file as URL in walker {
            let item = FolderItem.at(file.path)
            let hidden = file.lastPathComponent.hasPrefix(".")
            if hidden, item == .folder { walker.skipDescendants() }
            if hidden || item != .folder {
                result.append((String(file.standardizedFileURL.path.dropFirst(start).drop(while: { $0 == "/" })), item, hidden))
            }
        }
        return result
    }

    func fileSize(_ file: URL) -> Int? {
        (try? file.resourceValues(forKeys: [.fileSizeKey]))?.fileSize
    }

    /// The first character that is not white space (after a byte-order mark) is `<`.
    static func looksLikeMarkup(_ data: Data) -> Bool {
        firstSignificantByte(of: data) == UInt8(ascii: "<")
    }

    /// The first byte after a UTF-8 byte-order mark and white space, within the first KB: what
    /// tells a page (`<`) from JSON (`{`, `[`).
    static func firstSignificantByte(of data: Data) -> UInt8? {
        var bytes = data.prefix(1024)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
    }
}
