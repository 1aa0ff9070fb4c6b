import Foundation
import Testing
import AulaTestSupport
@testable import AulaNet

/// Real sockets on loopback, a real loop on a background thread, port 0.
@Suite(.lab) struct ConnectionTests {
    @Test func echoHandlerHearsLinesFromSeveralClients() throws {
        let server = try TestServer { handler in
            handler.onLine = { connection, line in connection.send("you said: \(line)\r\n") }
        }
        defer { server.stop() }
        #expect(server.port > 0)
        let clients = (0..<3).compactMap { _ in TestClient(port: server.port) }
        #expect(clients.count == 3)
        for (index, client) in clients.enumerated() {
            client.send("hello from \(index)\r\n")
        }
        for (index, client) in clients.enumerated() {
            #expect(client.readText(containing: "\r\n").contains("you said: hello from \(index)\r\n"))
        }
        #expect(Set(server.handler.lines) == ["hello from 0", "hello from 1", "hello from 2"])
        #expect(server.handler.openedCount == 3)
    }

    /// A broadcast hands the same buffer to many connections: what one of
    /// them queues after it must not show up on the others.
    @Test func aSharedBufferStaysEachConnectionsOwn() throws {
        let shared: [UInt8] = Array("news for everyone\r\n".utf8)
        let server = try TestServer { handler in
            handler.onLine = { connection, line in
                connection.send(bytes: shared)
                if line == "more" { connection.send("only for you\r\n") }
                connection.send(bytes: shared)
            }
        }
        defer { server.stop() }
        guard let first = TestClient(port: server.port), let second = TestClient(port: server.port) else {
            Issue.record("could not connect")
            return
        }
        first.send("more\n")  // LF: a raw client (CR LF would draw the telnet offer)
        #expect(first.readText(containing: "everyone\r\nonly for you\r\nnews for everyone\r\n")
            == "news for everyone\r\nonly for you\r\nnews for everyone\r\n")
        second.send("plain\n")
        #expect(second.readText(containing: "everyone\r\nnews for everyone\r\n")
            == "news for everyone\r\nnews for everyone\r\n")
        #expect(shared == Array("news for everyone\r\n".utf8))
    }

    @Test func typedEscapesNeverReachTheHandler() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send(bytes: Array("\u{1B}[2JAda\u{07}\r\nniña".utf8) + [0xFE, 0xC3] + [0x0A])
        #expect(eventually { server.handler.lines.count == 2 })
        #expect(server.handler.lines.first == "Ada")
        #expect(server.handler.lines.last == "niña\u{FFFD}\u{FFFD}")
    }

    @Test func handlerCanTellThatALineWasCleaned() throws {
        let server = try TestServer { handler in
            handler.onLine = { connection, line in
                connection.send("\(line):\(connection.lastLineWasCleaned)\r\n")
            }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("\u{1B}[2Jbob\nada\n")  // LF, as nc sends
        let text = client.readText(containing: "ada:")
        #expect(text == "bob:true\r\nada:false\r\n")
    }

    @Test func strayBinaryFromARawClientStartsNoNegotiation() throws {
        let server = try TestServer { handler in
            handler.onLine = { connection, line in connection.send("got \(line)\r\n") }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send(bytes: [0x61, 0xFF, 0x41, 0x62, 0x0A])  // IAC 'A' is no telnet command; LF as nc sends
        let text = client.readText(containing: "got")
        #expect(text == "got ab\r\n")
        #expect(!client.received.contains(255))
    }

    @Test func rawClientNeverSeesAnIAC() throws {
        let server = try TestServer { handler in
            handler.onOpen = { connection in connection.send("Name:\r\n") }
            handler.onLine = { connection, _ in
                connection.setEchoHidden(true)
                connection.send("Password:\r\n")
            }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("ada\n")  // nc ends lines with LF
        let text = client.readText(containing: "Password:")
        #expect(text.contains("Name:"))
        #expect(text.contains("Password:"))
        #expect(!client.received.contains(255))
    }

    @Test func telnetClientNegotiatesWindowSizeAndHiddenEcho() throws {
        let server = try TestServer { handler in
            handler.onLine = { connection, line in
                if line == "secret" { connection.setEchoHidden(true) }
            }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send(bytes: [255, 251, 31])  // IAC WILL NAWS
        let doWindowSize: [UInt8] = [255, 253, 31]
        client.read(for: 5) { $0.contains(subsequence: doWindowSize) }
        #expect(client.received.contains(subsequence: doWindowSize))
        client.send(bytes: [255, 250, 31, 0, 100, 0, 40, 255, 240])
        #expect(eventually { server.handler.notices.contains(.windowSize(width: 100, height: 40)) })
        client.send("secret\r\n")
        let willEcho: [UInt8] = [255, 251, 1]
        client.read(for: 5) { $0.contains(subsequence: willEcho) }
        #expect(client.received.contains(subsequence: willEcho))
    }

    @Test func aTelnetStormIsAnsweredOnlyUpToItsBudget() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        // IAC DO for 200 options nobody supports: each would get its own IAC WONT.
        var storm: [UInt8] = []
        for option in 40..<240 { storm += [255, 253, UInt8(option)] }
        client.send(bytes: storm)
        client.send("hello\r\n")
        #expect(eventually { server.handler.lines.contains("hello") })
        client.read(for: 1) { _ in false }
        var refusals = 0
        var i = 0
        let bytes = client.received
        while i + 1 < bytes.count {
            if bytes[i] == 255 && bytes[i + 1] == 252 { refusals += 1; i += 2 } else { i += 1 }
        }
        #expect(refusals > 0 && refusals <= Connection.telnetCommandsPerSecond)
    }

    @Test func floodIsThrottledAndTheConnectionStaysOpen() throws {
        var limits = NetLimits()
        limits.linesPerSecond = 5
        let server = try TestServer(limits: limits)
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send(String(repeating: "spam\r\n", count: 200))
        #expect(eventually { server.handler.notices.contains(.throttled) })
        usleep(200_000)
        let heard = server.handler.lines.count
        #expect(heard >= 5 && heard <= 10)
        #expect(server.handler.notices.filter { $0 == .throttled }.count <= 2)
        usleep(1_100_000)
        client.send("still here\r\n")
        #expect(eventually { server.handler.lines.last == "still here" })
        #expect(server.handler.closeReasons.isEmpty)
    }

    @Test func overlongLineIsRefusedAndTheNextOneArrives() throws {
        var limits = NetLimits()
        limits.maxLineBytes = 64
        let server = try TestServer(limits: limits)
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send(String(repeating: "z", count: 5_000) + "\r\nnext\r\n")
        #expect(eventually { server.handler.lines == ["next"] })
        #expect(server.handler.notices == [.lineTooLong])
    }

    @Test func clientThatNeverReadsIsCutOffWithoutStallingOthers() throws {
        var limits = NetLimits()
        limits.maxOutputBytes = 256 * 1024
        let server = try TestServer(limits: limits) { handler in
            handler.onLine = { connection, line in
                if line == "flood" {
                    let chunk = String(repeating: "x", count: 16 * 1024)
                    var sent = 0
                    while connection.isOpen && sent < 256 * 1024 * 1024 {
                        connection.send(chunk)
                        sent += chunk.utf8.count
                    }
                } else {
                    connection.send("echo \(line)\r\n")
                }
            }
        }
        defer { server.stop() }
        let sleeper = try #require(TestClient(port: server.port, receiveBuffer: 4096))
        let reader = try #require(TestClient(port: server.port))
        sleeper.send("flood\r\n")
        #expect(eventually { server.handler.closeReasons.contains(.outputOverflow) })
        reader.send("ping\r\n")
        #expect(reader.readText(containing: "echo ping").contains("echo ping"))
        #expect(server.connectionCount() == 1)
    }

    @Test func serverFullRefusesTheNewcomerWithTheMessage() throws {
        var limits = NetLimits()
        limits.maxConnections = 2
        let server = try TestServer(limits: limits)
        defer { server.stop() }
        let first = try #require(TestClient(port: server.port))
        let second = try #require(TestClient(port: server.port))
        #expect(eventually { server.handler.openedCount == 2 })
        let third = try #require(TestClient(port: server.port))
        #expect(third.waitForClose())
        #expect(third.text == "FULL\r\n")
        #expect(server.handler.openedCount == 2)
        _ = (first, second)
    }

    @Test func tooManyFromOneAddressAreHeldThenAdmittedOrRefused() throws {
        var limits = NetLimits()
        limits.exemptLoopback = false
        limits.newConnectionsPerAddressPerSecond = 2
        let server = try TestServer(limits: limits)
        defer { server.stop() }
        let clients = (0..<6).compactMap { _ in TestClient(port: server.port) }
        #expect(clients.count == 6)
        #expect(eventually { server.handler.openedCount == 2 })
        #expect(eventually(within: 3) { server.handler.openedCount == 4 })
        let refused = clients.filter { $0.waitForClose(within: 0.5) }
        #expect(refused.count == 2)
        #expect(refused.allSatisfy { $0.text == "SLOW DOWN\r\n" })
    }

    @Test func gracefulCloseDeliversTheGoodbyeFirst() throws {
        // Virtual time: the close grace (the client never hangs up) takes no 2 s.
        let server = try TestServer(clock: VirtualClock()) { handler in
            handler.onLine = { connection, line in
                guard line == "quit" else { return }
                connection.send("bye\r\n")
                connection.close()
                connection.send("never sent\r\n")
            }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("quit\nignored after quit\n")  // LF: a raw client sees only the goodbye
        #expect(client.waitForClose())
        #expect(client.text == "bye\r\n")
        server.advance(by: NetLimits().closeGraceSeconds)
        #expect(eventually { server.handler.closeReasons == [.serverClosed] })
        #expect(server.handler.lines == ["quit"])
    }

    @Test func clientHangingUpIsReported() throws {
        let server = try TestServer()
        defer { server.stop() }
        var client = TestClient(port: server.port)
        #expect(eventually { server.handler.openedCount == 1 })
        client = nil
        #expect(eventually { server.handler.closeReasons == [.clientClosed] })
        #expect(server.connectionCount() == 0)
        _ = client
    }

    @Test func idleClientIsWarnedThenToldThenClosed() throws {
        var limits = NetLimits()
        limits.idleWarningAfter = 0.5
        limits.idleTimeout = 1.5
        // Virtual time (issue 18): the sweeps at 1 s and 2 s warn, then close.
        let server = try TestServer(limits: limits, clock: VirtualClock()) { handler in
            handler.onNotice = { connection, notice in
                if notice == .idleWarning { connection.send("wake up\r\n") }
                if notice == .idleTimeoutClosing { connection.send("goodbye\r\n") }
            }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        #expect(eventually { server.handler.openedCount == 1 })
        server.advance(by: 1)
        #expect(server.handler.notices == [.idleWarning])
        server.advance(by: 1)
        #expect(client.waitForClose(within: 6))
        #expect(client.text == "wake up\r\ngoodbye\r\n")
        server.advance(by: NetLimits().closeGraceSeconds)  // the goodbye's grace, if the peer stays
        #expect(eventually { server.handler.closeReasons == [.idleTimeout] })
        #expect(server.handler.notices == [.idleWarning, .idleTimeoutClosing])
    }

    @Test func listenerCloseEndsEveryConnection() throws {
        let server = try TestServer(clock: VirtualClock())
        defer { server.stop() }
        let clients = (0..<3).compactMap { _ in TestClient(port: server.port) }
        #expect(eventually { server.handler.openedCount == 3 })
        let listener = server.listener
        _ = server.running.onLoop { listener.value.close(); return true }
        #expect(clients.allSatisfy { $0.waitForClose() })
        server.advance(by: NetLimits().closeGraceSeconds)  // the goodbyes' grace, in virtual time
        #expect(eventually { server.handler.closeReasons.count == 3 })
        #expect(server.handler.closeReasons.allSatisfy { $0 == .serverClosed })
        // The listening socket is closed. (Not checked by connecting again: in a full
        // parallel run another test's listener may already have the freed port — a
        // connect there succeeded once, session 9.)
        #expect(server.running.onLoop { listener.value.isListening } == false)
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        for start in 0...(count - subsequence.count) where Array(self[start..<start + subsequence.count]) == subsequence {
            return true
        }
        return false
    }
}
