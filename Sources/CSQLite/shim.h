#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast of -1 to a function pointer, a macro Swift cannot import: these
   wrappers bind text and blobs that SQLite copies before the call returns. */
static inline int larder_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes) {
    return sqlite3_bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}

/* sqlite3_config is variadic, which Swift refuses: the minimum memory a sort uses before it
   writes to a temporary file, in pages (see SQLiteDatabase.keepSortsInMemory). */
static inline int larder_sqlite3_config_sort_pages(unsigned int pages) {
    return sqlite3_config(SQLITE_CONFIG_PMASZ, pages);
}
