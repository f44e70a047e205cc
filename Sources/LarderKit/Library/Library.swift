import Foundation
import LarderCore

/// A library folder, laid out as a bundle:
///
///     manifest.json            format, schemaVersion, created, generator, count, per-file sha256
///     recipes/<id>.json        one canonical recipe per file
///     images/<id>/<hash>.<ext> stored images (named by the start of their sha256), referenced from the recipe
///     report.json              the last run
public final class Library {
    public let root: URL
    /// `root` as a file system path.
    let rootPath: String
    /// Size and checksum of every file this value wrote or moved in, with its stamp just after,
    /// so the next manifest need not read them back (see `writeManifest`).
    var placedFiles = PlacedFiles()
    /// Where this value stored each image's bytes, by checksum, to link rather than copy.
    private var imagesBySHA: [String: String] = [:]

    /// Copies of the manifests of bundles restored by this value, vouching for the files moved
    /// in from them (see `adopt`), so those need neither a record each nor hashing again.
    var restoredManifests: [(source: String, copy: URL, checksums: KnownChecksums)] = []

    public init(root: URL) {
        self.root = root.standardizedFileURL
        rootPath = self.root.path
    }

    deinit {
        for restored in restoredManifests { try? FileManager.default.removeItem(at: restored.copy) }
    }

    public var recipesFolder: URL { root.appendingPathComponent("recipes", isDirectory: true) }
    public var manifestURL: URL { root.appendingPathComponent("manifest.json") }
    public var reportURL: URL { root.appendingPathComponent("report.json") }

    public func recipeURL(id: String) -> URL {
        recipesFolder.appendingPathComponent(RecipeIdentity.sanitize(id) + ".json")
    }

