import Foundation
import LarderArchive
import LarderCore

/// A bundle (an archive, or a library folder) unpacked into a staging folder and checked whole
/// before anything of it may enter a library:
///
/// 1. a survey of the entries' headers, writing nothing: names (relative, no `..`, inside the
///    library layout, UTF-8), kinds (files only: no links, devices or FIFOs), the count and the
///    declared sizes against `BundleLimits`;
/// 2. the unpack: the same checks again, each entry's bytes counted as they are decompressed
///    (a header that lied stops here), each written as a new file (a name met twice is refused);
/// 3. the verification: the manifest (read as a stream, see `ManifestReader`) must list exactly
///    the files unpacked, each with its size and checksum. Each file is hashed in step 2, as its
///    bytes pass by on their way to staging, and its entry spooled (`ManifestSpool`); both lists
///    are in path order for a bundle Larder wrote, so they are compared in one pass and no file
///    is read twice. A folder whose entries came in another order (an archive made by hand) is
///    checked by hashing its staged files instead.
///
/// The staging folder is removed when the value is released (and by the next run that opens
/// the library, if this process is killed).
final class StagedBundle {
    let source: String
    let folder: URL
    private let folderPath: String
    let manifest: Manifest.Header
    /// Each image's verified entry, by path, for the manifest of the library it moves into.
    /// (Recipes' entries come in manifest order from `recipeFiles`.)
    private(set) var images: [String: Manifest.File] = [:]

