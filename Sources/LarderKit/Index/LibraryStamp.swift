import Foundation

/// How a library looks from outside: the manifest's size and modification time, the
/// modification time of `recipes/` (which changes whenever a recipe file is added, removed or
/// replaced by a rename, as every writer and most editors do), and the latest modification time
/// of the recipe files themselves (which changes when one is written in place, as some editors
/// and scripts do: `list` showed the old title of such a file until the next run that wrote).
/// The index records the stamp when a writing run closes; a reader that finds another stamp
/// knows the library was changed without the index (by hand, or by a Larder without an index)
/// and has it reconciled.
struct LibraryStamp: Equatable {
    let text: String

    init(library: Library) {
        let manifest = FileStatus(path: library.filePath(Manifest.fileName))
            ?? FileStatus(path: library.filePath(Manifest.legacyFileName))
        let recipes = FileStatus(path: library.filePath("recipes"))
        let newest = FolderListing.newestModification(in: library.filePath("recipes"))
        text = "manifest \(manifest.map { "\($0.size) \($0.modified)" } ?? "none"); recipes \(recipes.map { "\($0.modified)" } ?? "none")"
            + "; newest recipe \(newest.map(String.init) ?? "none")"
    }
}
