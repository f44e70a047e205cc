import Foundation
import LarderCore

/// The library's index, `.larder/index.sqlite`: a SQLite database derived from the recipe
/// files, for `list`, `stats`, `remove` and the filters of `export`, so they answer without
/// reading every recipe. The JSON files stay the truth: the index can be deleted at any time and
/// is worked out again from them.
///
/// Keeping it in step (see `Library+Index.swift` for when each happens):
/// - every write of the library goes through `Library.put` / `Library.remove`, which tell the
///   index after the file is in place (`put`, `remove` here);
/// - a writing run marks the index `writing` when it opens the library and `clean` with the
///   library's stamp (`LibraryStamp`) when it closes it. A run killed in between leaves
///   `writing`: the next reader or writer sees the index as stale;
/// - a stale index is reconciled with the manifest (`reconcile`): recipes whose checksum
///   differs from the one indexed are read again, the others are kept. A missing index is the
///   same reconcile from empty; an unreadable one is deleted first.
final class LibraryIndex {
    /// Bumped when the tables change or what they derive from a recipe does (4: diets named in
    /// other languages; 5: the `list --json` summary keeps the top of a servings range): an index
    /// of another version is rebuilt.
    static let schemaVersion = "6"
    static let fileName = "index.sqlite"
    static let pageSize = 16384
    /// The full-text columns, in `IndexedRecipe.SearchText.columns` order.
    static let searchColumns = ["title", "description", "ingredients", "tags", "categories", "cuisines"]

    let database: SQLiteDatabase
    let path: String
    /// A temporary index (built where the library could not be written) is removed with it.
    private let removeWhenDone: Bool
    private let statements: Statements
    /// Whether changes are grouped (`groupChanges`), and how many of the group's open
    /// transaction are not committed yet.
    private var grouping = false
    private var uncommitted = 0
    /// Changes per transaction while grouped: a commit per recipe costs more than the recipe's
    /// rows (SQLite writes every page the transaction changed, and a full-text segment, per
    /// commit), and a reader of another process still sees a restore advance, a group at a time.
    /// Pages that several groups change are written once per group: a restore of 10,000 recipes
    /// wrote 13,571 pages in groups of 256 and 9,099 in groups of 2,048.
    static let changesPerCommit = 2048
    /// This index's group size (tests make it smaller).
    var commitEvery = LibraryIndex.changesPerCommit

    /// Opens an existing index and checks it is one (its version row); throws `Unreadable` for a
    /// file that is not a database, or not this version's index.
    init(opening path: String) throws {
        do {
            database = try SQLiteDatabase(path: path, create: false)
            let version = try Self.meta("schema", in: database)
            guard version == Self.schemaVersion else {
                throw SQLiteError(message: "it was made by another version of Larder (index version \(version ?? "none"))")
            }
            try Self.boundLog(of: database)
            statements = try Statements(database)
        } catch let error as SQLiteError {
            throw Unreadable(reason: error.message)
        }
        self.path = path
        removeWhenDone = false
    }

    /// Makes a new, empty index at `path`, replacing whatever is there. It starts `writing`:
    /// until a reconcile fills it and it is marked clean, it is stale.
    init(creatingAt path: String, temporary: Bool = false) throws {
        Self.removeFiles(at: path)
        database = try SQLiteDatabase(path: path, create: true)
        self.path = path
        removeWhenDone = temporary
        // Pages of 16 KB, not SQLite's 4 KB: a `list --search` of 16,000 hits among 100,000
        // recipes reads most of the `recipes` table, and SQLite's work per page (a read, a page
        // of its cache) was a large part of it. The whole `list`, 33.5 -> 30.8 ms of CPU time
        // (its query alone in the sqlite3 shell 20 -> 14 ms; 8 KB pages 18, 32 KB 13.5); `stats`
        // 505 -> 370 ms. An import of 20,000 recipes took no more CPU time (33 s against 35 s).
        // Set before the first table; fixed for the file's life (an index made with 4 KB pages
        // works as before, and gets the new size when it is rebuilt).
        try database.execute("""
            PRAGMA page_size=\(Self.pageSize);
            PRAGMA journal_mode=\(temporary ? "OFF" : "WAL");
            CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE recipes(
                row INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, sha256 TEXT NOT NULL, id TEXT NOT NULL,
                title TEXT, category TEXT, cuisine TEXT, servings REAL, servings_upper REAL, source TEXT, problem TEXT);
            -- The `list --json` summary apart from the rows every `list` reads: with it a row took 540
            -- bytes, and a search of 16,000 hits among 100,000 recipes read 10,000 of the table's 14,600
            -- pages (the first `list` after a long import reads them from disk, not the page cache).
            CREATE TABLE summaries(row INTEGER PRIMARY KEY, summary TEXT NOT NULL);
            CREATE INDEX recipes_unreadable ON recipes(path) WHERE problem IS NOT NULL;
            CREATE TABLE labels(recipe INTEGER NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL, folded TEXT NOT NULL);
            CREATE INDEX labels_by_name ON labels(kind, folded);
            CREATE INDEX labels_by_recipe ON labels(recipe);
            CREATE TABLE images(recipe INTEGER NOT NULL, path TEXT NOT NULL);
            CREATE INDEX images_by_path ON images(path);
            CREATE INDEX images_by_recipe ON images(recipe);
            CREATE VIRTUAL TABLE search USING fts5(\(Self.searchColumns.joined(separator: ", ")), tokenize='unicode61 remove_diacritics 2');
            INSERT INTO meta VALUES ('schema', '\(Self.schemaVersion)'), ('state', 'writing');
            """)
        try Self.boundLog(of: database)
        statements = try Statements(database)
    }