    /// `folder` must not exist; it should be on the library's file system so files can be renamed in.
    init(source: String, into folder: URL, limits: BundleLimits) throws {
        // A bundle file may expand to what any input may (`InputLimits.decompressionBudget`):
        // a small archive of bombs is refused after a bounded amount of work.
        var limits = limits
        if case .file(let size) = FolderItem.at(source) {
            var budget = InputLimits()
            (budget.maxArchiveBytes, budget.maxExpansion, budget.minDecompressionBudget) = (limits.maxTotalBytes, limits.maxExpansion, limits.minTotalBytes)
            limits.maxTotalBytes = budget.decompressionBudget(forFileOf: size)
        }
        self.source = source
        self.folder = folder
        folderPath = folder.path
        try Self.survey(try Self.entries(of: source), limits: limits)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileProblem.retold(error, .write, path: folder.path)
        }
        do {
            let unpacked = try Self.unpack(try Self.entries(of: source), into: folder, limits: limits)
            guard let reader = try ManifestReader.open(folder: folder) else {
                throw BundleError("it has no manifest.jsonl or manifest.json (not a Larder bundle)")
            }
            manifest = reader.header
            guard manifest.format == Manifest.format else {
                throw BundleError("its manifest names the format \"\(manifest.format)\", not \(Manifest.format)")
            }
            guard manifest.schemaVersion <= Recipe.currentSchemaVersion else {
                throw BundleError("it was written by a newer Larder (schemaVersion \(manifest.schemaVersion))")
            }
            try verify(reader, unpacked: unpacked)
            // One flush for the whole folder: its files are about to be renamed into a library.
            try Self.writing(folder.path) { try ExtractedFile.flush(folder: folder.path) }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The file system path of a staged file.
    func filePath(_ path: String) -> String {
        folderPath + "/" + path
    }

    func data(at path: String) throws -> Data {
        try FileStatus.read(filePath(path)).contents
    }

    /// The `recipes/<id>.json` entries in manifest order, read as they are needed. Each was
    /// checked against its staged file by `verify` (size and checksum), so a caller that moves
    /// the file into a library takes the entry as it is instead of hashing the file again.
    func recipeFiles() throws -> AnyIterator<Result<Manifest.File, Error>> {
        guard let reader = try ManifestReader.open(folder: folder) else { return AnyIterator { nil } }
        var failed = false
        return AnyIterator {
            while !failed {
                do {
                    guard let file = try reader.next() else { return nil }
                    if file.path.hasPrefix("recipes/") { return .success(file) }
                } catch {
                    failed = true
                    return .failure(error)
                }
            }
            return nil
        }
    }

    private static func entries(of source: String) throws -> BundleEntries {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue {
            return FolderEntries(folder: URL(fileURLWithPath: source))
        }
        do {
            return try ArchiveReader(path: source)
        } catch {
            throw BundleError((error as? ArchiveError)?.message ?? "cannot open it: \(ErrorText.describe(error))")
        }
    }

    /// The entries that belong in staging, with their checked paths, and everything that would
    /// refuse the bundle as a whole. `body` sees each kept file entry once.
    private static func forEachFile(in entries: BundleEntries, limits: BundleLimits,
                                    _ body: (String, ArchiveReader.Entry) throws -> Void) throws {
        var count = 0
        while true {
            let next: ArchiveReader.Entry?
            do {
                next = try entries.nextEntry()
            } catch let error as BundleError {
                throw error
            } catch {
                throw BundleError((error as? ArchiveError)?.message ?? "it is damaged or truncated (\(ErrorText.describe(error)))")
            }
            guard let entry = next else { return }
            count += 1
            if count > limits.maxEntries { throw BundleError("it holds more than \(limits.maxEntries) entries") }
            let path: String
            switch BundleEntryPath.check(entry.path) {
            case .refuse(let reason): throw BundleError(reason)
            case .ignore: continue
            case .keep(let kept): path = kept
            }
            switch entry.kind {
            case .file: break
            case .directory: continue
            case .symbolicLink: throw BundleError("the entry \"\(path)\" is a symbolic link (a bundle holds only files)")
            case .hardLink: throw BundleError("the entry \"\(path)\" is a hard link (a bundle holds only files)")
            case .other: throw BundleError("the entry \"\(path)\" is a device, FIFO or socket (a bundle holds only files)")
            }
            try body(path, entry)
        }
    }

    /// Step 1: nothing is written, so a bundle of a million entries or of terabytes declared
    /// is refused at the cost of reading its headers.
    static func survey(_ entries: BundleEntries, limits: BundleLimits) throws {
        var total: Int64 = 0
        try forEachFile(in: entries, limits: limits) { path, entry in
            let limit = limits.maxBytes(of: path)
            guard entry.declaredSize <= Int64(limit) else {
                throw BundleError("the entry \"\(path)\" declares \(entry.declaredSize) bytes, more than the limit of \(limit)")
            }
            total += max(0, entry.declaredSize)
            guard total <= Int64(limits.maxTotalBytes) else {
                throw BundleError("its entries declare more than \(InputLimits.Exceeded.size(limits.maxTotalBytes)) in all, Larder's limit for this bundle "
                    + "(\(limits.maxExpansion) times its size, at least \(InputLimits.Exceeded.size(limits.minTotalBytes)))")
            }
        }
    }

    /// Step 2; returns the size and checksum of each file of the library layout (recipes and
    /// images) written, worked out from the bytes written.
    private static func unpack(_ entries: BundleEntries, into folder: URL, limits: BundleLimits) throws -> ManifestSpool {
        let root = folder.path
        var madeFolders: Set<String> = []
        var total = 0
        let files = ManifestSpool()
        var manifests = 0
        try forEachFile(in: entries, limits: limits) { path, _ in
            let data: Data
            do {
                data = try entries.readData(limit: min(limits.maxBytes(of: path), limits.maxTotalBytes - total))
            } catch {
                throw BundleError("the entry \"\(path)\" could not be read whole: \((error as? ArchiveError)?.message ?? ErrorText.describe(error))")
            }
            total += data.count
            if path.hasPrefix("recipes/") || path.hasPrefix("images/") { try files.add(Manifest.File(path: path, contents: data)) }
            if path.hasPrefix("manifest.") { manifests += 1 }
            // Paths as strings: a `URL` made from one asks the file system whether it is a
            // folder, a lookup per entry of a bundle of thousands.
            let target = root + "/" + path
            let parent = (target as NSString).deletingLastPathComponent
            if madeFolders.insert(parent).inserted {
                do {
                    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
                } catch {
                    throw FileProblem.retold(error, .write, path: parent)
                }
            }
            // Staging holds only what this loop made, so a file already there is this name met
            // before (`ExtractedFile` creates new files only, never through a link).
            do {
                try writing(target) { try ExtractedFile.create(atPath: target, contents: data) }
            } catch is ExtractedFile.AlreadyThere {
                throw BundleError("the entry \"\(path)\" appears twice")
            } catch let problem as FileProblem {
                throw problem
            } catch {
                throw BundleError("could not unpack \"\(path)\": \(ErrorText.describe(error))")
            }
        }
        if manifests > 1 { throw BundleError("it holds two manifests (manifest.jsonl and manifest.json)") }
        return files
    }

    /// Runs a write into staging: a failure of the disk (full, read-only) is a `FileProblem`,
    /// the library's trouble and not the bundle's (`LibraryRestore` says it of the library).
    private static func writing<T>(_ path: String, _ step: () throws -> T) throws -> T {
        do {
            return try step()
        } catch let error as ArchiveError {
            guard let code = error.systemCode, FileProblem.isFileFailure(code) else { throw error }
            throw FileProblem(.write, path: path, code: code)
        }
    }

    /// Step 3. Each listed path is new (the reader refuses one listed twice) and names a file
    /// that was unpacked with that size and checksum; every file unpacked is listed.
    private func verify(_ reader: ManifestReader, unpacked: ManifestSpool) throws {
        // Per top folder: the unpacked entries in path order, when they came so.
        var inOrder: [String: UnpackedCursor] = [:]
        for top in ["images", "recipes"] {
            if let entries = try unpacked.entriesInOrder(in: top) { inOrder[top] = try UnpackedCursor(entries) }
        }
        var listedByHash: [String: Int] = [:]
        do {
            while let file = try reader.next() {
                guard file.path.hasPrefix("recipes/") || file.path.hasPrefix("images/"), case .keep = BundleEntryPath.check(file.path) else {
                    throw BundleError("its manifest lists \(file.path), which is not part of a bundle")
                }
                let top = ManifestSpool.topFolder(of: file.path)
                let found: Manifest.File
                if let cursor = inOrder[top] {
                    if let unlisted = try cursor.skipBefore(file.path) { throw BundleError("\(unlisted) is not listed in the manifest") }
                    guard let match = try cursor.take(file.path) else { throw BundleError("\(file.path) is listed in the manifest but missing") }
                    found = match
                } else {
                    found = try hashStaged(file.path)
                    listedByHash[top, default: 0] += 1
                }
                guard found.bytes == file.bytes, found.sha256 == file.sha256 else {
                    throw BundleError("the checksum of \(file.path) does not match the manifest")
                }
                if top == "images" { images[file.path] = file }
            }
            for top in ["images", "recipes"] {
                if let unlisted = try inOrder[top]?.skipBefore(nil) { throw BundleError("\(unlisted) is not listed in the manifest") }
            }
        } catch let error as ManifestError {
            throw BundleError("its manifest is not readable: \(ErrorText.describe(error))")
        }
        for top in ["images", "recipes"] where inOrder[top] == nil && listedByHash[top, default: 0] != unpacked.count(in: top) {
            throw BundleError("\(try firstUnlisted() ?? "a file") is not listed in the manifest")
        }
    }

    /// A staged file's entry, hashed from staging: for a folder whose entries were not unpacked
    /// in path order.
    private func hashStaged(_ path: String) throws -> Manifest.File {
        guard let status = FileStatus(path: filePath(path)), status.isRegularFile else {
            throw BundleError("\(path) is listed in the manifest but missing")
        }
        return Manifest.File(path: path, contents: try data(at: path))
    }

    /// One folder's unpacked entries in path order, met by the manifest's entries of that folder.
    private final class UnpackedCursor {
        private let entries: ManifestReader
        private var current: Manifest.File?

        init(_ entries: ManifestReader) throws {
            self.entries = entries
            current = try entries.next()
        }

        /// The first unpacked path before `path` (before the end, for nil): one the manifest
        /// skipped, so does not list.
        func skipBefore(_ path: String?) throws -> String? {
            guard let current else { return nil }
            guard let path else { return current.path }
            return Manifest.precedes(current.path, path) ? current.path : nil
        }

        /// The unpacked entry at `path`, moving past it; nil when nothing was unpacked there.
        func take(_ path: String) throws -> Manifest.File? {
            guard let found = current, found.path == path else { return nil }
            current = try entries.next()
            return found
        }
    }

    /// The first unpacked file the manifest does not list, by name; looked for only when the
    /// counts say there is one.
    private func firstUnlisted() throws -> String? {
        var listed: Set<String> = []
        if let reader = try ManifestReader.open(folder: folder) {
            while let file = try reader.next() { listed.insert(file.path) }
        }
        var unlisted: [String] = []
        for top in ["images", "recipes"] {
            let walker = FileManager.default.enumerator(atPath: folder.appendingPathComponent(top).path)
            while let relative = walker?.nextObject() as? String {
                let path = top + "/" + relative
                if FileStatus(path: filePath(path))?.isRegularFile == true, !listed.contains(path) { unlisted.append(path) }
            }
        }
        return unlisted.sorted().first
    }
}
