import Foundation
import LarderCore

/// When the library's index is opened, checked, reconciled and told of changes. Writers keep it
/// in step (`open`, `put`, `remove`, `close` of `Library` call these); readers (`list`, `stats`,
/// `export`'s filters) get an index that is up to date from `readableIndex()`.
extension Library {
    var indexPath: String { stateFolder.path + "/" + LibraryIndex.fileName }

    // MARK: Writers

    /// Called by `open()` under the lock, once the manifest is squared with the files: opens the
    /// index (made anew when missing or unreadable) and reconciles it with the manifest unless the
    /// last writer closed it with the library as it is now. (It is marked being written before
    /// the first recipe file changes, `indexWillChange`: a run that changes nothing leaves the
    /// index's bytes as they were.) An index
    /// that cannot be written is left behind with a note: the run goes on, the recipe files are
    /// the truth, and the next run finds the index stale.
    func openIndexForWriting() -> LibraryIndex? {
        guard keepsIndex else { return nil }
        do {
            var index: LibraryIndex
            var made = false
            let missing = FileStatus(path: indexPath) == nil
            if missing {
                index = try LibraryIndex(creatingAt: indexPath)
                made = true
            } else {
                do {
                    index = try LibraryIndex(opening: indexPath)
                } catch let unreadable as LibraryIndex.Unreadable {
                    indexNotes.append("The library's index (.larder/\(LibraryIndex.fileName)) could not be read (\(unreadable.reason)); "
                        + "it was rebuilt from the recipe files, and nothing was lost.")
                    index = try LibraryIndex(creatingAt: indexPath)
                    made = true
                }
            }
            if try !index.isFresh(for: LibraryStamp(library: self)) {
                indexNeedsClosing = true
                let count = try reconcile(index)
                indexChanges += count
                if missing && count > 0 {
                    indexNotes.append("The library had no index (.larder/\(LibraryIndex.fileName)); it was built from \(count) recipe file\(count == 1 ? "" : "s").")
                } else if !made {
                    indexNotes.append("The library's index was out of date (a run stopped before it finished, or files changed without Larder); "
                        + "it was checked against the manifest and \(count) recipe\(count == 1 ? " was" : "s were") indexed again.")
                }
            }
            return index
        } catch {
            indexNotes.append("The library's index could not be updated (\(ErrorText.describe(error))); the recipes are stored all the same, and the index will be rebuilt by the next run.")
            return nil
        }
    }

    /// Called before a library file is put in place or removed: the first change to a recipe
    /// file marks the index `writing`, so a run killed from here on leaves it stale.
    func indexWillChange(_ path: String) {
        guard let index, path.hasPrefix("recipes/"), !indexMarkedWriting else { return }
        do {
            try index.beginWriting()
            indexMarkedWriting = true
            indexNeedsClosing = true
        } catch {
            indexFailed(error)
        }
    }

    /// Tells the index of a recipe file put in place: its row when the caller worked it out, the
    /// recipe as stored, or read back from the file when the caller did not have it decoded.
    func indexDidPut(_ file: Manifest.File, recipe: Recipe?, row: IndexedRecipe? = nil) {
        guard let index, file.path.hasPrefix("recipes/") else { return }
        do {
            if let row {
                try index.put(file, row: row)
            } else {
                switch recipe.map(Result.success) ?? readRecipe(file) {
                case .success(let recipe): try index.put(file, recipe: recipe)
                case .failure(let error): try index.putUnreadable(file, reason: Library.describe(error))
                }
            }
            // Counted however the row came (a restore brings its rows worked out): a library
            // built by restores is compacted as one built by imports is.
            indexChanges += 1
        } catch {
            indexFailed(error)
        }
    }

    func indexDidRemove(_ path: String) {
        guard let index, path.hasPrefix("recipes/") else { return }
        do {
            try index.remove(path: path)
            indexChanges += 1
        } catch {
            indexFailed(error)
        }
    }

    /// Called by `close()` after the journal is folded: the index is in step with the library as
    /// it now stands. After a run that changed many recipes the index is also compacted
    /// (`LibraryIndex.compact`), so the next `list` finds it laid out in order and fresh in the
    /// page cache.
    func closeIndex() {
        defer { (indexMarkedWriting, indexNeedsClosing, indexChanges) = (false, false, 0) }
        guard let index, indexNeedsClosing else { return }
        do { try index.finishWriting(stamp: LibraryStamp(library: self)) } catch { indexFailed(error) }
        if indexChanges >= compactIndexAfter { index.compact() }
    }

