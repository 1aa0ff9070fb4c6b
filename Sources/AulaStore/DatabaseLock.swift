import Foundation

/// One server per database (issue 17): an advisory `flock` on `PATH.lock`
/// beside the database, held for the server's whole life, with the holder's
/// PID written inside so a refused second server can say who holds it. The
/// kernel drops the lock when the process dies (even after kill -9), so a
/// stale file never blocks a restart. `restore` takes the same lock to make
/// sure no server is running.
// @unchecked Sendable: `fd` is set in init and cleared only by `release()`, which its one owner
// (RunningServer, `aula restore`) calls once, after the loop that used the database stopped.
public final class DatabaseLock: @unchecked Sendable {
    public let path: String
    private var fd: Int32
    /// The server before this one did not stop cleanly (its PID was still in the
    /// file, which a clean stop empties): what it was playing was not saved.
    public private(set) var previousRunStoppedUncleanly = false
    /// When that server started, if it wrote it (Unix seconds).
    public private(set) var previousRunStartedAt: Double?

    /// Why the lock could not be taken: held by another process (its PID, when readable) or an I/O error.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case held(lockPath: String, pid: Int32?)
        case cannotOpen(lockPath: String, reason: String)
        /// The database's folder does not exist (`--db /nonexistent/x.sqlite`).
        case missingFolder(folder: String)

        public var description: String {
            switch self {
            case .held(let path, let pid):
                let who = pid.map { "process \($0)" } ?? "another process"
                return "the database is in use by another aula serve (\(who), lock \(path)) — stop it first, or use another --db"
            case .cannotOpen(let path, let reason):
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
                return "cannot write in the folder \(folder) (\(reason)): aula serve keeps its lock file and the "
                    + "database's log beside the database — give a --db PATH in a folder you can write in"
            case .missingFolder(let folder):
                return "the folder \(folder) does not exist, so the database cannot be created there: "
                    + "create it (mkdir -p \(folder)) or give another --db PATH"
            }
        }
    }

    public static func lockPath(forDatabase databasePath: String) -> String { databasePath + ".lock" }

    /// Takes the lock without waiting, or throws `Failure.held`.
    public init(databasePath: String) throws {
        path = DatabaseLock.lockPath(forDatabase: databasePath)
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
            if code == ENOENT && !FileManager.default.fileExists(atPath: folder) { throw Failure.missingFolder(folder: folder) }
            throw Failure.cannotOpen(lockPath: path, reason: String(cString: strerror(code)))
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = DatabaseLock.readPID(fd)
            close(fd)
            fd = -1
            throw Failure.held(lockPath: path, pid: holder)
        }
        // Still written: the holder before us died without letting go (kill -9, a power cut).
        let previous = DatabaseLock.readLines(fd)
        previousRunStoppedUncleanly = !previous.isEmpty
        previousRunStartedAt = previous.count > 1 ? Double(previous[1]) : nil
        let text = "\(getpid())\n\(Date().timeIntervalSince1970)\n"
        _ = ftruncate(fd, 0)
        _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    /// True when some process holds the lock of this database right now (a running server).
    public static func isHeld(databasePath: String) -> Failure? {
        do {
            let lock = try DatabaseLock(databasePath: databasePath)
            lock.release()
            return nil
        } catch let failure as Failure {
            if case .held = failure { return failure }
            return nil
        } catch {
            return nil
        }
    }

    /// Lets go (the file stays; it means nothing without the lock).
    public func release() {
        guard fd >= 0 else { return }
        _ = ftruncate(fd, 0)
        close(fd)
        fd = -1
    }

    deinit { release() }

    /// The PID on the file's first line.
    private static func readPID(_ fd: Int32) -> Int32? {
        readLines(fd).first.flatMap { Int32($0) }
    }

    /// The file's lines: the holder's PID, then when it started.
    private static func readLines(_ fd: Int32) -> [String] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 63, 0) }
        guard n > 0 else { return [] }
        return String(decoding: buffer[0..<n], as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
