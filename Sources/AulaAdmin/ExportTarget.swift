import Foundation
import AulaGames
import AulaServer

/// Where a console `export` may write (SPEC §12; issue 12, defect 8:
/// `export aula.sqlite` once replaced the live database with a CSV). A file
/// name only, ending in `.csv`, in the exports folder (`exports/` beside the
/// database, or `--export-dir`); never the database, its journal files or the
/// content; never over an existing file unless `--force`. Pure: names and
/// paths in, a decision out (the file system is `ExportFile`'s).
struct ExportTarget: Equatable {
    /// The exports folder and the file's full path in it.
    let directory: String
    let path: String

    static let maxNameLength = 120

    /// The folder exports go to: `exportDirectory`, else `exports/` beside the database.
    static func directory(exportDirectory: String?, databasePath: String) -> String {
        if let exportDirectory, !exportDirectory.isEmpty { return absolute(exportDirectory) }
        return (absolute(databasePath) as NSString).deletingLastPathComponent + "/exports"
    }

    /// Checks a typed file name; the target in `directory`, or why not.
    static func check(name: String, directory: String, protected: [String]) -> Result<ExportTarget, Refusal> {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.count > maxNameLength || trimmed.contains("/") || trimmed.contains("\\")
            || trimmed.hasPrefix(".") || trimmed.hasPrefix("~") || trimmed.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            return .failure(Refusal(code: "export_name_invalid", args: [String(trimmed.prefix(40))]))
        }
        let lower = trimmed.lowercased()
        guard lower.hasSuffix(".csv"), lower.count > 4 else {
            return .failure(Refusal(code: "export_not_csv", args: [trimmed]))
        }
        let path = standard(directory + "/" + trimmed)
        if protected.contains(where: { isSameOrInside(path, $0) }) {
            return .failure(Refusal(code: "export_protected", args: [trimmed]))
        }
        return .success(ExportTarget(directory: directory, path: path))
    }

    /// What an export must never touch: the database and its journal files
    /// (WAL, shared memory, rollback journal) and the content folders.
    static func protectedPaths(databasePath: String, contentDirectory: String) -> [String] {
        let db = standard(absolute(databasePath))
        let content = standard(absolute(contentDirectory))
        return [db, db + "-wal", db + "-shm", db + "-journal", content + "/Levels", content + "/Decks"]
    }

    /// `path` is `protected` or lies inside it (a protected folder).
    static func isSameOrInside(_ path: String, _ protected: String) -> Bool {
        path == protected || path.hasPrefix(protected + "/")
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// `..` and `.` folded, symbolic links followed where they exist — so a
    /// link in the exports folder cannot point the CSV at the database.
    static func standard(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

/// Writes an export's bytes: without `force` the file is created only if it
/// does not exist (O_EXCL, so no race can overwrite one); with `force` a
/// regular file is replaced by a rename (never through a symbolic link).
enum ExportFile {
    enum Failure: Error { case exists, notRegular, unwritable }

    static func write(_ text: String, to target: ExportTarget, force: Bool) -> Result<Void, Failure> {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: target.directory, withIntermediateDirectories: true)
        } catch {
            return .failure(.unwritable)
        }
        // attributesOfItem does not follow links: a link is "not regular".
        if let type = (try? manager.attributesOfItem(atPath: target.path))?[.type] as? FileAttributeType {
            guard force else { return .failure(.exists) }
            guard type == .typeRegular else { return .failure(.notRegular) }
        }
        let bytes = Array(text.utf8)
        if !force {
            let fd = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd < 0 { return .failure(errno == EEXIST ? .exists : .unwritable) }
            defer { close(fd) }
            return writeAll(fd, bytes) ? .success(()) : .failure(.unwritable)
        }
        let temporary = target.directory + "/.export-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if fd < 0 { return .failure(.unwritable) }
        let written = writeAll(fd, bytes) && fsync(fd) == 0
        close(fd)
        guard written, rename(temporary, target.path) == 0 else {
            unlink(temporary)
            return .failure(.unwritable)
        }
        return .success(())
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
