import Foundation
import Testing
import AulaTestSupport
import CShims
@testable import AulaNet

/// Issue 20's login path: a held connection's replies leave together, intact
/// and in order; a close never waits behind a hold; TCP_NODELAY comes from the
/// listening socket. Real sockets on loopback, port 0.
@Suite(.lab) struct OutputHoldTests {
    /// What was queued in one turn under a hold is still queued in a later
    /// turn, and leaves with that turn's reply, in order.
    @Test func heldRepliesLeaveWithTheLaterOneInOrder() throws {
        let server = try TestServer { handler in
            handler.onLine = { connection, line in
                switch line {
                case "hold":
                    connection.holdOutput()
                    connection.send("one\r\n")
                    connection.send("two\r\n")
                case "release":
                    // Proof that the held bytes were not written at the end of their turn.
                    let waiting = connection.bufferedOutputBytes
                    let held = connection.isOutputHeld
                    connection.send("three (\(waiting) bytes held: \(held))\r\n")
                    connection.releaseOutput()
                default:
                    connection.send("echo \(line)\r\n")
                }
            }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("hold\n")  // LF: a raw client
        #expect(eventually { server.handler.lines == ["hold"] })
        client.send("release\n")
        #expect(client.readText(containing: "three") == "one\r\ntwo\r\nthree (10 bytes held: true)\r\n")
        // After the release the connection writes at the end of each turn again.
        client.send("after\n")
        #expect(client.readText(containing: "echo after") == "one\r\ntwo\r\nthree (10 bytes held: true)\r\necho after\r\n")
    }

    /// Lines arriving in one packet while a hold starts in the middle of it
    /// (what a script typing `mode json` and its name at once does).
    @Test func aHoldStartedMidPacketKeepsTheOrder() throws {
        let server = try TestServer { handler in
            handler.onLine = { connection, line in
                connection.send("got \(line)\r\n")
                if line == "name" { connection.holdOutput() }
                if line == "done" { connection.releaseOutput() }
            }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("mode\nname\n")
        #expect(eventually { server.handler.lines == ["mode", "name"] })
        client.send("done\n")
        #expect(client.readText(containing: "got done") == "got mode\r\ngot name\r\ngot done\r\n")
    }

    /// A goodbye is flushed even though the connection's output was held.
    @Test func closingReleasesAHold() throws {
        let server = try TestServer { handler in
            handler.onLine = { connection, _ in
                connection.holdOutput()
                connection.send("bye\r\n")
                connection.close()
            }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("quit\n")
        #expect(client.readText(containing: "bye") == "bye\r\n")
        #expect(client.waitForClose())
    }

    /// A client that writes before it is accepted is read at once
    /// (`readAtAccept`), after its greeting: the greeting still comes first.
    @Test func aClientThatWritesFirstGetsTheGreetingFirst() throws {
        let server = try TestServer { handler in
            handler.onOpen = { connection in connection.send("hello\r\n") }
            handler.onLine = { connection, line in connection.send("got \(line)\r\n") }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("early\nlater\n")
        #expect(client.readText(containing: "got later") == "hello\r\ngot early\r\ngot later\r\n")
    }

    /// No setsockopt per connection: the listening socket's TCP_NODELAY is
    /// inherited by every accepted one (Linux does; this holds it to that).
    @Test func acceptedConnectionsHaveNoDelay() throws {
        let server = try TestServer { handler in
            handler.onLine = { connection, _ in
                connection.send("nodelay \(aula_get_nodelay(connection.fd))\r\n")
            }
        }
        defer { server.stop() }
        let client = try #require(TestClient(port: server.port))
        client.send("check\n")
        #expect(client.readText(containing: "nodelay") == "nodelay 1\r\n")
    }
}
