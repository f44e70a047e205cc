import Foundation

/// Images a `Library` stored in this run, by checksum: the same bytes in another recipe (a
/// site's logo on every page, one photo in two recipes) become a hard link, so each recipe keeps
/// its own folder and the disk keeps one copy. Files are only ever replaced by renames, never
/// written in place, so a linked file never changes under the other name.
struct ImageLinks {
    private var pathsBySHA: [String: String] = [:]
    private var shaByPath: [String: String] = [:]

    mutating func store(_ image: RecipeImageFiles.Placed, in library: Library) throws {
        let file = image.file
        if let existing = pathsBySHA[file.sha256], existing != file.path {
            try library.put(file) { target in
                try? FileManager.default.removeItem(at: target)
                // The first copy may be gone (its recipe replaced): then the bytes are written.
                if link(library.filePath(existing), target.path) != 0 { try AtomicFile.write(image.bytes, to: target, durability: library.fileDurability) }
            }
        } else {
            try library.put(file) { try AtomicFile.write(image.bytes, to: $0, durability: library.fileDurability) }
        }
        forget(file.path)
        if pathsBySHA[file.sha256] == nil {
            pathsBySHA[file.sha256] = file.path
            shaByPath[file.path] = file.sha256
        }
    }

    /// The file at `path` is gone or replaced.
    mutating func forget(_ path: String) {
        guard let sha = shaByPath.removeValue(forKey: path) else { return }
        pathsBySHA[sha] = nil
    }
}
