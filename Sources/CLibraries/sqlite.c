// SQLite's functions hubctl calls, loaded on first use (include/CLibraries.h). Hidden: these names
// serve hubctl's own calls only.
#pragma GCC visibility push(hidden)
#include <sqlite3.h>
#pragma GCC visibility pop
#include "stubs.h"

#define SQLITE_STUB __attribute__((visibility("hidden")))
#define REAL(name) HUB_REAL(HUB_LIBRARY_SQLITE, name)

// Every function forwarded below, resolved together when the library loads (stubs.h).
#define HUB_SQLITE_FUNCTIONS(F) \
    F(sqlite3_open_v2) \
    F(sqlite3_close) \
    F(sqlite3_busy_timeout) \
    F(sqlite3_errmsg) \
    F(sqlite3_exec) \
    F(sqlite3_prepare_v2) \
    F(sqlite3_step) \
    F(sqlite3_finalize) \
    F(sqlite3_bind_text) \
    F(sqlite3_bind_int64) \
    F(sqlite3_bind_double) \
    F(sqlite3_bind_null) \
    F(sqlite3_column_type) \
    F(sqlite3_column_int) \
    F(sqlite3_column_double) \
    F(sqlite3_column_text)
HUB_FUNCTION_TABLE(hub_sqlite_functions, HUB_SQLITE_FUNCTIONS);

SQLITE_STUB int sqlite3_open_v2(const char *filename, sqlite3 **db, int flags, const char *vfs) {
    return REAL(sqlite3_open_v2)(filename, db, flags, vfs);
}
SQLITE_STUB int sqlite3_close(sqlite3 *db) { return REAL(sqlite3_close)(db); }
SQLITE_STUB int sqlite3_busy_timeout(sqlite3 *db, int ms) { return REAL(sqlite3_busy_timeout)(db, ms); }
SQLITE_STUB const char *sqlite3_errmsg(sqlite3 *db) { return REAL(sqlite3_errmsg)(db); }
SQLITE_STUB int sqlite3_exec(sqlite3 *db, const char *sql, int (*callback)(void *, int, char **, char **),
                             void *argument, char **error) {
    return REAL(sqlite3_exec)(db, sql, callback, argument, error);
}
SQLITE_STUB int sqlite3_prepare_v2(sqlite3 *db, const char *sql, int bytes, sqlite3_stmt **statement,
                                   const char **tail) {
    return REAL(sqlite3_prepare_v2)(db, sql, bytes, statement, tail);
}
SQLITE_STUB int sqlite3_step(sqlite3_stmt *statement) { return REAL(sqlite3_step)(statement); }
SQLITE_STUB int sqlite3_finalize(sqlite3_stmt *statement) { return REAL(sqlite3_finalize)(statement); }
SQLITE_STUB int sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes,
                                  void (*destructor)(void *)) {
    return REAL(sqlite3_bind_text)(statement, index, text, bytes, destructor);
}
SQLITE_STUB int sqlite3_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value) {
    return REAL(sqlite3_bind_int64)(statement, index, value);
}
SQLITE_STUB int sqlite3_bind_double(sqlite3_stmt *statement, int index, double value) {
    return REAL(sqlite3_bind_double)(statement, index, value);
}
SQLITE_STUB int sqlite3_bind_null(sqlite3_stmt *statement, int index) {
    return REAL(sqlite3_bind_null)(statement, index);
}
SQLITE_STUB int sqlite3_column_type(sqlite3_stmt *statement, int column) {
    return REAL(sqlite3_column_type)(statement, column);
}
SQLITE_STUB int sqlite3_column_int(sqlite3_stmt *statement, int column) {
    return REAL(sqlite3_column_int)(statement, column);
}
SQLITE_STUB double sqlite3_column_double(sqlite3_stmt *statement, int column) {
    return REAL(sqlite3_column_double)(statement, column);
}
SQLITE_STUB const unsigned char *sqlite3_column_text(sqlite3_stmt *statement, int column) {
    return REAL(sqlite3_column_text)(statement, column);
}
