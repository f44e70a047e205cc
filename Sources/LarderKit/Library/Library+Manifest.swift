import Foundation
import LarderCore

extension Library {
    /// Rewrites `manifest.json` from the files on disk. `created` is kept from the existing
    /// manifest, so an unchanged library gets a byte-identical manifest.
    ///
    /// Checksums are not all recomputed, or every import would read the whole library back:
    /// a file this value wrote or moved in keeps the checksum taken then while its stamp is as
    /// it was just after, and a file the previous manifest lists keeps its entry while that
    /// entry holds (`KnownChecksums`). Anything else (a file edited or added by hand) is read
    /// and hashed.
    public func writeManifest() throws {
        let known = KnownChecksums(library: self)
        let images = try imageFilesByRecipe()
        var files: [Manifest.File] = []
        let ids = try recipeIDs()
        for path in ids.map({ "recipes/\($0).json" }) + images.values.joined() {
            let location = filePath(path)
            let stamp = FileStamp(path: location)
            if let placed = placedFiles[path], let stamp, placed.stamp == stamp {
                files.append(placed.file)
            } else if let stamp, let listed = known.file(path, stamp: stamp) {
                files.append(listed)
            } else {
                files.append(Manifest.File(path: path, contents: try FileStamp.read(path: location).contents))
            }
        }
        files.sort { $0.path < $1.path }
        let manifest = Manifest(created: known.created ?? MappingContext.now(), count: ids.count, files: files)
        let data = manifest.canonicalJSON()
        if (try? Data(contentsOf: manifestURL)) != data {
            try AtomicFile.write(data, to: manifestURL)
        }
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