    /// The write-ahead log's bound, in bytes: what SQLite's default (1,000 pages) is with its own
    /// 4 KB pages.
    static let logBytes = 4 << 20

    /// Checkpoints the write-ahead log at `logBytes` whatever the page size, and cuts the log
    /// file back to that size after a checkpoint. With 16 KB pages SQLite's default of 1,000
    /// pages let the log reach 16 MB during a run, and on a small disk the log, not the recipes,
    /// filled it (a 4 MB file system held 120 small recipes and 4 MB of log).
    private static func boundLog(of database: SQLiteDatabase) throws {
        var pageSize: Int64 = 4096
        try database.prepare("PRAGMA page_size").forEachRow { pageSize = max($0.integer(0), 512) }
        try database.execute("PRAGMA wal_autocheckpoint=\(Int64(logBytes) / pageSize); PRAGMA journal_size_limit=\(logBytes)")
    }

    deinit {
        if removeWhenDone { Self.removeFiles(at: path) }
    }

    /// The index and SQLite's files beside it (write-ahead log, shared memory).
    static func removeFiles(at path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    struct Unreadable: Error {
        let reason: String
    }

    // MARK: State

    /// Whether the index matches the library whose stamp is `stamp`: closed cleanly by the
    /// last writer, when the library looked exactly so.
    func isFresh(for stamp: LibraryStamp) throws -> Bool {
        try Self.meta("state", in: database) == "clean" && Self.meta("stamp", in: database) == stamp.text
    }

    /// Whether a writing run has the index open (or was killed with it open).
    func isBeingWritten() throws -> Bool {
        try Self.meta("state", in: database) == "writing"
    }

    func beginWriting() throws {
        try setMeta(["state": "writing"])
    }

    /// Commits what is grouped first: `clean` is never written before the changes it vouches for.
    func finishWriting(stamp: LibraryStamp) throws {
        if grouping { try endGroup() }
        try setMeta(["state": "clean", "stamp": stamp.text])
    }

    /// How many recipes a run changes before its index is compacted when it closes.
    static let compactAfter = 10_000

    /// Rewrites the index in order (`VACUUM`). Recipes written one at a time (an import of
    /// 100,000) leave each table's pages spread over the whole file; after a long import the page
    /// cache had lost some of them, and the first `list --search` of 16,000 hits waited for 550
    /// random reads of the disk. Rewritten, the pages are in order and just written: about
    /// 1.5 s for 100,000 recipes. It changes no content, so a failure (another process reading
    /// at that moment) leaves the index as good as it was, and is not reported.
    func compact() {
        try? database.execute("VACUUM")
    }

    private func setMeta(_ values: [String: String]) throws {
        try commitGroup()
        try database.transaction {
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                try statements.setMeta.run([.text(key), .text(value)])
            }
        }
    }

    private static func meta(_ key: String, in database: SQLiteDatabase) throws -> String? {
        var value: String?
        try database.prepare("SELECT value FROM meta WHERE key = ?").forEachRow([.text(key)]) { value = $0.text(0) }
        return value
    }

    // MARK: Changes

    /// A recipe file put in place (new or replacing the one at its path).
    func put(_ file: Manifest.File, recipe: Recipe) throws {
        try put(file, row: IndexedRecipe(recipe))
    }

    /// The same, with the recipe's row worked out by the caller (on another thread).
    func put(_ file: Manifest.File, row: IndexedRecipe) throws {
        try change { try insert(file, entry: row) }
    }

    /// A recipe file that cannot be read: listed (so `list` and `export` can say so), never found.
    func putUnreadable(_ file: Manifest.File, reason: String) throws {
        try change { try insertUnreadable(file, reason: reason) }
    }

