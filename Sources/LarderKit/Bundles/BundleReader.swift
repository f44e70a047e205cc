import Foundation
import LarderArchive
import LarderCore

/// Opens a bundle safely: every entry is checked before it is written (names, kinds, counts,
/// sizes as they stream), the entries go into a fresh staging folder and are hashed on the way,
/// and the manifest and every checksum are verified before any recipe is handed out. The
/// staging folder is removed when the value is released.
public final class BundleReader {
    public let archive: String
    /// The unpacked bundle: the library layout.
    public let staging: URL
    /// Size and checksum of every file unpacked, verified against the manifest. Kept compact:
    /// a bundle may hold hundreds of thousands of files.
    let checksums: ChecksumTable
    /// The manifest decoded whole, only when it is not in Larder's canonical layout (a bundle
    /// edited by hand); a canonical one is read a line at a time.
    private let decodedManifest: Manifest?
    /// When extraction began, in nanoseconds since the epoch. File systems stamp files from a
    /// coarse clock that can lag this one by a tick, so a file extracted in the first
    /// milliseconds may look older and is then hashed again; nothing older is ever vouched for.
    let extractionStarted: Int64

    /// `stagingParent` should be on the same file system as the target library (its parent).
    public init(archive: String, stagingParent: URL, limits: BundleLimits = BundleLimits()) throws {
        self.archive = archive
        let staging = stagingParent.appendingPathComponent(".larder-restore-\(UUID().uuidString)", isDirectory: true)
        self.staging = staging
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        extractionStarted = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        do {
            let unpacked = try Self.unpack(archive, into: staging, limits: limits)
            decodedManifest = try Self.verify(unpacked, staging: staging)
            checksums = unpacked.files
            // One flush for the whole folder: its files are about to be renamed into a library.
            try ExtractedFile.flush(folder: staging.path)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: staging)
    }

    public func data(at path: String) throws -> Data {
        try Data(contentsOf: staging.appendingPathComponent(path))
    }

    /// The `recipes/<id>.json` paths, in the manifest's (sorted) order, read as they are needed.
    public func recipePaths() -> AnyIterator<String> {
        if let decodedManifest {
            return AnyIterator(decodedManifest.files.lazy.map(\.path).filter { $0.hasPrefix("recipes/") }.makeIterator())
        }
        let lines = ManifestLines(path: staging.appendingPathComponent("manifest.json").path)
        return AnyIterator {
            while let file = lines?.next() {
                if file.path.hasPrefix("recipes/") { return file.path }
            }
            return nil
        }
    }

    /// The verified files of `recipe`, read from `recipePath`, when they sit where the library
    /// keeps them (its JSON under its own id, images with a path) so they can be moved in as
    /// they are; nil when the recipe must be stored afresh.
    func files(of recipe: Recipe, at recipePath: String) -> RestoreHandoff.Files? {
        let id = RecipeIdentity.sanitize(recipe.id)
        guard recipePath == "recipes/\(id).json", let recipeFile = checksums[recipePath]?.file(path: recipePath) else { return nil }
        var images: [Manifest.File] = []
        for image in recipe.images {
            // Only its own folder: an image another recipe also points at cannot be moved twice.
            guard let path = image.path, path.hasPrefix("images/\(id)/"), let file = checksums[path]?.file(path: path) else { return nil }
            images.append(file)
        }
        return RestoreHandoff.Files(recipe: recipeFile, images: images)
    }

    /// What an unpack wrote: each file's size and checksum, and how many recipes.
    struct Unpacked {
        var files = ChecksumTable()
        var recipeCount = 0
        var hasReport = false
        var hasManifest = false
    }

