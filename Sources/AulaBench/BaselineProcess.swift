import Foundation

/// The minimal C epoll fan-out server (`bench/baseline.c`), compiled with the
/// system C compiler and run beside Aula in the same bench invocation.
final class BaselineProcess {
    let process = Process()
    let port: Int
    let directory: URL

    init(source: String) throws {
        guard FileManager.default.fileExists(atPath: source) else {
            throw BenchError("baseline source not found at \(source) (run from the repository, or pass --baseline PATH)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("aula-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let binary = directory.appendingPathComponent("baseline").path
        let cc = Process()
        cc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        cc.arguments = ["cc", "-O2", "-o", binary, source]
        try cc.run()
        cc.waitUntilExit()
        guard cc.terminationStatus == 0 else { throw BenchError("the C compiler failed on \(source)") }
        port = try ServerProcess.freePort()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [String(port)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        // It prints READY once listening.
        let ready = pipe.fileHandleForReading.availableDataOrWait(timeout: 5)
        guard String(decoding: ready, as: UTF8.self).contains("READY") else { throw BenchError("the baseline did not start") }
    }

    func residentBytes() -> Int {
        ProcessStats.residentBytes(pid: process.processIdentifier)
    }

    func stop() {
        // SIGKILL: the baseline keeps nothing, and SIGTERM may be blocked in it
        // (a mask inherited from a thread that takes signals through signalfd).
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

extension FileHandle {
    /// Reads what arrives within `timeout` seconds (at least one chunk if any).
    func availableDataOrWait(timeout: Double) -> Data {
        let fd = fileDescriptor
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&pfd, 1, Int32(timeout * 1000)) > 0 else { return Data() }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = Glibc.read(fd, &buffer, buffer.count)
        return n > 0 ? Data(buffer[0..<n]) : Data()
    }
}
