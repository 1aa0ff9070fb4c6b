import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
import AulaNet

/// The core reaches the teachers' console only through `TeacherConsole` (issue 18): a
/// stand-in console attached to a real server sees each of the port's calls, and a
/// server without one keeps the admin port closed.
@Suite(.lab) struct TeacherConsolePortTests {
    /// What the stand-in was told, read by the test thread (a mutex: checked).
    final class Calls: Sendable {
        let list = PThreadMutex<[String]>([])
        func note(_ call: String) { list.withLock { $0.append(call) } }
        var all: [String] { list.withLock { $0 } }
    }

    /// A console that refuses every connection and only writes down what the core asks of it.
    final class StandInConsole: TeacherConsole {
        let calls: Calls
        init(_ calls: Calls) { self.calls = calls }
        func tellTeachers(_ event: Event) {
            calls.note("tell " + ((event as? InfoEvent)?.phrases.first?.key ?? event.name))
        }
        func forgetQuietLockouts(now: Double) { calls.note("forget") }
        func sayGoodbye() { calls.note("goodbye") }
        var teacherConnections: [Connection] { [] }
        func connectionOpened(_ connection: Connection) { connection.close() }
        func connection(_ connection: Connection, received line: String) {}
        func connection(_ connection: Connection, notice: NetNotice) {}
        func connectionClosed(_ connection: Connection, reason: CloseReason) {}
        func refusalMessage(_ refusal: AdmissionRefusal) -> String { "" }
    }

    private func config(_ directory: URL) -> ServerConfig {
        var config = ServerConfig()
        config.host = "127.0.0.1"
        config.port = 0
        config.adminPort = 0
        config.boardPort = nil
        config.databasePath = directory.appendingPathComponent("aula.sqlite").path
        config.contentDirectory = directory.path
        config.logLevel = .error
        return config
    }

    @Test func theCoreTellsForgetsAndSaysGoodbyeThroughThePort() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aula-port-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let calls = Calls()
        let running = try RunningServer(config: config(directory), clock: VirtualClock(), registerGames: { server in
            server.attachConsole(StandInConsole(calls))
        })
        running.runInBackground()
        #expect(running.onLoop { $0.adminPort > 0 } == true)  // the admin port opened with the console
        // A room's word to the teachers (RoomHost.tellTeachers) goes through the port.
        _ = running.onLoop { server in (server as any RoomHost).tellTeachers(InfoEvent("admin.storage.recovered", "x")) }
        // The hourly housekeeping forgets the console's quiet lockouts too.
        _ = running.onLoop { $0.loop.advance(by: Server.pruneEvery) }
        running.stop()
        #expect(calls.all == ["tell admin.storage.recovered", "forget", "goodbye"])
    }

    @Test func withoutAConsoleTheAdminPortStaysClosed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aula-port-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let running = try RunningServer(config: config(directory))
        running.runInBackground()
        #expect(running.onLoop { $0.adminPort } == 0)  // nothing listens: the configured port 0 is all it has
        #expect(running.onLoop { $0.studentPort > 0 } == true)
        running.stop()
    }
}