    func remove(path: String) throws {
        try change { try delete(path: path) }
    }

    /// From here on, changes are committed `commitEvery` at a time, until `endGroup` (or
    /// `finishWriting`) commits the rest. Safe because the index is marked `writing` before the
    /// first change of a run: changes lost with a killed run leave an index the next run sees
    /// as stale and reconciles. This connection (the writing run's own reads) sees them at once.
    ///
    /// While grouped, SQLite does not wait for the disk (`synchronous=OFF`: no flush when the
    /// write-ahead log is copied into the database), which a bulk load of thousands of rows
    /// otherwise does every thousand pages. A run killed meanwhile loses nothing (the bytes are
    /// with the system); a machine that loses power may leave the index damaged or behind — and
    /// the index is derived: marked `writing` until the run closes, it is then stale (reconciled
    /// with the manifest) or unreadable (deleted and rebuilt), never trusted. The group's end
    /// goes back to `synchronous=NORMAL` and copies the log in with a flush (which makes every
    /// page written meanwhile durable) before anything can write `clean`.
    func groupChanges() {
        grouping = true
        try? database.execute("PRAGMA synchronous=OFF")
    }

    func endGroup() throws {
        grouping = false
        try commitGroup()
        try database.execute("PRAGMA synchronous=NORMAL; PRAGMA wal_checkpoint(PASSIVE)")
    }

    /// One change: a transaction of its own, or a part of the group's open one.
    private func change(_ body: () throws -> Void) throws {
        guard grouping else { return try database.transaction(body) }
        if uncommitted == 0 { try database.execute("BEGIN IMMEDIATE") }
        do {
            try body()
        } catch {
            // The group's earlier changes go with it; the caller stops using the index, which
            // stays marked `writing`.
            try? database.execute("ROLLBACK")
            uncommitted = 0
            throw error
        }
        uncommitted += 1
        if uncommitted >= commitEvery { try commitGroup() }
    }

