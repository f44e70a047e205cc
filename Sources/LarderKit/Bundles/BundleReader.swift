import Foundation
import LarderArchive
import LarderCore

/// Opens a bundle safely: every entry is checked before it is written (names, kinds, counts,
/// sizes as they stream), the entries go into a fresh staging folder, and the manifest and
/// every checksum are verified before any recipe is handed out. The staging folder is removed
/// when the value is released.
public final class BundleReader {
    public let archive: String
    /// The unpacked bundle: the library layout.
    public let staging: URL
    public let manifest: Manifest
    /// `recipes/<id>.json` paths, sorted.
    public let recipePaths: [String]

    /// `stagingParent` should be on the same file system as the target library (its parent).
    public init(archive: String, stagingParent: URL, limits: BundleLimits = BundleLimits()) throws {
        self.archive = archive
        let staging = stagingParent.appendingPathComponent(".larder-restore-\(UUID().uuidString)", isDirectory: true)
        self.staging = staging
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            let written = try Self.unpack(archive, into: staging, limits: limits)
            manifest = try Self.verify(staging: staging, written: written)
            recipePaths = written.filter { $0.hasPrefix("recipes/") }.sorted()
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

    /// Writes every acceptable entry under `folder` and returns their paths.
    static func unpack(_ archive: String, into folder: URL, limits: BundleLimits) throws -> Set<String> {
        let reader: ArchiveReader
        do {
            reader = try ArchiveReader(path: archive)
        } catch {
            throw BundleError("cannot open it: \(error)")
        }
        var written: Set<String> = []
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
            guard written.insert(path).inserted else { throw BundleError("the entry \"\(path)\" appears twice") }
            let data: Data
            do {
                data = try reader.readData(limit: min(limits.maxEntryBytes, limits.maxTotalBytes - total))
            } catch {
                throw BundleError("the entry \"\(path)\" could not be read whole: \(error)")
            }
            total += data.count
            let target = folder.appendingPathComponent(path)
            let parent = target.deletingLastPathComponent().path
            if madeFolders.insert(parent).inserted {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            }
            // The staging folder is new and holds only what this loop made: no link to follow,
            // and `.withoutOverwriting` (O_EXCL) would refuse one anyway.
            do {
                try data.write(to: target, options: .withoutOverwriting)
            } catch {
                throw BundleError("could not unpack \"\(path)\" into \(folder.path): \(error.localizedDescription)")
            }
        }
        return written
    }

    /// The manifest must list exactly the files unpacked, with matching sizes and checksums.
    static func verify(staging: URL, written: Set<String>) throws -> Manifest {
        guard written.contains("manifest.json") else { throw BundleError("it has no manifest.json (not a Larder bundle)") }
        let manifest: Manifest
        do {
            manifest = try CanonicalJSON.decode(Manifest.self, from: Data(contentsOf: staging.appendingPathComponent("manifest.json")))
        } catch {
            throw BundleError("its manifest.json is not readable: \(error)")
        }
        guard manifest.format == "larder-library" else { throw BundleError("its manifest names the format \"\(manifest.format)\", not larder-library") }
        guard manifest.schemaVersion <= Recipe.currentSchemaVersion else {
            throw BundleError("it was written by a newer Larder (schemaVersion \(manifest.schemaVersion))")
        }
        var listed: Set<String> = []
        for file in manifest.files {
            guard written.contains(file.path) else { throw BundleError("\(file.path) is listed in the manifest but missing") }
            let contents = try Data(contentsOf: staging.appendingPathComponent(file.path))
            guard contents.count == file.bytes, SHA256.hex(contents) == file.sha256 else {
                throw BundleError("the checksum of \(file.path) does not match the manifest")
            }
            listed.insert(file.path)
        }
        let unlisted = written.subtracting(listed).subtracting(["manifest.json", "report.json"])
        if let first = unlisted.sorted().first { throw BundleError("\(first) is not listed in the manifest") }
        let recipes = written.filter { $0.hasPrefix("recipes/") }.count
        guard recipes == manifest.count else {
            throw BundleError("the manifest counts \(manifest.count) recipes but the archive holds \(recipes)")
        }
        return manifest
    }
}
