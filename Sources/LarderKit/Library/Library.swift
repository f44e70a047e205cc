import Foundation
import LarderCore

/// A library folder, laid out as a bundle:
///
///     manifest.json            format, schemaVersion, created, generator, count, per-file sha256
///     recipes/<id>.json        one canonical recipe per file
///     images/<id>/<n>.<ext>    stored images, referenced from the recipe
///     report.json              the last run
public final class Library {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
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
        return try FileManager.default.contentsOfDirectory(atPath: recipesFolder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(5)) }
            .sorted()
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
        for (path, bytes) in Self.placeEmbeddedImages(of: &stored) {
            try AtomicFile.write(bytes, to: url(forRelativePath: path))
        }
        try AtomicFile.write(CanonicalJSON.encode(stored), to: recipeURL(id: stored.id))
        return stored
    }

    /// Gives each image that came as bytes its place in the library layout (`images/<id>/<n>.<ext>`,
    /// or the path a restored bundle gave it inside that folder) and its checksum, and returns the
    /// files to write. Shared by the library and by bundles, so both lay images out alike.
    static func placeEmbeddedImages(of recipe: inout Recipe) -> [(path: String, bytes: Data)] {
        let id = RecipeIdentity.sanitize(recipe.id)
        var files: [(path: String, bytes: Data)] = []
        for index in recipe.images.indices {
            guard let bytes = recipe.images[index].embeddedData else { continue }
            let ext = Base64Image.fileExtension(for: recipe.images[index].mediaType)
            let ownFolder = "images/\(id)/"
            let relative = recipe.images[index].path.flatMap { path in
                path.hasPrefix(ownFolder) && !path.split(separator: "/").contains("..") ? path : nil
            } ?? "images/\(id)/\(index + 1).\(ext)"
            recipe.images[index].path = relative
            recipe.images[index].sha256 = SHA256.hex(bytes)
            recipe.images[index].byteCount = bytes.count
            recipe.images[index].embeddedData = nil
            files.append((relative, Data(bytes)))
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
        (try? CanonicalJSON.decode(Manifest.self, from: Data(contentsOf: manifestURL)))?.created ?? Date(timeIntervalSince1970: 0)
    }

    /// Moves a restored recipe's verified files (its JSON and its images) from a staging folder
    /// on the same file system into the library: renames, so each file appears whole.
    func adopt(_ recipe: Recipe, from staging: URL, recipePath: String) throws {
        var moves = [(staging.appendingPathComponent(recipePath), recipeURL(id: recipe.id))]
        for path in recipe.images.compactMap(\.path) {
            moves.insert((staging.appendingPathComponent(path), url(forRelativePath: path)), at: 0)  // images first
        }
        for (from, to) in moves {
            try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard rename(from.path, to.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: to.path,
                    NSLocalizedDescriptionKey: "could not move \(to.lastPathComponent) into the library: \(String(cString: strerror(errno)))"])
            }
        }
    }

    public func writeReport(_ report: RunReport) throws {
        try AtomicFile.write(report.encoded(), to: reportURL)
    }

    /// Rewrites `manifest.json` from the files on disk. `created` is kept from the existing
    /// manifest, so an unchanged library gets a byte-identical manifest.
    public func writeManifest() throws {
        let previous = try? CanonicalJSON.decode(Manifest.self, from: Data(contentsOf: manifestURL))
        var files: [Manifest.File] = []
        let ids = try recipeIDs()
        for id in ids {
            files.append(try Manifest.File(path: "recipes/\(id).json", contents: Data(contentsOf: recipeURL(id: id))))
        }
        let imagesRoot = root.appendingPathComponent("images")
        if let walker = FileManager.default.enumerator(at: imagesRoot, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let file as URL in walker where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                let relative = "images/" + file.standardizedFileURL.path.dropFirst(imagesRoot.standardizedFileURL.path.count + 1)
                files.append(try Manifest.File(path: relative, contents: Data(contentsOf: file)))
            }
        }
        files.sort { $0.path < $1.path }
        let manifest = Manifest(created: previous?.created ?? MappingContext.now(), count: ids.count, files: files)
        let data = try CanonicalJSON.encode(manifest)
        if (try? Data(contentsOf: manifestURL)) != data {
            try AtomicFile.write(data, to: manifestURL)
        }
    }
}

/// `manifest.json`: what a library or bundle holds, with a checksum per file.
public struct Manifest: Codable, Equatable, Sendable {
    public struct File: Codable, Equatable, Sendable {
        public var path: String
        public var sha256: String
        public var bytes: Int

        init(path: String, contents: Data) {
            self.path = path
            self.sha256 = SHA256.hex(contents)
            self.bytes = contents.count
        }
    }

    public var format = "larder-library"
    public var schemaVersion = Recipe.currentSchemaVersion
    public var generator = "larder \(LarderVersion.current)"
    public var created: Date
    public var count: Int
    public var files: [File]
}

public enum LarderVersion {
    public static let current = "0.1.0"
}
