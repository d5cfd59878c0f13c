// SQLite's process-wide settings (include/CLibraries.h). SQLite itself is linked in (Package.swift);
// sqlite3_config is variadic, so Swift cannot call it: this file does.
#include <sqlite3.h>
#include "CLibraries.h"

int hub_sqlite_configure(void) {
    // A registration read is one short statement on one connection: no lookaside buffer (about
    // 120 KB, every slot linked at open) and no page cache allocated ahead; each page is allocated
    // when read. No memory statistics (a mutex on every allocation).
    int rc = sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0);
    if (rc == SQLITE_OK) rc = sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
    if (rc == SQLITE_OK) rc = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return rc;
}
