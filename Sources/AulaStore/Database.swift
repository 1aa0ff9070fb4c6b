import CSQLite
import Foundation

/// SQLite's "copy the bytes now" destructor, for binding transient Swift buffers.
private let transientDestructor = unsafeBitCast(Int(-1), to: sqlite3_destructor_type.self)

/// One SQLite connection; not thread-safe, it has one owner (the store's thread, a CLI command or a test).
public final class Database {
    private var handle: OpaquePointer?
    /// Prepared statements by SQL text: prepared once, reset and re-bound on every use.
    private var statements: [String: OpaquePointer] = [:]
    private var transactionDepth = 0
    public let path: String
    /// Set by `Store` while it runs a batch of writes without a savepoint each: nested
    /// `transaction` calls then open none either. A savepoint copies every page the
    /// write then touches into the sub-journal (4 KB each, ~30 pages a saved round),
    /// only to be thrown away at RELEASE when nothing failed, which is nearly always.
    var elidingSavepoints = false
    /// A nested `transaction` threw while savepoints were elided (even if its caller
    /// caught it): its partial work cannot be undone alone, so the batch is run again.
    var elidedBodyThrew = false

    /// Opens (or creates) the file with WAL, foreign keys, a busy timeout and synchronous=NORMAL.
    /// `readOnly`: opens an existing file only to read it, changing nothing in it (no WAL
    /// switch, no migration): what the commands that only look use (a backup on a USB stick).
    public init(path: String, busyTimeout: Double = 5, readOnly: Bool = false) throws {
        self.path = path
        _ = Database.configureOnce
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            if let db { sqlite3_close_v2(db) }
            throw StoreError(code: rc, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Int32(max(0, busyTimeout * 1000)))
        if readOnly { return }
        do {
            // Asked for writing, given reading only (chattr +i, a read-only disk): said now,
            // not at the first login's write (session 11).
            try DatabaseFileCheck.requireWritable(self)
            // WAL lets CLI commands read and write while the server runs and survives kill -9.
            let mode = try scalar("PRAGMA journal_mode=WAL").string?.lowercased() ?? ""
            if mode != "wal" && mode != "memory" {
                throw StoreError(code: StoreError.otherCode, message: "cannot switch \(path) to WAL (journal_mode=\(mode))")
            }
            try execute("PRAGMA foreign_keys=ON")
            try execute("PRAGMA synchronous=NORMAL")
            // Statement journals and sort b-trees stay in memory: on disk each one is a
            // create + unlink + writes in /var/tmp for every batch of rounds (seen with strace).
            try execute("PRAGMA temp_store=MEMORY")
            // Checkpoint every ~32 MB of log instead of every 4 MB (1000 pages): the pages
            // saving rounds rewrites (totals, the indexes' leaves) are copied into the file
            // once per checkpoint, however often they were committed since. Durability is
            // the commit's, not the checkpoint's; the log is truncated on a clean close.
            try execute("PRAGMA wal_autocheckpoint=\(Database.autocheckpointPages)")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Pages of WAL after which a commit checkpoints (SQLite's default is 1000).
    static let autocheckpointPages = 8000

    /// Process-wide SQLite settings, applied before the first connection opens (a
    /// `static let` runs once, thread-safely).
    private static let configureOnce: Void = {
        _ = aula_sqlite3_memstatus_off()
    }()

    public var isOpen: Bool { handle != nil }

    /// True when SQLite could open the file for reading only (a read-only or
    /// immutable file, a read-only disk): every write would fail.
    public var isReadOnly: Bool {
        guard let handle else { return true }
        return sqlite3_db_readonly(handle, "main") == 1
    }

    /// Finalizes every cached statement and closes the connection; safe to call twice.
    public func close() {
        for (_, stmt) in statements { sqlite3_finalize(stmt) }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// True when the file this connection has open was deleted, renamed or replaced
    /// since (SQLITE_FCNTL_HAS_MOVED): writes would then go to a file nobody will open again.
    public func hasMoved() -> Bool {
        guard let handle else { return false }
        var moved: Int32 = 0
        let rc = sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
        return rc == SQLITE_OK && moved != 0
    }

    private func openHandle() throws -> OpaquePointer {
        guard let handle else { throw StoreError.closed }
        return handle
    }

    private func error(_ rc: Int32) -> StoreError {
        guard let handle else { return StoreError(code: rc, message: String(cString: sqlite3_errstr(rc))) }
        return StoreError(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs SQL text without parameters: migrations and pragmas, possibly several statements.
    public func execute(_ sql: String) throws {
        let db = try openHandle()
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &errmsg)
        if rc != SQLITE_OK {
            let message = errmsg.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(db))
            sqlite3_free(errmsg)
            throw StoreError(code: rc, message: message)
        }
    }

    /// Runs one statement with bound parameters, discarding any rows.
    public func run(_ sql: String, _ params: [SQLValue] = []) throws {
        try withStatement(sql, params) { stmt in
            while true {
                let rc = sqlite3_step(stmt)
                if rc == SQLITE_DONE { return }
                if rc != SQLITE_ROW { throw error(rc) }
            }
        }
    }

    /// Runs one statement with bound parameters and returns every row.
    public func query(_ sql: String, _ params: [SQLValue] = []) throws -> [Row] {
        try withStatement(sql, params) { stmt in
            let count = sqlite3_column_count(stmt)
            let names = (0..<count).map { String(cString: sqlite3_column_name(stmt, $0)) }
            var rows: [Row] = []
            while true {
                let rc = sqlite3_step(stmt)
                if rc == SQLITE_DONE { return rows }
                if rc != SQLITE_ROW { throw error(rc) }
                rows.append(Row(columns: names, values: (0..<count).map { column(stmt, $0) }))
            }
        }
    }

    /// The first column of the first row, or `.null` when there is no row.
    public func scalar(_ sql: String, _ params: [SQLValue] = []) throws -> SQLValue {
        try withStatement(sql, params) { stmt in
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_ROW {
                let value = column(stmt, 0)
                // Step to the end so a write statement with RETURNING completes.
                while true {
                    let next = sqlite3_step(stmt)
                    if next == SQLITE_DONE { break }
                    if next != SQLITE_ROW { throw error(next) }
                }
                return value
            }
            if rc == SQLITE_DONE { return .null }
            throw error(rc)
        }
    }

    /// The first column of the first row as an integer, for COUNT/EXISTS/COALESCE queries that
    /// always answer one non-NULL row: no row or a NULL is a bug in the SQL and throws, never reads as 0.
    public func scalarInt(_ sql: String, _ params: [SQLValue] = []) throws -> Int {
        let value = try scalar(sql, params)
        guard let n = value.int else {
            throw StoreError(code: StoreError.columnCode, message: "expected one integer, got \(value.isNull ? "no value" : "\(value)"): \(sql)")
        }
        return n
    }

    /// `scalarInt` for a `SELECT EXISTS (...)`.
    public func scalarBool(_ sql: String, _ params: [SQLValue] = []) throws -> Bool {
        try scalarInt(sql, params) != 0
    }

    public var lastInsertRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int {
        handle.map { Int(sqlite3_changes($0)) } ?? 0
    }

    public var isInTransaction: Bool {
        handle.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }

    /// Runs `body` in a transaction: BEGIN IMMEDIATE/COMMIT outermost, SAVEPOINTs when nested;
    /// a throw rolls back (to the savepoint when nested) and rethrows.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        let depth = transactionDepth
        if depth > 0 && elidingSavepoints {
            // No savepoint: the store rolls the whole batch back and runs it again
            // with savepoints if this (or any write of the batch) throws.
            transactionDepth += 1
            defer { transactionDepth = depth }
            do {
                return try body()
            } catch {
                elidedBodyThrew = true
                throw error
            }
        }
        let savepoint = "aula_sp\(depth)"
        // BEGIN, SAVEPOINT, RELEASE and COMMIT run as cached prepared statements:
        // every saved round opens two savepoints, and `sqlite3_exec` parsed and
        // compiled each of them again (the rare rollbacks still go through it).
        if depth == 0 {
            try run("BEGIN IMMEDIATE")
        } else {
            try run(depth < Database.savepointSQL.count ? Database.savepointSQL[depth] : "SAVEPOINT \(savepoint)")
        }
        transactionDepth += 1
        do {
            let result = try body()
            transactionDepth -= 1
            if depth == 0 {
                do {
                    try run("COMMIT")
                } catch {
                    rollbackAll()
                    throw error
                }
            } else {
                try run(depth < Database.releaseSQL.count ? Database.releaseSQL[depth] : "RELEASE \(savepoint)")
            }
            return result
        } catch {
            transactionDepth = depth
            if depth == 0 {
                rollbackAll()
            } else if isInTransaction {
                try? execute("ROLLBACK TO \(savepoint)")
                try? execute("RELEASE \(savepoint)")
            }
            throw error
        }
    }

    /// The savepoint statements of the first nesting levels, written once.
    private static let savepointSQL = (0..<8).map { "SAVEPOINT aula_sp\($0)" }
    private static let releaseSQL = (0..<8).map { "RELEASE aula_sp\($0)" }

    /// Rolls back whatever is open; SQLite may already have done so after FULL or IOERR.
    private func rollbackAll() {
        if isInTransaction { try? execute("ROLLBACK") }
    }

    public var userVersion: Int {
        (try? scalar("PRAGMA user_version").int) ?? 0
    }

    /// Sets `PRAGMA user_version`; pragmas take no bound parameters, and the value is an Int from our code.
    public func setUserVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// `PRAGMA integrity_check`: "ok" when the file is sound, otherwise the problems, one a line.
    public func integrityCheck() throws -> String {
        try query("PRAGMA integrity_check").compactMap { $0[0].string }.joined(separator: "\n")
    }

    /// Moves the WAL into the main file and truncates it (done on a clean close).
    public func checkpoint() throws {
        try execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    // MARK: - Statements

    private func withStatement<T>(_ sql: String, _ params: [SQLValue], _ body: (OpaquePointer) throws -> T) throws -> T {
        let stmt = try prepared(sql)
        defer {
            sqlite3_reset(stmt)
            sqlite3_clear_bindings(stmt)
        }
        let expected = Int(sqlite3_bind_parameter_count(stmt))
        guard expected == params.count else {
            throw StoreError(code: SQLITE_RANGE, message: "expected \(expected) parameters, got \(params.count): \(sql)")
        }
        for (i, value) in params.enumerated() {
            try bind(stmt, Int32(i + 1), value)
        }
        return try body(stmt)
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let stmt = statements[sql] { return stmt }
        let db = try openHandle()
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(rc) }
        statements[sql] = stmt
        return stmt
    }

    private func bind(_ stmt: OpaquePointer, _ index: Int32, _ value: SQLValue) throws {
        let rc: Int32
        switch value {
        case .integer(let v): rc = sqlite3_bind_int64(stmt, index, v)
        case .real(let v): rc = sqlite3_bind_double(stmt, index, v)
        case .text(let s):
            rc = sqlite3_bind_text(stmt, index, s, Int32(s.utf8.count), transientDestructor)
        case .blob(let b):
            rc = b.withUnsafeBytes { raw in
                sqlite3_bind_blob(stmt, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), transientDestructor)
            }
        case .null: rc = sqlite3_bind_null(stmt, index)
        }
        if rc != SQLITE_OK { throw error(rc) }
    }

    private func column(_ stmt: OpaquePointer, _ i: Int32) -> SQLValue {
        switch sqlite3_column_type(stmt, i) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(stmt, i))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(stmt, i))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(stmt, i))
            guard let p = sqlite3_column_text(stmt, i) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(stmt, i))
            guard count > 0, let p = sqlite3_column_blob(stmt, i) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: p, count: count)))
        default: return .null
        }
    }
}
