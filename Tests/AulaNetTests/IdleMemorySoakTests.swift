import Foundation
import Testing
import AulaTestSupport
@testable import AulaNet
#if canImport(Glibc)
import Glibc
#endif

/// Opt-in (AULA_NET_SOAK=1): thousands of idle connections stay cheap.
@Suite(.lab) struct IdleMemorySoakTests {
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

    @Test(.enabled(if: enabled))
    func broadcastToFiveHundredReachesEveryoneQuickly() throws {
        let listeners = 500
        let everyone = LoopOwned(value: NSMutableArray())
        let server = try TestServer { handler in
            handler.onOpen = { connection in everyone.value.add(connection) }
            handler.onLine = { _, line in
                for case let connection as Connection in everyone.value { connection.send("update \(line)\r\n") }
            }
        }
        defer { server.stop() }
        let clients = (0..<listeners).compactMap { _ in TestClient(port: server.port) }
        #expect(eventually { server.handler.openedCount == listeners })
        var polls = clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var rounds: [Double] = []
        for round in 0..<200 {
            let start = Date()
            clients[round % listeners].send("\(round)\r\n")
            var pending = Set(0..<listeners)
            while !pending.isEmpty && Date().timeIntervalSince(start) < 5 {
                guard poll(&polls, nfds_t(polls.count), 100) > 0 else { continue }
                for index in polls.indices where polls[index].revents != 0 {
                    polls[index].revents = 0
                    let count = buffer.withUnsafeMutableBytes { recv(polls[index].fd, $0.baseAddress, $0.count, 0) }
                    if count > 0 && buffer[0..<count].last == 0x0A { pending.remove(index) }
                }
            }
            rounds.append(Date().timeIntervalSince(start))
        }
        rounds.sort()
        print("broadcast to \(listeners): p50 \(rounds[100] * 1000) ms, p99 \(rounds[197] * 1000) ms")
        #expect(rounds[197] < 0.5)
    }
}