    /// Writes every acceptable entry under `folder`, hashing each as it goes.
    static func unpack(_ archive: String, into folder: URL, limits: BundleLimits) throws -> Unpacked {
        let reader: ArchiveReader
        do {
            reader = try ArchiveReader(path: archive)
        } catch {
            throw BundleError("cannot open it: \(ErrorText.describe(error))")
        }
        var unpacked = Unpacked()
        var madeFolders: Set<String> = []
        var entries = 0
        var total = 0
        while true {
            let entry: ArchiveReader.Entry?
            do {
                entry = try reader.nextEntry()
            } catch {
                throw BundleError("it is damaged or truncated (\(ErrorText.describe(error)))")
            }
            guard let entry else { break }
            entries += 1
            if entries > limits.maxEntries { throw BundleError("it holds more than \(limits.maxEntries) entries") }
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
            let target = folder.appendingPathComponent(path)
            // The staging folder holds only what this loop made, so a file already there is
            // this entry's name met before (the create below refuses it too).
            guard !FileManager.default.fileExists(atPath: target.path) else { throw BundleError("the entry \"\(path)\" appears twice") }
            let data: Data
            do {
                data = try reader.readData(limit: min(limits.maxEntryBytes, limits.maxTotalBytes - total))
            } catch {
                throw BundleError("the entry \"\(path)\" could not be read whole: \(ErrorText.describe(error))")
            }
            total += data.count
            unpacked.files.append(path: path, checksum: CompactChecksum(contents: data))
            if path == "manifest.json" { unpacked.hasManifest = true }
            if path == "report.json" { unpacked.hasReport = true }
            if path.hasPrefix("recipes/") { unpacked.recipeCount += 1 }
            let parent = target.deletingLastPathComponent().path
            if madeFolders.insert(parent).inserted {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            }
            // The staging folder is new and holds only what this loop made; `ExtractedFile`
            // would refuse an existing file or a link anyway.
            do {
                try ExtractedFile.create(atPath: target.path, contents: data)
            } catch {
                throw BundleError("could not unpack \"\(path)\" into \(folder.path): \(ErrorText.describe(error))")
            }
        }
        unpacked.files.seal()
        return unpacked
    }

    /// The manifest must list exactly the files unpacked, with matching sizes and checksums.
    /// A canonical manifest is checked a line at a time; the decoded manifest is returned only
    /// when it had to be decoded whole.
    static func verify(_ unpacked: Unpacked, staging: URL) throws -> Manifest? {
        guard unpacked.hasManifest else { throw BundleError("it has no manifest.json (not a Larder bundle)") }
        let manifestPath = staging.appendingPathComponent("manifest.json").path
        var files = unpacked.files
        func check(_ file: Manifest.File) throws {
            guard let found = files[file.path] else { throw BundleError("\(file.path) is listed in the manifest but missing") }
            guard CompactChecksum(file) == found else { throw BundleError("the checksum of \(file.path) does not match the manifest") }
            if file.path != "manifest.json", file.path != "report.json" { files.mark(file.path) }
        }
        var header: (format: String, schemaVersion: Int, count: Int)?
        var decoded: Manifest?
        if let lines = ManifestLines(path: manifestPath), lines.isCanonical, let count = lines.count {
            while let file = lines.next() { try check(file) }
            if let trailer = lines.trailer() { header = (trailer.format, trailer.schemaVersion, count) }
        }
        if header == nil {
            // Not laid out as Larder writes it: decoded whole, and checked from the start.
            files = unpacked.files
            let manifest: Manifest
            do {
                manifest = try CanonicalJSON.decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
            } catch {
                throw BundleError("its manifest.json is not readable: \(ErrorText.describe(error))")
            }
            for file in manifest.files { try check(file) }
            header = (manifest.format, manifest.schemaVersion, manifest.count)
            decoded = manifest
        }
        guard let header else { throw BundleError("its manifest.json is not readable") }
        guard header.format == "larder-library" else { throw BundleError("its manifest names the format \"\(header.format)\", not larder-library") }
        guard header.schemaVersion <= Recipe.currentSchemaVersion else {
            throw BundleError("it was written by a newer Larder (schemaVersion \(header.schemaVersion))")
        }
        let expected = unpacked.files.count - 1 - (unpacked.hasReport ? 1 : 0)
        if files.markedCount != expected, let first = unlistedFile(in: staging, listed: files) {
            throw BundleError("\(first) is not listed in the manifest")
        }
        guard unpacked.recipeCount == header.count else {
            throw BundleError("the manifest counts \(header.count) recipes but the archive holds \(unpacked.recipeCount)")
        }
        return decoded
    }

    /// The first file unpacked that the manifest does not list, by name; looked for only when
    /// the counts say there is one.
    static func unlistedFile(in staging: URL, listed: ChecksumTable) -> String? {
        guard let walker = FileManager.default.enumerator(atPath: staging.path) else { return nil }
        var unlisted: [String] = []
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: staging.appendingPathComponent(path).path, isDirectory: &isFolder),
                  !isFolder.boolValue, path != "manifest.json", path != "report.json", !listed.isMarked(path) else { continue }
            unlisted.append(path)
        }
        return unlisted.sorted().first ?? "a file"
    }
}
