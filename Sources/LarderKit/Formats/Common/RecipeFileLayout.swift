import Foundation

/// Which files of one input belong together — a recipe file and its pictures — worked out from
/// the input's whole list of files before any is read, and how many files each group has, so
/// that a group is complete when its last file has been read, in whatever order the files come.
///
/// A folder is walked in name order, but an archive's entries come in the order its maker wrote
/// them: macOS's Archive Utility writes a folder's files before the files of its sub-folders,
/// so a Mealie export's `recipes/<slug>/images/original.webp` comes after every recipe's JSON.
/// Grouping by "the folder changed" took each picture for one no recipe named.
struct RecipeFileLayout {
    /// Files still to come, by group.
    private var remaining: [String: Int] = [:]
    /// Pictures still to come, by group: a recipe file waits for them.
    private var remainingPictures: [String: Int] = [:]
    /// Folders that hold pictures of their own, and folders with an `images/` folder in them.
    private let foldersWithPictures: Set<String>
    private let foldersWithImagesFolder: Set<String>

    /// `paths`: every file that will be added, in any order.
    init(paths: [String]) {
        var withPictures: Set<String> = []
        var withImagesFolder: Set<String> = []
        for path in paths {
            guard RecipeFileKind.container(byName: path) == .image else { continue }
            withPictures.insert(RecipeFileGroups.recipeFolder(of: path))
            let parts = path.split(separator: "/").dropLast()
            if let images = parts.lastIndex(where: { $0.lowercased() == "images" }) {
                withImagesFolder.insert(parts[..<images].joined(separator: "/"))
            }
        }
        foldersWithPictures = withPictures
        foldersWithImagesFolder = withImagesFolder
        for path in paths {
            let group = self.group(of: path)
            remaining[group, default: 0] += 1
            if RecipeFileKind.container(byName: path) == .image { remainingPictures[group, default: 0] += 1 }
        }
    }

    /// The group of a file: the folder it sits in, or for pictures in an `images/` folder the
    /// folder above it (`RecipeFileGroups.recipeFolder`). A folder of recipe files without
    /// pictures of its own beside an `images/` folder belongs with that folder's pictures: a
    /// site's `_recipes/okra.md` names `images/okra.jpg` (Chowdown), an export's
    /// `recipes/<slug>.json` goes with `images/<slug>.jpg`.
    func group(of path: String) -> String {
        let folder = RecipeFileGroups.recipeFolder(of: path)
        guard RecipeFileKind.container(byName: path) != .image, !foldersWithPictures.contains(folder) else { return folder }
        guard !folder.isEmpty else { return folder }
        // The folder above, by hand: Foundation's `deletingLastPathComponent` traps on some
        // paths on Linux.
        let parent = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
        guard foldersWithImagesFolder.contains(parent) else { return folder }
        return parent
    }

    /// Whether pictures of the group are still to come.
    func awaitsPictures(in group: String) -> Bool {
        (remainingPictures[group] ?? 0) > 0
    }

    /// Counts a file of the group as read; true when it was the group's last.
    mutating func read(_ path: String, in group: String) -> Bool {
        if RecipeFileKind.container(byName: path) == .image, let pictures = remainingPictures[group] {
            remainingPictures[group] = pictures - 1
        }
        guard let count = remaining[group] else { return false }
        if count <= 1 {
            remaining[group] = nil
            return true
        }
        remaining[group] = count - 1
        return false
    }

    /// Whether the group was in the list (an archive's listing can stop short of its end).
    func knows(_ group: String) -> Bool {
        remaining[group] != nil
    }
}
