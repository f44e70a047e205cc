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
    public let manifest: Manifest
    /// `recipes/<id>.json` paths, sorted.
    public let recipePaths: [String]
    /// Size and checksum of every file unpacked, verified against the manifest.
    let checksums: [String: Manifest.File]

    /// `stagingParent` should be on the same file system as the target library (its parent).
    public init(archive: String, stagingParent: URL, limits: BundleLimits = BundleLimits()) throws {
        self.archive = archive
        let staging = stagingParent.appendingPathComponent(".larder-restore-\(UUID().uuidString)", isDirectory: true)
        self.staging = staging
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            let unpacked = try Self.unpack(archive, into: staging, limits: limits)
            manifest = try Self.verify(unpacked)
            recipePaths = unpacked.files.keys.filter { $0.hasPrefix("recipes/") }.sorted()
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

    /// The verified files of `recipe`, read from `recipePath`, when they sit where the library
    /// keeps them (its JSON under its own id, images with a path) so they can be moved in as
    /// they are; nil when the recipe must be stored afresh.
    func files(of recipe: Recipe, at recipePath: String) -> RestoreHandoff.Files? {
        let id = RecipeIdentity.sanitize(recipe.id)
        guard recipePath == "recipes/\(id).json", let recipeFile = checksums[recipePath] else { return nil }
        var images: [Manifest.File] = []
        for image in recipe.images {
            // Only its own folder: an image another recipe also points at cannot be moved twice.
            guard let path = image.path, path.hasPrefix("images/\(id)/"), let file = checksums[path] else { return nil }
            images.append(file)
        }
        return RestoreHandoff.Files(recipe: recipeFile, images: images)
    }

    /// What an unpack wrote: each file's size and checksum, and the manifest's bytes.
    struct Unpacked {
        var files: [String: Manifest.File] = [:]
        var manifest: Data?
    }

    /// Writes every acceptable entry under `folder`, hashing each as it goes.
    static func unpack(_ archive: String, into folder: URL, limits: BundleLimits) throws -> Unpacked {
        let reader: ArchiveReader
        do {
            reader = try ArchiveReader(path: archive)
        } catch {
            throw BundleError("cannot open it: \(error)")
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
                throw BundleError("it is damaged or truncated (\(error))")
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
            guard unpacked.files[path] == nil else { throw BundleError("the entry \"\(path)\" appears twice") }
            let data: Data
            do {
                data = try reader.readData(limit: min(limits.maxEntryBytes, limits.maxTotalBytes - total))
            } catch {
                throw BundleError("the entry \"\(path)\" could not be read whole: \(error)")
            }
            total += data.count
            unpacked.files[path] = Manifest.File(path: path, contents: data)
            if path == "manifest.json" { unpacked.manifest = data }
            let target = folder.appendingPathComponent(path)
            let parent = target.deletingLastPathComponent().path
            if madeFolders.insert(parent).inserted {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            }
            // The staging folder is new and holds only what this loop made; `ExtractedFile`
            // would refuse an existing file or a link anyway.
            do {
                try ExtractedFile.create(atPath: target.path, contents: data)
            } catch {
                throw BundleError("could not unpack \"\(path)\" into \(folder.path): \(error)")
            }
        }
        return unpacked
    }

    /// The manifest must list exactly the files unpacked, with matching sizes and checksums.
    static func verify(_ unpacked: Unpacked) throws -> Manifest {
        guard let manifestBytes = unpacked.manifest else { throw BundleError("it has no manifest.json (not a Larder bundle)") }
        let manifest: Manifest
        do {
            manifest = try CanonicalJSON.decode(Manifest.self, from: manifestBytes)
        } catch {
            throw BundleError("its manifest.json is not readable: \(error)")
        }
        guard manifest.format == "larder-library" else { throw BundleError("its manifest names the format \"\(manifest.format)\", not larder-library") }
        guard manifest.schemaVersion <= Recipe.currentSchemaVersion else {
            throw BundleError("it was written by a newer Larder (schemaVersion \(manifest.schemaVersion))")
        }
        var listed: Set<String> = []
        for file in manifest.files {
            guard let found = unpacked.files[file.path] else { throw BundleError("\(file.path) is listed in the manifest but missing") }
            guard found == file else { throw BundleError("the checksum of \(file.path) does not match the manifest") }
            listed.insert(file.path)
        }
        let unlisted = Set(unpacked.files.keys).subtracting(listed).subtracting(["manifest.json", "report.json"])
        if let first = unlisted.sorted().first { throw BundleError("\(first) is not listed in the manifest") }
        let recipes = unpacked.files.keys.filter { $0.hasPrefix("recipes/") }.count
        guard recipes == manifest.count else {
            throw BundleError("the manifest counts \(manifest.count) recipes but the archive holds \(recipes)")
        }
        return manifest
    }
}
