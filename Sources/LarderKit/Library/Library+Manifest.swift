import Foundation
import LarderCore

extension Library {
    /// Rewrites `manifest.json` from the files on disk. `created` is kept from the existing
    /// manifest, so an unchanged library gets a byte-identical manifest.
    ///
    /// Checksums are not all recomputed, or every import would read the whole library back:
    /// a file this value wrote keeps the checksum taken then while its stamp is as it was just
    /// after, a file moved in from a restored bundle keeps the bundle's entry, and a file the
    /// previous manifest lists keeps its entry while that entry holds (`KnownChecksums`). Anything else (a file edited or added by hand) is read
    /// and hashed.
    public func writeManifest() throws {
        let known = KnownChecksums(library: self)
        let entries = try ManifestEntrySpill()
        let ids = try recipeIDs()
        // Both lists in path order, the order `known` reads the old manifest in.
        for path in files(under: "images") + ids.map({ "recipes/\($0).json" }) {
            let location = filePath(path)
            let stamp = FileStamp(path: location)
            let placed = placedFiles[path]
            if let placed, let stamp, placed.stamp == stamp {
                try entries.add(placed.file)
            } else if placed == nil, let stamp, let vouched = vouchedByRestoredManifest(path, stamp: stamp) {
                try entries.add(vouched)
            } else if let stamp, let listed = known.file(path, stamp: stamp) {
                try entries.add(listed)
            } else {
                try entries.add(Manifest.File(path: path, contents: try FileStamp.read(path: location).contents))
            }
        }
        let header = Manifest(created: known.created ?? MappingContext.now(), count: ids.count, files: [])
        // An unchanged manifest is left as it is: its modification time is what tells which
        // of its checksums still hold.
        var hasher = SHA256()
        try entries.writeManifest(header: header) { piece in piece.withUnsafeBytes { hasher.update($0) } }
        if hasher.finalize() != Self.digest(ofFileAt: manifestURL.path) {
            try AtomicFile.write(to: manifestURL) { write in try entries.writeManifest(header: header, to: write) }
        }
    }

    /// The entry a restored bundle's manifest holds for a file moved in from it. Each lookup
    /// moves that manifest's cursor, so each is asked once.
    private func vouchedByRestoredManifest(_ path: String, stamp: FileStamp) -> Manifest.File? {
        for restored in restoredManifests {
            if let file = restored.checksums.file(path, stamp: stamp) { return file }
        }
        return nil
    }

    /// The SHA-256 of a file read in pieces, nil when it cannot be read.
    static func digest(ofFileAt path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let piece = try? handle.read(upToCount: 262_144), !piece.isEmpty {
            piece.withUnsafeBytes { hasher.update($0) }
        }
        return hasher.finalize()
    }

    /// Every regular file under `images/`, as library paths grouped by the recipe folder they
    /// are in (`images/<id>/...`) and sorted, from one walk of the folder.
    func imageFilesByRecipe() throws -> [String: [String]] {
        var byRecipe: [String: [String]] = [:]
        for path in files(under: "images") {
            let folder = path.split(separator: "/", maxSplits: 2)[1]
            byRecipe[String(folder), default: []].append(path)
        }
        return byRecipe
    }

    /// Every regular file under a folder of the library, as library paths, sorted.
    func files(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: filePath(folder)) else { return [] }
        var paths: [String] = []
        while let relative = walker.nextObject() as? String {
            guard walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            paths.append(folder + "/" + relative)
        }
        return paths.sorted()
    }
}
