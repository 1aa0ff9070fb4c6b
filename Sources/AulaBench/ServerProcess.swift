import Foundation
import CShims

/// The server under test, started as its own process (`aula serve`) so its
/// memory can be read from /proc without the load generator's in it.
public final class ServerProcess {
    let process = Process()
    public let port: Int
    /// The teachers' console port (the hostile bench sets up a roster through it).
    public let adminPort: Int
    let directory: URL
    public let databasePath: String

    /// Starts `aula serve` on a free loopback port with a fresh database.
    public init(contentDirectory: String, databasePath: String? = nil, extraArguments: [String] = [],
         environment: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("aula-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.databasePath = databasePath ?? directory.appendingPathComponent("bench.sqlite").path
        port = try ServerProcess.freePort()
        let admin = try ServerProcess.freePort()
        adminPort = admin
        process.executableURL = URL(fileURLWithPath: try ServerProcess.ownExecutable())
        process.arguments = ["serve", "--bind", "127.0.0.1", "--port", String(port), "--admin-port", String(admin),
                             "--board-port", "0",
                             "--db", self.databasePath,
                             "--content", contentDirectory, "--log-level", "warn"] + extraArguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        do {
            try waitUntilListening(timeout: 15)
        } catch {
            // Never leave a half-started server behind.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw error
        }
    }

    public var pid: Int32 { process.processIdentifier }
    /// How it exited, once it has (nil while it runs).
    public var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }

    /// Resident memory of the server, in bytes (VmRSS from /proc).
    public func residentBytes() -> Int {
        ProcessStats.residentBytes(pid: pid)
    }

    /// Graceful stop (SIGTERM), then cleanup (unless the files are wanted again).
    public func stop(keepFiles: Bool = false) {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(8)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(pid, SIGKILL) }
        }
        if !keepFiles { removeFiles() }
    }

    public func removeFiles() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Kills the server without any chance to clean up (the crash test).
    public func killHard() {
        kill(pid, SIGKILL)
        process.waitUntilExit()
    }

    /// How many file descriptors the server has open (the soak's leak check).
    public func openFiles() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    private func waitUntilListening(timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let fd = aula_connect("127.0.0.1", Int32(port))
            if fd >= 0 {
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = Glibc.poll(&pfd, 1, 200)
                let ok = (pfd.revents & Int16(POLLOUT)) != 0 && aula_socket_error(fd) == 0
                _ = aula_close(fd)
                if ok { return }
            }
            guard process.isRunning else { throw BenchError("the server exited at start (status \(process.terminationStatus))") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw BenchError("the server did not start listening within \(Int(timeout)) s")
    }

    static func freePort() throws -> Int {
        var port: Int32 = 0
        let fd = aula_listen("127.0.0.1", 0, 1, &port)
        guard fd >= 0 else { throw BenchError("no free port") }
        _ = aula_close(fd)
        return Int(port)
    }

    public static func ownExecutable() throws -> String {
        let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        // Under `swift test` this process is the test runner, not `aula`: use the built executable beside it.
        if path.hasSuffix("/aula") { return path }
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent()
        for candidate in [dir.appendingPathComponent("aula"), dir.deletingLastPathComponent().appendingPathComponent("aula")]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate.path
        }
        throw BenchError("cannot find the aula executable next to \(path)")
    }
}
