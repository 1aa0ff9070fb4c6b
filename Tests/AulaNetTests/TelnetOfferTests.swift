import Testing
import AulaTestSupport
@testable import AulaNet

/// The negotiation rule (SPEC §12, docs/clients.md): the server offers telnet
/// options only to a client that showed it speaks telnet — it sent IAC, or
/// ended its first line with CR (telnet, TinTin++) — never to one whose first
/// line ended with LF (nc, plink -raw), whatever it sends later.
@Suite(.lab) struct TelnetOfferTests {
    static let offer: [UInt8] = [255, 253, 31, 255, 253, 24]  // DO NAWS, DO TTYPE
    static let willEcho: [UInt8] = [255, 251, 1]

    /// A server that greets, and hides typing after the first line (a PIN prompt).
    private func server() throws -> TestServer {
        try TestServer { handler in
            handler.onOpen = { connection in connection.send("Name:\r\n") }
            handler.onLine = { connection, line in
                if line == "ana" {
                    connection.setEchoHidden(true)
                    connection.send("PIN:\r\n")
                } else {
                    connection.setEchoHidden(false)
                    connection.send("got \(line)\r\n")
                }
            }
        }
    }

    @Test func aFirstLineEndingInLFNeverDrawsATelnetByte() throws {
        let server = try server()
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("ana\n")
        _ = client.readText(containing: "PIN:")
        // Later CR LF lines (a paste from Windows) change nothing: the rule is decided once.
        client.send("1234\r\n")
        _ = client.readText(containing: "got 1234")
        #expect(!client.received.contains(255))
    }

    @Test func aFirstLineEndingInCRLFDrawsTheOfferAndHiddenEchoWaitsForAnAnswer() throws {
        let server = try server()
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("ana\r\n")
        _ = client.readText(containing: "PIN:")
        #expect(client.received.contains(subsequence: Self.offer))
        // The client has not answered in telnet yet: no WILL ECHO.
        #expect(!client.received.contains(subsequence: Self.willEcho))
        client.send(bytes: [255, 251, 24])  // IAC WILL TTYPE: now it is telnet
        client.read(for: 5) { $0.contains(subsequence: Self.willEcho) }
        #expect(client.received.contains(subsequence: Self.willEcho))
        client.send("1234\r\n")
        let wontEcho: [UInt8] = [255, 252, 1]
        client.read(for: 5) { $0.contains(subsequence: wontEcho) }
        #expect(client.received.contains(subsequence: wontEcho))
    }

    @Test func aFirstLineEndingInCRNULOrSplitAcrossPacketsIsJudgedToo() throws {
        let server = try server()
        defer { server.stop() }
        let split = try #require(TestClient(port: server.port))
        split.send("an")
        _ = split.read(for: 0.2)
        split.send("a\r\u{0}")
        _ = split.readText(containing: "PIN:")
        #expect(split.received.contains(subsequence: Self.offer))
    }

    @Test func aClientThatNeverAnswersTheOfferNeverGetsMoreTelnet() throws {
        let server = try server()
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("ana\r\n")
        _ = client.readText(containing: "PIN:")
        client.send("1234\r\n")
        _ = client.readText(containing: "got 1234")
        // Only the six bytes of the offer, once: no ECHO either way.
        #expect(client.received.filter { $0 == 255 }.count == 2)
    }

    @Test func theFirstTerminalTypeAnswerIsReportedOnce() {
        var negotiator = TelnetNegotiator()
        _ = negotiator.start()
        _ = negotiator.handle(.will(Telnet.terminalType))
        let first = negotiator.handle(.subnegotiation(option: Telnet.terminalType, payload: [0] + Array("TINTIN++".utf8)))
        #expect(first.notices == [.terminalType("TINTIN++")])
        let second = negotiator.handle(.subnegotiation(option: Telnet.terminalType, payload: [0] + Array("xterm".utf8)))
        #expect(second.notices.isEmpty)
    }
}
