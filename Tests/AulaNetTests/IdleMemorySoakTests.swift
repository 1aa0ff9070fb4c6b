import Foundation
import Testing
@testable import AulaNet
#if canImport(Glibc)
import Glibc
#endif

/// Opt-in (AULA_NET_SOAK=1): thousands of idle connections stay cheap.
@Suite struct IdleMemorySoakTests {
    static let enabled = ProcessInfo.processInfo.environment["AULA_NET_SOAK"] != nil

    private func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ")[1]) ?? 0
        }
        return 0
    }

    @Test(.enabled(if: enabled))
    func nineThousandIdleConnectionsStayUnderTenKilobytesEach() throws {
        let count = 9_000
        let server = try TestServer { handler in
            handler.onOpen = { connection in connection.send("Welcome to Aula!\r\nName:\r\n") }
            handler.onLine = { connection, line in connection.send("Hello \(line)\r\n> ") }
        }
        defer { server.stop() }
        let before = residentKilobytes()
        var clients: [TestClient] = []
        for index in 0..<count {
            guard let client = TestClient(port: server.port) else { break }
            client.send("player\(index)\r\n")
            clients.append(client)
        }
        #expect(clients.count == count)
        #expect(eventually(within: 30) { server.handler.lines.count == count })
        usleep(300_000)
        let after = residentKilobytes()
        let perConnection = Double(after - before) * 1024 / Double(count)
        print("idle soak: \(count) connections, RSS \(before) kB -> \(after) kB, \(Int(perConnection)) bytes each")
        #expect(perConnection < 10_000)
    }
}
