import Foundation
import Testing
import AulaTestSupport
import AulaBench

/// `aula serve 2>&1 | tee aula.log`, then Ctrl-C (a play test, session 12): the
/// terminal's SIGINT ends `tee` too, and the server's shutdown log lines met a
/// closed pipe. The server died there: no goodbye for the students, and the next
/// start said their round was lost. A write nobody reads must not stop the shutdown.
@Suite(.lab) struct ClosedLogPipeTests {
    @Test(.slow) func ctrlCWithTheLogReaderGoneIsStillAGracefulStop() throws {
        let directory = try CommandLineTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ServerProcess.ownExecutable())
        process.arguments = ["serve", "--bind", "127.0.0.1", "--port", "0", "--admin-port", "0", "--board-port", "0",
                             "--db", directory.appendingPathComponent("aula.sqlite").path, "--content", directory.path]
        var env = ProcessInfo.processInfo.environment
        for name in ["AULA_DB", "AULA_CONTENT", "AULA_LANG", "AULA_LOG_LEVEL"] { env[name] = nil }
        process.environment = env
        // Standard output and error into one pipe, as `2>&1 | tee` does.
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        try? pipe.fileHandleForWriting.close()
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
        defer { watchdog.cancel() }
        var said = ""
        while !said.contains("database ") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        let port = try #require(Self.studentPort(in: said), "\(said)")
        let ana = try TestClient.loggedIn(port: port, name: "Ana")
        // The reader goes away (tee ended by the same Ctrl-C), then the server gets it.
        try pipe.fileHandleForReading.close()
        kill(process.processIdentifier, SIGINT)
        #expect(ana.waitFor("closing", timeout: 8) != nil, "\(ana.transcript.suffix(3))")
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
    }

    /// "aula: serving students on 127.0.0.1:PORT, console on …".
    static func studentPort(in said: String) -> Int? {
        guard let range = said.range(of: "serving students on 127.0.0.1:") else { return nil }
        return Int(said[range.upperBound...].prefix { $0.isNumber })
    }
}
