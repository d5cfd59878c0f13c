// Issue 40, item 3: what each way of reading one registration with SQLite costs, outside hubctl.
// One process makes one read of one row of 10,000 (bench/sqlite-read/run.sh times them in turns).
// usage: read MODE DB; MODE is `none` (start and exit only) or a comma list:
//   dyn|static  libsqlite3.so.0 loaded with dlopen (16 functions resolved, as hubctl did) | linked in
//   rw|ro       SQLITE_OPEN_READWRITE | SQLITE_OPEN_READONLY
//   count|uv|hdr  PRAGMA synchronous and sqlite_master counted (as hubctl did) | PRAGMA user_version |
//               no check (hubctl reads the header itself)
//   cfg         (static only) no lookaside, no page-cache preallocation, no memory statistics
#include <sqlite3.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
typedef struct {
  int (*open_v2)(const char*, sqlite3**, int, const char*);
  int (*busy)(sqlite3*, int);
  int (*exec)(sqlite3*, const char*, void*, void*, char**);
  int (*prepare)(sqlite3*, const char*, int, sqlite3_stmt**, const char**);
  int (*step)(sqlite3_stmt*);
  int (*finalize)(sqlite3_stmt*);
  int (*bind_text)(sqlite3_stmt*, int, const char*, int, void(*)(void*));
  int (*col_int)(sqlite3_stmt*, int);
  const unsigned char *(*col_text)(sqlite3_stmt*, int);
} api;
int main(int argc, char **argv) {
  if (strcmp(argv[1], "none") == 0) _exit(0);
  api a;
#ifdef STATIC
  a.open_v2 = sqlite3_open_v2; a.busy = sqlite3_busy_timeout; a.exec = (void*)sqlite3_exec; a.prepare = sqlite3_prepare_v2;
  a.step = sqlite3_step; a.finalize = sqlite3_finalize; a.bind_text = sqlite3_bind_text; a.col_int = sqlite3_column_int; a.col_text = sqlite3_column_text;
#else
  void *h = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!h) _exit(3);
  const char *names[] = {"sqlite3_open_v2","sqlite3_busy_timeout","sqlite3_exec","sqlite3_prepare_v2","sqlite3_step","sqlite3_finalize","sqlite3_bind_text","sqlite3_column_int","sqlite3_column_text",
    "sqlite3_close","sqlite3_errmsg","sqlite3_bind_int64","sqlite3_bind_double","sqlite3_bind_null","sqlite3_column_type","sqlite3_column_double"};
  void **slots = (void**)&a;
  for (int i = 0; i < 16; i++) { void *f = dlsym(h, names[i]); if (!f) _exit(4); if (i < 9) slots[i] = f; }
#endif
#ifdef STATIC
  if (strstr(argv[1], "cfg")) {
    sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0);
    sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  }
#endif
  int ro = strstr(argv[1], "ro") != NULL, uv = strstr(argv[1], "uv") != NULL, hdr = strstr(argv[1], "hdr") != NULL;
  sqlite3 *db;
  int flags = (ro ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW;
  if (a.open_v2(argv[2], &db, flags, NULL) != SQLITE_OK) _exit(5);
  a.busy(db, 30000);
  sqlite3_stmt *s;
  if (hdr) {
  } else if (!uv) {
    if (a.exec(db, "PRAGMA synchronous=FULL", NULL, NULL, NULL) != SQLITE_OK) _exit(6);
    a.prepare(db, "SELECT count(*) FROM sqlite_master WHERE name IN ('registrations', 'registrations_by_connection', 'pending_registrations', 'meta', 'registration_changes', 'registrations_inserted', 'registrations_updated', 'registrations_deleted')", -1, &s, NULL);
    if (a.step(s) != SQLITE_ROW) _exit(7);
    a.finalize(s);
  } else {
    a.prepare(db, "PRAGMA user_version", -1, &s, NULL);
    if (a.step(s) != SQLITE_ROW || a.col_int(s, 0) != 1) _exit(8);
    a.finalize(s);
  }
  if (a.prepare(db, "SELECT server, app_id, user, user_is_null, connection_id, api_version, anonymous, security_configuration, created_at FROM registrations WHERE server = ? AND app_id = ? AND user = ?", -1, &s, NULL) != SQLITE_OK) _exit(9);
  a.bind_text(s, 1, "http://127.0.0.1:1234", -1, SQLITE_TRANSIENT);
  a.bind_text(s, 2, "com.example.demo", -1, SQLITE_TRANSIENT);
  a.bind_text(s, 3, "load-4242", -1, SQLITE_TRANSIENT);
  if (a.step(s) != SQLITE_ROW) _exit(10);
  if (strlen((const char*)a.col_text(s, 4)) < 5) _exit(11);
  a.finalize(s);
  _exit(0);
}
