import CSQLite
import Foundation

/// The little of SQLite's C API the library index needs: a connection, statements with bound
/// values, rows read column by column. Errors carry SQLite's own message (`file is not a
/// database`), which `LibraryIndex` turns into a sentence about the index.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    let path: String

    /// Sorts of up to 8 MB (2,048 pages of 4 KB) are done in memory. SQLite's own threshold is
    /// its page cache, 2 MB: `list --search chickpea` (16,000 hits among 100,000 recipes, 2.1 MB
    /// of sorted rows) wrote a temporary file of 520 pages, read it back and deleted it, 2 ms of
    /// its 40 ms of CPU time. A larger page cache would keep the sort in memory too, but cost
    /// more than it saves (a `list` reads each page once). Larger sorts still go to a file, so
    /// memory stays bounded whatever the library's size. A setting of the whole process, taken
    /// before SQLite starts (the first database opened).
    private static let keepSortsInMemory: Void = {
        _ = larder_sqlite3_config_sort_pages(2048)
    }()

    /// Opens (creating when asked) the database at `path`.
    init(path: String, create: Bool) throws {
        Self.keepSortsInMemory
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(handle)
            throw SQLiteError(message: message)
        }
        self.handle = handle
        self.path = path
        // A writer holding the database for a moment (one recipe's change) is waited for.
        sqlite3_busy_timeout(handle, 5000)
        // With the write-ahead log, NORMAL syncs at checkpoints, not at every commit (one per
        // recipe stored): a power cut may lose the last changes, and with them the `clean` mark
        // committed after them, so the index is then reconciled, never wrong.
        sqlite3_exec(handle, "PRAGMA synchronous=NORMAL", nil, nil, nil)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that returns no rows (several statements may be given).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw SQLiteError(message: text)
        }
    }

    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteError(message: lastError)
        }
        return SQLiteStatement(statement, database: self)
    }

    /// Runs `body` in one transaction, taken for writing at once (`BEGIN IMMEDIATE`); rolled
    /// back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    var lastError: String { String(cString: sqlite3_errmsg(handle)) }
}

/// One prepared statement. `bind` then `step` (or `rows`); `reset` to run it again.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let database: SQLiteDatabase

    fileprivate init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit {
        sqlite3_finalize(statement)
    }

    enum Value {
        case text(String)
        case integer(Int64)
        case real(Double)
        case null
    }

    /// Binds values to the `?` placeholders, in order, after a reset.
    @discardableResult
    func bind(_ values: [Value]) throws -> SQLiteStatement {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .text(let text):
                status = text.withCString { larder_sqlite3_bind_text(statement, index, $0, Int32(strlen($0))) }
            case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
            case .real(let number): status = sqlite3_bind_double(statement, index, number)
            case .null: status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else { throw SQLiteError(message: database.lastError) }
        }
        return self
    }

    /// Advances to the next row: false when there is none.
    func step() throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(message: database.lastError)
        }
    }

    /// Runs a statement that returns no rows.
    func run(_ values: [Value] = []) throws {
        try bind(values)
        while try step() {}
        sqlite3_reset(statement)
    }

    /// Calls `body` for each row.
    func forEachRow(_ values: [Value] = [], _ body: (SQLiteStatement) throws -> Void) throws {
        try bind(values)
        while try step() { try body(self) }
        sqlite3_reset(statement)
    }

    func text(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: text)
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func real(_ column: Int32) -> Double? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement, column)
    }
}

struct SQLiteError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