    private func commitGroup() throws {
        guard uncommitted > 0 else { return }
        uncommitted = 0
        do {
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    private func insert(_ file: Manifest.File, entry: IndexedRecipe) throws {
        try delete(path: file.path)
        try statements.insertRecipe.run([
            .text(file.path), .text(file.sha256), .text(entry.id), .text(entry.title), Self.value(entry.category), Self.value(entry.cuisine),
            entry.servings.map { .real($0) } ?? .null, entry.servingsUpper.map { .real($0) } ?? .null, .text(entry.source), .null,
        ])
        let row = database.lastInsertedRow
        try statements.insertSummary.run([.integer(row), .text(entry.summary)])
        for label in entry.labels {
            try statements.insertLabel.run([.integer(row), .text(label.kind.rawValue), .text(label.value), .text(label.folded)])
        }
        for image in entry.images {
            try statements.insertImage.run([.integer(row), .text(image)])
        }
        try statements.insertSearch.run([.integer(row)] + entry.search.columns.map { .text($0) })
    }

    private func insertUnreadable(_ file: Manifest.File, reason: String) throws {
        try delete(path: file.path)
        let id = String(file.path.dropFirst("recipes/".count).dropLast(".json".count))
        try statements.insertRecipe.run([.text(file.path), .text(file.sha256), .text(id), .null, .null, .null, .null, .null, .null, .text(reason)])
    }

    private func delete(path: String) throws {
        var rows: [Int64] = []
        try statements.rowOfPath.forEachRow([.text(path)]) { rows.append($0.integer(0)) }
        for row in rows {
            for statement in [statements.deleteLabels, statements.deleteImages, statements.deleteSearch, statements.deleteSummary, statements.deleteRecipe] {
                try statement.run([.integer(row)])
            }
        }
    }

    private static func value(_ text: String?) -> SQLiteStatement.Value {
        text.map { .text($0) } ?? .null
    }

    /// Whether a recipe in the index names the image at `path`.
    func isImageUsed(_ path: String) throws -> Bool {
        var used = false
        try statements.imageUser.forEachRow([.text(path)]) { _ in used = true }
        return used
    }

    // MARK: Reconcile

    /// Brings the index in step with the files `next` hands out (a manifest's entries with their
    /// checksums, in any order; only `recipes/` files count): a file whose checksum is not the
    /// one indexed is read again by `read`, an indexed path no longer listed is dropped. Returns
    /// how many recipes were read again. Changes are committed a thousand at a time, so a
    /// reconcile cut short keeps what it did; the next thousand are read and decoded on another
    /// thread meanwhile (reading is most of a rebuild's work, and a machine has two cores).
    func reconcile(next: () throws -> Manifest.File?, read: @escaping @Sendable (Manifest.File) -> Result<Recipe, Error>) throws -> Int {
        try commitGroup()
        var indexed: [String: String] = [:]
        try statements.allPaths.forEachRow { indexed[$0.text(0) ?? ""] = $0.text(1) ?? "" }
        var pending: [Manifest.File] = []
        var reading: ReadBatch?
        var readAgain = 0
        func write(_ batch: ReadBatch) throws {
            let entries = batch.wait()
            try database.transaction {
                for (file, entry) in entries {
                    switch entry {
                    case .success(let entry): try insert(file, entry: entry)
                    case .failure(let problem): try insertUnreadable(file, reason: problem.reason)
                    }
                }
            }
            readAgain += entries.count
        }
        func flush() throws {
            let batch = ReadBatch(pending, read: read)
            pending.removeAll(keepingCapacity: true)
            if let reading { try write(reading) }
            reading = batch
        }
        while let file = try next() {
            guard file.path.hasPrefix("recipes/") else { continue }
            let known = indexed.removeValue(forKey: file.path)
            // An empty checksum (a temporary index built from the files alone) always reads.
            guard known != file.sha256 || file.sha256.isEmpty else { continue }
            pending.append(file)
            if pending.count == 1000 { try flush() }
        }
        try flush()
        if let reading { try write(reading) }
        let gone = indexed.keys.sorted()
        for start in stride(from: 0, to: gone.count, by: 1000) {
            try database.transaction {
                for path in gone[start..<min(start + 1000, gone.count)] { try delete(path: path) }
            }
        }
        return readAgain + gone.count
    }

    /// Why a recipe file could not be indexed, said once on the reading thread.
    struct ReadProblem: Error {
        let reason: String
    }

    /// Up to a thousand recipe files read, decoded and turned into index rows on a thread of
    /// their own; `wait` hands them over in order.
    private final class ReadBatch: @unchecked Sendable {
        private let done = DispatchGroup()
        private var entries: [(Manifest.File, Result<IndexedRecipe, ReadProblem>)] = []

        init(_ files: [Manifest.File], read: @escaping @Sendable (Manifest.File) -> Result<Recipe, Error>) {
            done.enter()
            DispatchQueue.global().async { [self] in
                entries = files.map { file in
                    (file, read(file).map(IndexedRecipe.init).mapError { ReadProblem(reason: Library.describe($0)) })
                }
                done.leave()
            }
        }

        func wait() -> [(Manifest.File, Result<IndexedRecipe, ReadProblem>)] {
            done.wait()
            return entries
        }
    }

    // MARK: Statements

    /// Prepared once per index, reused for every recipe.
    private struct Statements {
        let setMeta, insertRecipe, insertSummary, insertLabel, insertImage, insertSearch, rowOfPath: SQLiteStatement
        let deleteLabels, deleteImages, deleteSearch, deleteSummary, deleteRecipe, allPaths, imageUser: SQLiteStatement

        /// Fails on a database that lacks the index's tables (not an index, or a damaged one).
        init(_ database: SQLiteDatabase) throws {
            func prepare(_ sql: String) throws -> SQLiteStatement {
                try database.prepare(sql)
            }
            setMeta = try prepare("INSERT OR REPLACE INTO meta VALUES (?, ?)")
            insertRecipe = try prepare("""
                INSERT INTO recipes(path, sha256, id, title, category, cuisine, servings, servings_upper, source, problem)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            insertSummary = try prepare("INSERT INTO summaries VALUES (?, ?)")
            insertLabel = try prepare("INSERT INTO labels VALUES (?, ?, ?, ?)")
            insertImage = try prepare("INSERT INTO images VALUES (?, ?)")
            insertSearch = try prepare("INSERT INTO search(rowid, \(LibraryIndex.searchColumns.joined(separator: ", "))) VALUES (?, ?, ?, ?, ?, ?, ?)")
            rowOfPath = try prepare("SELECT row FROM recipes WHERE path = ?")
            deleteLabels = try prepare("DELETE FROM labels WHERE recipe = ?")
            deleteImages = try prepare("DELETE FROM images WHERE recipe = ?")
            deleteSearch = try prepare("DELETE FROM search WHERE rowid = ?")
            deleteSummary = try prepare("DELETE FROM summaries WHERE row = ?")
            deleteRecipe = try prepare("DELETE FROM recipes WHERE row = ?")
            allPaths = try prepare("SELECT path, sha256 FROM recipes")
            imageUser = try prepare("SELECT 1 FROM images WHERE path = ? LIMIT 1")
        }
    }
}
