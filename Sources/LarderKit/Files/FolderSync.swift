import Foundation
import LarderArchive
import LarderCore

/// The last step of a write that must survive a power loss. A rename changes the folder, not
/// the file: until the folder itself is flushed (`fsync` of the folder), the disk may still hold
/// the old name after a crash, or no name at all for a new file, although the file's bytes were
/// flushed before the rename. The whole sequence is: write, flush the file, rename, flush the
/// folder (`AtomicFile` does the first three).
enum FolderSync {
    /// Flushes the entries of the folder at `path` (names made, renamed or removed in it).
    static func sync(_ path: String) throws {
        do {
            try ExtractedFile.flushEntries(ofFolder: path)
        } catch let error as ArchiveError {
            throw FileProblem(.write, path: path, code: error.systemCode)
        }
    }
}

/// The folders of a batch of writes that are committed together (a library's run, a restore):
/// each rename only notes its folder, and `commit` flushes every noted folder once, so a batch
/// of 10,000 recipes costs a flush of `recipes/`, not 10,000. Until `commit`, a power loss may
/// lose renames of the batch, never tear a file (each file's bytes are flushed before its
/// rename), and the library's manifest squares itself with whatever names survived
/// (`LibraryManifest.fold`). Whatever says the batch is done (the run's report) is written
/// after `commit`.
final class PendingFolderSyncs {
    private var folders: Set<String> = []

    /// The folder holding `path` changed (a file renamed in, made or removed).
    func noteChange(at path: String) {
        folders.insert((path as NSString).deletingLastPathComponent)
    }

    /// Past this many folders, one flush of the whole file system (40-380 ms measured for a
    /// restore of 10,000 recipes, see `Library.commitWrites`) costs less than a flush of each
    /// (about 4 ms each): a restore of recipes with pictures has a folder for each recipe.
    static let foldersFlushedOneByOne = 16

    /// Flushes every noted folder once (or, for many, the file system holding `root` once),
    /// then forgets them. Children before parents: a folder made in the batch is named by its
    /// parent. A folder gone since (a recipe's image folder removed) has nothing to flush.
    func commit(onFileSystemOf root: String) throws {
        guard !folders.isEmpty else { return }
        if folders.count > Self.foldersFlushedOneByOne {
            do {
                try ExtractedFile.flush(folder: root)
            } catch {
                throw FileProblem.lastSystemError(.write, path: root)
            }
        } else {
            for folder in folders.sorted(by: { $0.count > $1.count }) {
                do {
                    try FolderSync.sync(folder)
                } catch let problem as FileProblem where problem.code == ENOENT {
                    continue
                }
            }
        }
        folders.removeAll()
    }
}
