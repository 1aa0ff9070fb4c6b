#include <sqlite3.h>

/// Turns off SQLite's memory statistics before the library initializes: with them on,
/// every allocation and free inside SQLite takes a process-wide mutex (seen as 8 % of
/// the store thread's samples at hangman saturation). Aula never reads the statistics.
/// `sqlite3_config` is variadic, which Swift cannot call; returns SQLITE_MISUSE if
/// SQLite was already initialized (harmless: the statistics simply stay on).
static inline int aula_sqlite3_memstatus_off(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
