/// One forward step of the schema, applied once, in order, by `PRAGMA user_version`.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let apply: @Sendable (Database) throws -> Void

    public init(version: Int, name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}

/// Runs migrations: each one in its own transaction, skipped when the file is already at or past it.
public enum Migrator {
    /// Brings `db` up to the last of `migrations`, or to `target` when given (tests simulate old files this way).
    /// A file written by a newer program (user_version beyond ours) is refused rather than guessed at.
    public static func migrate(_ db: Database, migrations: [Migration], upTo target: Int? = nil) throws {
        let ordered = migrations.sorted { $0.version < $1.version }
        let latest = ordered.last?.version ?? 0
        if db.userVersion > latest {
            throw StoreError(code: StoreError.tooNewCode,
                             message: "database schema \(db.userVersion) is newer than this program (\(latest))")
        }
        for migration in ordered where migration.version <= (target ?? latest) {
            // Re-read inside the write transaction: another process may have migrated meanwhile.
            try db.transaction {
                guard db.userVersion < migration.version else { return }
                try migration.apply(db)
                try db.setUserVersion(migration.version)
            }
        }
    }
}