    /// Runs `body`, many recipe writes in a row (a restore), with their index changes committed
    /// in groups (`LibraryIndex.groupChanges`) instead of a transaction each; the last group is
    /// committed when `body` ends, so a reader of another process is at most one group behind.
    func groupingIndexChanges<T>(_ body: () throws -> T) rethrows -> T {
        let grouped = index
        grouped?.commitEvery = indexChangesPerCommit
        grouped?.groupChanges()
        defer {
            // An index that failed meanwhile was let go (its open group rolled back with it).
            if let grouped, grouped === index {
                do { try grouped.endGroup() } catch { indexFailed(error) }
            }
        }
        return try body()
    }

    /// From here until the library is closed, index changes are committed in groups, as in
    /// `groupingIndexChanges`: for an import, whose recipes come one at a time from a source and
    /// each took a transaction of its own (a flush of the write-ahead log and a full-text
    /// segment per recipe: an import of 30,000 small recipes took 25.7 s of CPU time, 18.1 s
    /// grouped, `Benchmarks/hostile-inputs.py`'s Gourmet file of that size).
    /// `close` commits the last group before the index is marked clean.
    func groupIndexChangesUntilClosed() {
        index?.commitEvery = indexChangesPerCommit
        index?.groupChanges()
    }

    /// The rest of the run goes without the index; it stays marked `writing`, so the next run
    /// reconciles it.
    private func indexFailed(_ error: Error) {
        indexNotes.append("The library's index could not be updated (\(ErrorText.describe(error))); the recipes are stored all the same, and the index will be rebuilt by the next run.")
        index = nil
    }

    /// Reconciles `index` with the manifest, which `open()` has just made exact, and with the
    /// entries of `recipes/` that are no files (`LibraryFiles.recipeEntriesThatAreNotFiles`):
    /// the manifest cannot list them, and they are indexed as unreadable, with why, so `list`,
    /// `stats` and `export` name them instead of passing over them.
    private func reconcile(_ index: LibraryIndex) throws -> Int {
        let manifest = try ManifestReader.open(folder: root)
        var notFiles: IndexingIterator<[String]>?
        return try index.reconcile(next: {
            if notFiles == nil, let file = try manifest?.next() { return file }
            if notFiles == nil { notFiles = LibraryFiles.recipeEntriesThatAreNotFiles(in: root).makeIterator() }
            // No checksum: read (and found unreadable) at every reconcile.
            return notFiles?.next().map { Manifest.File(path: $0, sha256: "", bytes: 0) }
        }, read: recipeReader)
    }

    private func readRecipe(_ file: Manifest.File) -> Result<Recipe, Error> {
        recipeReader(file)
    }

    /// Reads a recipe file of this library; safe on any thread (it holds only the root's path).
    private var recipeReader: @Sendable (Manifest.File) -> Result<Recipe, Error> {
        let root = rootPath
        return { file in Result { try CanonicalJSON.decode(FileStatus.read(root + "/" + file.path).contents) } }
    }

    // MARK: Readers

    /// An index that is up to date with the library, for reading. A fresh one is used as it is;
    /// a stale, missing or unreadable one is brought up to date by opening the library for
    /// writing (which reconciles it, see `openIndexForWriting`) and closing it again. When
    /// another run is writing the library, its index is used as that run keeps it; when the
    /// library cannot be written here, a temporary index is built from the recipe files.
    func readableIndex() throws -> LibraryIndex {
        if let index { return index }  // this run is writing the library: its own index
        var existing: LibraryIndex?
        if FileStatus(path: indexPath) != nil {
            existing = try? LibraryIndex(opening: indexPath)
            if let existing, try existing.isFresh(for: LibraryStamp(library: self)) { return existing }
        }
        if LibraryLock.isHeld(in: stateFolder), let existing { return existing }
        do {
            try open()
            let opened = index
            try close()
            if let opened { return opened }
        } catch {
            if let existing { return existing }
            indexNotes.append("The library's index could not be brought up to date (\(ErrorText.describe(error))); this run read the recipe files instead.")
        }
        return try temporaryIndex()
    }

    /// An index of the recipe files as they are, in the temporary folder, removed when done.
    private func temporaryIndex() throws -> LibraryIndex {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("larder-index-\(UUID().uuidString).sqlite").path
        let index = try LibraryIndex(creatingAt: path, temporary: true)
        var paths = try (LibraryFiles.paths(in: root, only: "recipes") + LibraryFiles.recipeEntriesThatAreNotFiles(in: root)).makeIterator()
        // No checksums: every file is read.
        _ = try index.reconcile(next: { paths.next().map { Manifest.File(path: $0, sha256: "", bytes: 0) } }, read: recipeReader)
        return index
    }
}
