// The databases bench/sqlite-read/run.sh reads: setup DB wal|delete triggers|plain N (N rows, the
// schema of registrations.db; `triggers` adds the registration snapshots' triggers of issues 32 to 39).
#include <stdlib.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
static void x(sqlite3 *db, const char *sql) { char *e; if (sqlite3_exec(db, sql, 0, 0, &e)) { fprintf(stderr, "%s: %s\n", sql, e); _exit(1);} }
int main(int argc, char **argv) {
  sqlite3 *db; unlink(argv[1]);
  sqlite3_open(argv[1], &db);
  x(db, strcmp(argv[2], "wal") == 0 ? "PRAGMA journal_mode=WAL" : "PRAGMA journal_mode=DELETE");
  x(db, "PRAGMA synchronous=FULL");
  x(db, "CREATE TABLE registrations (server TEXT NOT NULL, app_id TEXT NOT NULL, user TEXT NOT NULL, user_is_null INTEGER NOT NULL, connection_id TEXT NOT NULL, api_version TEXT NOT NULL, anonymous INTEGER NOT NULL, security_configuration TEXT, created_at REAL NOT NULL, PRIMARY KEY (server, app_id, user));"
        "CREATE INDEX registrations_by_connection ON registrations (connection_id);"
        "CREATE TABLE pending_registrations (server TEXT NOT NULL, app_id TEXT NOT NULL, user TEXT NOT NULL, connection_id TEXT NOT NULL, PRIMARY KEY (server, app_id, user));"
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); PRAGMA user_version=1;");
  if (strcmp(argv[3], "triggers") == 0) x(db,
        "CREATE TABLE IF NOT EXISTS registration_changes (server TEXT NOT NULL, app_id TEXT NOT NULL, user TEXT NOT NULL, PRIMARY KEY (server, app_id, user));"
        "CREATE TRIGGER registrations_inserted AFTER INSERT ON registrations BEGIN INSERT OR IGNORE INTO registration_changes VALUES (NEW.server, NEW.app_id, NEW.user); END;"
        "CREATE TRIGGER registrations_updated AFTER UPDATE ON registrations BEGIN INSERT OR IGNORE INTO registration_changes VALUES (OLD.server, OLD.app_id, OLD.user); INSERT OR IGNORE INTO registration_changes VALUES (NEW.server, NEW.app_id, NEW.user); END;"
        "CREATE TRIGGER registrations_deleted AFTER DELETE ON registrations BEGIN INSERT OR IGNORE INTO registration_changes VALUES (OLD.server, OLD.app_id, OLD.user); END;");
  int n = atoi(argv[4]); char sql[512]; x(db, "BEGIN");
  for (int i = 0; i < n; i++) {
    snprintf(sql, sizeof sql, "INSERT INTO registrations VALUES ('http://127.0.0.1:1234', 'com.example.demo', 'load-%d', 0, lower(hex(randomblob(16))), 'latest', 0, 'DemoSSO', %d.5)", i, 1795706419 + i);
    x(db, sql);
  }
  x(db, "COMMIT");
  if (strcmp(argv[3], "triggers") == 0) x(db, "DELETE FROM registration_changes");
  x(db, "PRAGMA wal_checkpoint(TRUNCATE)");
  _exit(0); // as hubctl leaves: no close (a WAL database keeps its empty -wal and -shm)
}
