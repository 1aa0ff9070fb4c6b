import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// The server's log goes where `RunningServer` was told, at `ServerConfig.logLevel`
/// (issue 18: no global logger; tests read the lines back).
@Suite(.lab) struct ServerLogTests {
    /// Lines logged so far, once the loop has finished what it was doing.
    private func settledLines(_ server: TestServer, _ capture: LogCapture) -> [String] {
        _ = server.running.onLoop { _ in true }
        return capture.lines
    }

    @Test func aStudentsLoginReachesTheServersCapturingLog() throws {
        let capture = LogCapture()
        let server = try TestServer(logOutput: capture, configure: { $0.logLevel = .info })
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        defer { withExtendedLifetime(ana) {} }
        let lines = settledLines(server, capture)
        #expect(lines.contains { $0.contains(" info listening ") })
        #expect(lines.contains { $0.contains(" info login name=Ana group=open ") }, "\(lines)")
    }

    @Test func theConfiguredLevelFiltersTheServersLines() throws {
        let capture = LogCapture()
        let server = try TestServer(logOutput: capture, configure: { $0.logLevel = .warn })
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        defer { withExtendedLifetime(ana) {} }
        let lines = settledLines(server, capture)
        #expect(!lines.contains { $0.contains(" info ") || $0.contains(" debug ") }, "\(lines)")
    }
}
