// A typed wrapper for the one `sqlite3_db_config` option the history sets: the function is variadic, which
// Swift cannot call. No logic lives here.
#ifndef AFRUN_CSQLITECONFIG_H
#define AFRUN_CSQLITECONFIG_H

#include <sqlite3.h>

/// Makes closing `db` leave its WAL as it is: no checkpoint, no deletion of the `-wal` file
/// (`SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`). Returns SQLite's result code.
static inline int afh_keep_wal_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
