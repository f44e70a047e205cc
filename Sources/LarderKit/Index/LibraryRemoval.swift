import Foundation
import LarderCore

/// `larder remove`: a recipe leaves the library whole — its JSON file, the images no other
/// recipe uses, and its manifest and index entries (through `Library.remove`, the one path
/// every write takes).
extension Library {
    /// What removing one recipe took away.
    public struct Removal: Sendable {
        /// The id of the recipe removed.
        public let id: String
        /// Its title, for the line `larder remove` prints; nil when the recipe file could not be read.
        public let title: String?
        /// Image files deleted with it (those no other recipe uses).
        public let images: Int
    }

    /// Removes the recipe stored as `id`; throws `LibraryError` naming the id when there is none.
    /// A recipe file that cannot be read is removed all the same (with the images of its folder).
    public func removeRecipe(id requested: String) throws -> Removal {
        let id = RecipeIdentity.sanitize(requested)
        guard contains(id: id) else {
            throw LibraryError("there is no recipe with id \(requested) in the library at \(rootPath) (`larder list` shows the ids)")
        }
        try open()
        let recipe = try? load(id: id)
        let index = try readableIndex()
        try remove("recipes/\(id).json")
        // Its images: those it names and those in its own folder, unless another recipe names them.
        let folder = "images/\(id)"
        var candidates = Set(recipe?.images.compactMap(\.path) ?? []).filter(StoredImagePath.isInLayout)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: filePath(folder))) ?? [] where !name.hasPrefix(".") {
            candidates.insert(folder + "/" + name)
        }
        var removed = 0
        var folders: Set<String> = [folder]
        for path in candidates.sorted() where try !index.isImageUsed(path) {
            guard let status = FileStatus(path: filePath(path)), status.isRegularFile else { continue }
            try remove(path)
            folders.insert((path as NSString).deletingLastPathComponent)
            removed += 1
        }
        // A folder under images/ that this left empty goes too.
        for emptied in folders where emptied.hasPrefix("images/") {
            if (try? FileManager.default.contentsOfDirectory(atPath: filePath(emptied)))?.isEmpty == true {
                try FileManager.default.removeItem(atPath: filePath(emptied))
            }
        }
        return Removal(id: id, title: recipe?.title, images: removed)
    }
}
