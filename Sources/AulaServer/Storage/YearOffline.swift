import Foundation
import AulaStore

/// What `aula backup`, `restore`, `forget`, `prune` and `export student` do
/// straight on the database file (issue 17). The executable reads arguments
/// and asks for confirmation; the work and its checks are here.
public enum YearOffline {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ text: String) { description = text }
    }

    /// `aula backup FILE`: an online copy (`VACUUM INTO`, the server may keep
    /// running and writing) checked with `integrity_check`. Returns its size.
    public static func backup(databasePath: String, to target: String) throws -> Int {
        // Said in words, not as a StoreError code (a teacher's week: "StoreError(-1)…
        // already exists", and "StoreError(14)" for a USB stick that was not there).
        if FileManager.default.fileExists(atPath: target) {
            throw Failure("\(target) already exists: choose another name, or delete it first")
        }
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure("the folder \(folder) does not exist (is the USB stick plugged in and mounted?)")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw Failure("cannot write into \(folder) (no permission)")
        }
        // Read-only: a backup of a read-only file works, and the file is not changed (session 11).
        let db = try Database(path: databasePath, readOnly: true)
        defer { db.close() }
        try db.backup(into: target)
        let size = (try? FileManager.default.attributesOfItem(atPath: target)[.size] as? Int) ?? 0
        return size
    }

    /// Checks a file before `restore` puts it in place: a sound SQLite file with Aula's
    /// tables and a schema this aula can open. It is opened for reading only (the backup
    /// stays as it was), and every complaint names it, not the current database.
    public static func checkRestorable(_ file: String) throws {
        guard FileManager.default.fileExists(atPath: file) else { throw Failure("\(file) does not exist") }
        let version: Int
        do {
            let db = try Database(path: file, readOnly: true)
            defer { db.close() }
            let check = try db.integrityCheck()
            guard check == "ok" else { throw Failure("the backup \(file) failed its integrity check: \(check) — choose another backup") }
            let tables = try db.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('students', 'rounds', 'teachers')")
            guard tables.int64 == 3 else {
                throw Failure("\(file) is not an Aula database (no students, rounds and teachers tables) — choose another backup")
            }
            version = db.userVersion
        } catch let error as StoreError {
            throw Failure(DatabaseFileCheck.notADatabase(file, error).description + " — choose another backup")
        }
        // `serve` would refuse it afterwards: refused now, before the current file moves.
        if version > Schema.latestVersion {
            throw Failure("the backup \(file) was written by a newer aula (schema \(version); this aula knows up to "
                + "\(Schema.latestVersion)): restore it with that newer aula, or choose another backup")
        }
    }

    /// Where `restore` keeps the current database: `PATH.bak`, or `PATH.bak-STAMP`
    /// when that exists; nil when there is no current database. Asked before the
    /// question, so the question says the real name.
    public static func keptName(databasePath: String, at now: Date = Date()) -> String? {
        let fm = FileManager.default
        guard fm.fileExists(atPath: databasePath) else { return nil }
        let bak = databasePath + ".bak"
        return fm.fileExists(atPath: bak) ? bak + "-" + BackupFiles.stamp(now) : bak
    }

    /// Refused while a server holds the database: said before anything is asked.
    public static func refuseWhileServing(databasePath: String) throws {
        if let held = DatabaseLock.isHeld(databasePath: databasePath) {
            throw Failure("refusing to restore while a server uses the database: \(held)")
        }
    }

    /// `aula restore FILE`: with no server holding the database, the current
    /// file is kept as `keptName` (decided before asking) and a fresh copy of
    /// FILE takes its place. Returns the path of the kept file.
    public static func restore(databasePath: String, from file: String, keepingAs chosen: String? = nil) throws -> String? {
        let lock: DatabaseLock
        do {
            lock = try DatabaseLock(databasePath: databasePath)
        } catch let failure as DatabaseLock.Failure {
            throw Failure("refusing to restore while a server uses the database: \(failure)")
        }
        defer { lock.release() }
        try checkRestorable(file)
        let fm = FileManager.default
        var kept: String?
        if fm.fileExists(atPath: databasePath) {
            // Fold the WAL into the file first, so the kept copy is whole on its own.
            let old = try Database(path: databasePath)
            try? old.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            old.close()
            var bak = chosen ?? databasePath + ".bak"
            if fm.fileExists(atPath: bak) { bak = keptName(databasePath: databasePath) ?? bak }
            try fm.moveItem(atPath: databasePath, toPath: bak)
            kept = bak
        }
        for suffix in ["-wal", "-shm"] { try? fm.removeItem(atPath: databasePath + suffix) }
        let source = try Database(path: file, readOnly: true)
        defer { source.close() }
        try source.backup(into: databasePath)
        return kept
    }

    /// The students a name matches (one per group).
    /// `readOnly`: for `export student`, which only looks (the file is not upgraded).
    public static func matches(databasePath: String, name: String, group: String?,
                               readOnly: Bool = false) throws -> [(id: Int64, group: String, name: String)] {
        let store = try Store(path: databasePath, readOnly: readOnly)
        defer { store.close() }
        return try store.sync { db in
            try db.students(named: name, group: group).map { ($0.student.id, $0.group, $0.student.name) }
        }
    }

    /// `aula forget`: deletes the student and every row about them, and audits
    /// it without personal data. Returns the rows still about them (0).
    public static func forget(databasePath: String, studentID: Int64, by who: String) throws -> Int {
        let store = try Store(path: databasePath)
        defer { store.close() }
        return try store.sync { db in
            try db.forgetStudent(id: studentID)
            try db.appendAudit(at: Date().timeIntervalSince1970, teacher: who, command: "forget (one student)", outcome: "ok")
            return try db.rowsAbout(studentID: studentID)
        }
    }

    /// `aula prune --inactive DAYS`: how many students have had no activity for
    /// `days` days, and (unless `dryRun`) deletes them. Audited without names.
    public static func prune(databasePath: String, inactiveDays days: Int, dryRun: Bool, by who: String) throws -> Int {
        let store = try Store(path: databasePath)
        defer { store.close() }
        let cutoff = Date().timeIntervalSince1970 - Double(days) * 86_400
        return try store.sync { db in
            if dryRun { return try db.inactiveStudents(before: cutoff).count }
            let count = try db.pruneInactive(before: cutoff)
            try db.appendAudit(at: Date().timeIntervalSince1970, teacher: who,
                               command: "prune --inactive \(days)", outcome: "\(count) students deleted")
            return count
        }
    }

    /// `aula export student NAME`: everything stored about the student, as JSON.
    public static func studentJSON(databasePath: String, studentID: Int64) throws -> Data {
        let store = try Store(path: databasePath, readOnly: true)
        defer { store.close() }
        let record = try store.sync { db in try db.studentRecord(id: studentID) }
        guard let record else { throw Failure("no such student") }
        return try JSONSerialization.data(withJSONObject: record, options: [.prettyPrinted, .sortedKeys])
    }
}
