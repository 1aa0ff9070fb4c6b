import CSQLite
import Foundation

/// Why a database file cannot be used as asked, in one line that names the file and
/// says what to do (session 11): a read-only file that `serve` would only discover at
/// the first login, a file too old for a command that must not change it, a backup
/// that is not a database. Not a `StoreError`: no code, nothing about SQLite's internals.
public struct DatabaseFileProblem: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ text: String) { description = text }
}

public enum DatabaseFileCheck {
    /// The file as a person would name it (absolute, no `./`).
    public static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Refuses a connection SQLite could only open for reading: every write
    /// (logins, rounds, `class close`) would fail later, one by one.
    static func requireWritable(_ db: Database) throws {
        guard db.isReadOnly else { return }
        throw DatabaseFileProblem("the database \(absolute(db.path)) is read-only (\(readOnlyReason(db.path))): "
            + "aula must write to it — make it writable (chmod u+w; chattr -i if it was made immutable), "
            + "copy it into a folder you can write in, or give another --db PATH")
    }

    /// Why a file cannot be written, as the system says it.
    static func readOnlyReason(_ path: String) -> String {
        if access(path, W_OK) != 0 { return String(cString: strerror(errno)) }
        var disk = statvfs()
        if statvfs(path, &disk) == 0, disk.f_flag & UInt(ST_RDONLY) != 0 { return "its disk is mounted read-only" }
        return "SQLite could open it for reading only"
    }

    /// For a connection opened read-only: the file must be a database of exactly
    /// this program's schema. An older one is not upgraded here (looking must not
    /// change a backup); `aula serve` upgrades it.
    static func requireCurrentSchema(_ db: Database) throws {
        let version: Int
        let tables: Int64
        do {
            version = Int(try db.scalar("PRAGMA user_version").int64 ?? 0)
            tables = try db.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('students', 'rounds', 'teachers')").int64 ?? 0
        } catch let error as StoreError {
            throw notADatabase(db.path, error)
        }
        let latest = Schema.latestVersion
        let name = absolute(db.path)
        if tables < 3 {
            throw DatabaseFileProblem("\(name) is not an Aula database (it has no students, rounds and teachers tables)")
        }
        if version > latest {
            throw tooNew(name, version)
        }
        if version < latest {
            throw DatabaseFileProblem("the database \(name) was written by an older aula (schema \(version); this aula reads "
                + "\(latest)): this command only reads, so it leaves the file as it is. To upgrade it, start "
                + "aula serve --db \(name) once (it upgrades the file; copy it first if it must stay as it is)")
        }
    }

    /// A file written by a newer aula: only that aula (or a newer one) can use it.
    public static func tooNew(_ name: String, _ version: Int) -> DatabaseFileProblem {
        DatabaseFileProblem("the database \(name) was written by a newer aula (schema \(version); this aula knows up to "
            + "\(Schema.latestVersion)): use the newer aula that wrote it")
    }

    /// SQLite could not read the file as a database: say so about this file, in words.
    public static func notADatabase(_ path: String, _ error: StoreError) -> DatabaseFileProblem {
        if error.primaryCode == SQLITE_NOTADB || error.primaryCode == SQLITE_CORRUPT {
            return DatabaseFileProblem("\(absolute(path)) is not a database aula can read (SQLite: \(error.message))")
        }
        return DatabaseFileProblem("cannot read \(absolute(path)): \(error.message)")
    }
}
