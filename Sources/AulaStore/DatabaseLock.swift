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

    /// Why the lock could not be taken: held by another process (its PID, when readable) or an I/O error.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case held(lockPath: String, pid: Int32?)
        case cannotOpen(lockPath: String, reason: String)

        public var description: String {
            switch self {
            case .held(let path, let pid):
                let who = pid.map { "process \($0)" } ?? "another process"
                return "the database is in use by another aula serve (\(who), lock \(path)) — stop it first, or use another --db"
            case .cannotOpen(let path, let reason):
                return "cannot create the lock file \(path): \(reason)"
            }
        }
    }

    public static func lockPath(forDatabase databasePath: String) -> String { databasePath + ".lock" }

    /// Takes the lock without waiting, or throws `Failure.held`.
    public init(databasePath: String) throws {
        path = DatabaseLock.lockPath(forDatabase: databasePath)
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure.cannotOpen(lockPath: path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = DatabaseLock.readPID(fd)
            close(fd)
            fd = -1
            throw Failure.held(lockPath: path, pid: holder)
        }
        let text = "\(getpid())\n"
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

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 31, 0) }
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text)
    }
}