    public func url(forRelativePath path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// The file system path of a library path, without building a `URL` (which costs a `stat`
    /// per call: too much when walking every file of a large library).
    func filePath(_ relativePath: String) -> String {
        Self.filePath(relativePath, root: rootPath)
    }

    static func filePath(_ relativePath: String, root: String) -> String {
        root + "/" + relativePath
    }


    public var exists: Bool {
        FileManager.default.fileExists(atPath: recipesFolder.path)
    }

    public func create() throws {
        try FileManager.default.createDirectory(at: recipesFolder, withIntermediateDirectories: true)
    }

    public func contains(id: String) -> Bool {
        FileManager.default.fileExists(atPath: recipeURL(id: id).path)
    }

    /// Ids of the stored recipes, sorted, so every walk of the library is in the same order.
    public func recipeIDs() throws -> [String] {
        guard exists else { return [] }
        // In the order of the file names (`a-b.json` before `a.json`), which is the order of
        // the manifest: walking the library in it lets a manifest be read as a stream.
        return try FileManager.default.contentsOfDirectory(atPath: recipesFolder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted()
            .map { String($0.dropLast(5)) }
    }

    public func load(id: String) throws -> Recipe {
        try CanonicalJSON.decode(Data(contentsOf: recipeURL(id: id)))
    }

    /// Stores a recipe: embedded image bytes become files under `images/<id>/`, then the
    /// canonical JSON is written atomically. Returns the recipe as stored.
    @discardableResult
    public func store(_ recipe: Recipe) throws -> Recipe {
        var stored = recipe
        stored.id = RecipeIdentity.sanitize(recipe.id)
        for image in Self.placeEmbeddedImages(of: &stored) {
            try placeImage(image)
        }
        try place(CanonicalJSON.encode(stored), at: "recipes/\(stored.id).json")
        return stored
    }

    /// `checksum`, when the caller has it already (images are hashed to be named), is not computed again.
    private func place(_ contents: Data, at path: String, checksum: Manifest.File? = nil) throws {
        let target = url(forRelativePath: path)
        try AtomicFile.write(contents, to: target)
        placedFiles[path] = (checksum ?? Manifest.File(path: path, contents: contents), FileStamp(path: target.path))
    }

    /// Writes an image, or hard-links it to the same bytes already stored in this run for
    /// another recipe (a site's logo on every page, one photo in two recipes): each recipe keeps
    /// its own folder, the disk keeps one copy.
    private func placeImage(_ image: PlacedImage) throws {
        try checkFolderToWrite(of: image.path)
        let target = filePath(image.path)
        if let existing = imagesBySHA[image.file.sha256], existing != image.path,
           let stamp = FileStamp(path: filePath(existing)), placedFiles[existing]?.stamp == stamp {
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: target)
            if link(filePath(existing), target) == 0 {
                placedFiles[image.path] = (image.file, FileStamp(path: target))
                return
            }
        }
        try place(image.bytes, at: image.path, checksum: image.file)
        imagesBySHA[image.file.sha256] = image.path
    }

    /// Refuses to write an image into a recipe's folder that is a link leading out of `images/`
    /// (a library edited by hand): the picture would land wherever the link points.
    func checkFolderToWrite(of imagePath: String) throws {
        let folder = (imagePath as NSString).deletingLastPathComponent
        guard StoredImagePath.isSafeToWrite(folder: folder, inLibraryAt: rootPath) else {
            throw StoredImagePath.Refusal.leadsOutsideTheImagesFolder(folder)
        }
    }

    /// An image given its place in the library, with its checksum.
    struct PlacedImage {
        var path: String
        var bytes: Data
        var file: Manifest.File
    }

    /// Gives each image that came as bytes its place in the library layout and its checksum,
    /// and returns the files to write. The file name is the start of the content hash
    /// (`images/<id>/<sha256 prefix>.<ext>`), so the same bytes always get the same name;
    /// a restored bundle's path inside the recipe's own folder is kept. Shared by the library
    /// and by bundles, so both lay images out alike.
    static func placeEmbeddedImages(of recipe: inout Recipe) -> [PlacedImage] {
        let id = RecipeIdentity.sanitize(recipe.id)
        var files: [PlacedImage] = []
        for index in recipe.images.indices {
            guard let bytes = recipe.images[index].embeddedData else { continue }
            let data = Data(bytes)
            let sha = SHA256.hex(data)
            let mediaType = recipe.images[index].mediaType ?? ImageBytes.mediaType(of: bytes)
            let ownFolder = "images/\(id)/"
            let relative = recipe.images[index].path.flatMap { path in
                path.hasPrefix(ownFolder) && StoredImagePath.isInLayout(path) ? path : nil
            } ?? "images/\(id)/\(sha.prefix(16)).\(ImageBytes.fileExtension(for: mediaType))"
            recipe.images[index].path = relative
            recipe.images[index].sha256 = sha
            recipe.images[index].byteCount = bytes.count
            recipe.images[index].mediaType = mediaType
            recipe.images[index].embeddedData = nil
            if files.contains(where: { $0.path == relative }) { continue }  // the same image twice in one recipe
            files.append(PlacedImage(path: relative, bytes: data, file: Manifest.File(path: relative, sha256: sha, bytes: bytes.count)))
        }
        return files
    }

    /// Attaches the bytes of every image stored under a `path` (read with `read`), so a sink that
    /// writes images can store them: from another library, or from a bundle's staging folder.
    static func attachImageBytes(to recipe: inout Recipe, read: (String) throws -> Data) throws {
        for index in recipe.images.indices {
            guard let path = recipe.images[index].path, recipe.images[index].embeddedData == nil else { continue }
            recipe.images[index].embeddedData = [UInt8](try read(path))
        }
    }

    /// When the library was made, from its manifest (the epoch when it has none): exports
    /// carry it so an unchanged library exports to the same bytes.
    public var created: Date {
        KnownChecksums(library: self).created ?? Date(timeIntervalSince1970: 0)
    }

    /// Moves a restored recipe's verified files (its images, then its JSON, with their
    /// checksums) from a staging folder on the same file system into the same paths in the
    /// library: renames, so each file appears whole and a recipe never points at a missing image.
    ///
    /// Nothing is recorded per file: the bundle's manifest, verified against the extracted
    /// files, vouches for them. A copy of it is kept, trusted only for files last modified since
    /// `extractedSince` (the extraction's start), so it never vouches for a file the library
    /// already had.
    func adopt(_ files: RestoreHandoff.Files, from staging: URL, manifest: URL, extractedSince: Int64) throws {
        if !restoredManifests.contains(where: { $0.source == manifest.path }) {
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("larder-restored-\(UUID().uuidString).json")
            try Self.copyWithNewStamp(manifest, to: copy)
            restoredManifests.append((manifest.path, copy, KnownChecksums(manifestPath: copy.path, notBefore: extractedSince)))
        }
        for file in files.images + [files.recipe] {
            let target = url(forRelativePath: file.path)
            if file.path.hasPrefix("images/") {
                try checkFolderToWrite(of: file.path)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            guard rename(staging.appendingPathComponent(file.path).path, target.path) == 0 else {
                throw FileProblem.lastSystemError(.write, path: target.path)
            }
            placedFiles[file.path] = nil
        }
    }

    /// Copies a file in pieces into a new file, which gets the time of now as its stamp (a copy
    /// that kept the original's time would vouch for files extracted in the same instant).
    static func copyWithNewStamp(_ source: URL, to target: URL) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        guard FileManager.default.createFile(atPath: target.path, contents: nil) else {
            throw FileProblem.lastSystemError(.write, path: target.path)
        }
        let output = try FileHandle(forWritingTo: target)
        defer { try? output.close() }
        while let piece = try input.read(upToCount: 1_048_576), !piece.isEmpty {
            try output.write(contentsOf: piece)
        }
    }

    /// Deletes the files in a recipe's image folder that it no longer points at (after it was
    /// replaced), and the folder when nothing is left.
    func removeImages(of id: String, keeping kept: Set<String>) throws {
        let folder = "images/\(RecipeIdentity.sanitize(id))"
        for path in files(under: folder) where !kept.contains(path) {
            try FileManager.default.removeItem(atPath: filePath(path))
            placedFiles[path] = nil
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: filePath(folder)))?.isEmpty == true {
            try FileManager.default.removeItem(atPath: filePath(folder))
        }
    }

    public func writeReport(_ report: RunReport) throws {
        try AtomicFile.write(to: reportURL) { write in try report.writeJSON(to: write) }
    }
}

public enum LarderVersion {
    public static let current = "0.1.0"
}
