import Foundation
import Testing
import AulaTestSupport
import CShims
@testable import AulaNet

/// Session 12: a laptop that fell off the Wi-Fi left its socket open until the
/// 30-minute idle timeout, and its student could not log in again meanwhile.
/// Every accepted connection has TCP keepalive (60 s idle, every 10 s, 6 probes),
/// inherited from the listening socket like TCP_NODELAY.
@Suite(.lab) struct KeepaliveTests {
    @Test func acceptedConnectionsProbeADeadPeer() throws {
        let server = try TestServer { handler in
            handler.onLine = { connection, _ in
                var idle: Int32 = 0, interval: Int32 = 0, count: Int32 = 0
                let on = aula_get_keepalive(connection.fd, &idle, &interval, &count)
                connection.send("keepalive \(on) \(idle) \(interval) \(count)\r\n")
            }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("check\n")
        #expect(client.readText(containing: "keepalive") == "keepalive 1 60 10 6\r\n")
    }
}
