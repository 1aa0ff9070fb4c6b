import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// The clients a lab really has (SPEC §12, docs/clients.md), each run in a
/// pseudo-terminal (tmux) against the real server through a byte-logging
/// relay. A missing tool skips its test with the reason shown in the test
/// report (`.ci/run` installs them all), never a silent pass.
@Suite(.lab, .slow, .serialized) struct RealClientTests {
    static let rawClients = ["nc 127.0.0.1 PORT", "plink -raw -P PORT 127.0.0.1"]
    static let telnetClients = ["telnet 127.0.0.1 PORT", "plink -telnet -P PORT 127.0.0.1",
                                "tt++ -e '#session aula 127.0.0.1 PORT'"]

    static func tool(_ command: String) -> String { String(command.prefix { $0 != " " }) }
    static func installed(_ commands: [String]) -> Bool {
        TmuxClient.missing(["tmux"] + commands.map(tool)) == nil
    }

    /// A server, a relay in front of it and the client in tmux.
    struct Setup {
        let server: TestServer
        let relay: SniffingRelay
        let client: TmuxClient

        init(_ command: String, server: TestServer? = nil) throws {
            self.server = try server ?? TestServer()
            relay = try SniffingRelay(target: self.server.port)
            client = try TmuxClient(command: command.replacingOccurrences(of: "PORT", with: String(relay.port)))
        }

        func stop() {
            relay.stop()
            server.stop()
        }

        /// The renderer settings of the one connected client, read on the server's loop.
        var rendererOfOnlyClient: (width: Int, reader: Bool)? {
            server.running.onLoop { server in
                server.clients.values.first.map { ($0.renderer.width, $0.renderer.reader) }
            } ?? nil
        }
    }

    @Test(.enabled(if: installed(rawClients), "needs tmux, nc (netcat-openbsd) and plink (putty-tools)"),
          arguments: rawClients)
    func rawClientsReceiveOnlyText(command: String) throws {
        let setup = try Setup(command)
        defer { setup.stop() }
        #expect(setup.client.waitFor("Name:"), "\(setup.client.screen)")
        setup.client.type("Nina")
        #expect(setup.client.waitFor("Welcome, Nina!"), "\(setup.client.screen)")
        setup.client.type("who")
        #expect(setup.client.waitFor("Online now"))
        // Measured: a raw client ends lines with LF only, which is why it is never offered telnet.
        #expect(setup.relay.fromClient.containsBytes(Array("Nina\n".utf8)))
        #expect(!setup.relay.fromClient.contains(13))
        #expect(setup.relay.toClient.isPlainText, "non-text bytes reached \(Self.tool(command))")
        #expect(!setup.client.screen.contains("\u{FFFD}") && !setup.client.screen.contains("ÿ"))
    }

    @Test(.enabled(if: installed(telnetClients), "needs tmux, telnet, plink (putty-tools) and tt++ (tintin++)"),
          arguments: telnetClients)
    func telnetClientsNegotiateWidthAndTerminalType(command: String) throws {
        let setup = try Setup(command)
        defer { setup.stop() }
        #expect(setup.client.waitFor("Name:"), "\(setup.client.screen)")
        setup.client.type("Tina")
        #expect(setup.client.waitFor("Welcome, Tina!"), "\(setup.client.screen)")
        let doTerminalType: [UInt8] = [255, 253, 24]
        let terminalTypeIs: [UInt8] = [255, 250, 24, 0]
        let windowSize100: [UInt8] = [255, 250, 31, 0, 100]  // tmux window: 100 columns
        #expect(setup.relay.toClient.containsBytes(doTerminalType))
        #expect(setup.relay.waitUntil { _, fromClient in
            fromClient.containsBytes(terminalTypeIs) && fromClient.containsBytes(windowSize100)
        }, "\(setup.relay.fromClient)")
        #expect(setup.rendererOfOnlyClient?.width == 100)
        // No telnet byte ever shows on the screen.
        #expect(!setup.client.screen.contains("\u{FFFD}") && !setup.client.screen.contains("ÿ"))
    }

    /// A typo mended with Backspace, then Enter: every telnet client sends the
    /// mended line and shows no control character. (plink -telnet left its own
    /// line editing while the server agreed to suppress-go-ahead: it showed
    /// `Anna^?^MWelcome…` — a play test; docs/clients.md.)
    @Test(.enabled(if: installed(telnetClients), "needs tmux, telnet, plink (putty-tools) and tt++ (tintin++)"),
          arguments: telnetClients)
    func backspaceAndEnterShowNoControlCharacters(command: String) throws {
        let setup = try Setup(command)
        defer { setup.stop() }
        #expect(setup.client.waitFor("Name:"), "\(setup.client.screen)")
        setup.client.type("Tinaa", thenKeys: ["BSpace", "Enter"])
        #expect(setup.client.waitFor("Welcome, Tina!"), "\(setup.client.screen)")
        setup.client.type("whoo", thenKeys: ["BSpace", "Enter"])
        #expect(setup.client.waitFor("Online now"), "\(setup.client.screen)")
        let screen = setup.client.screen
        #expect(!screen.contains("^?") && !screen.contains("^M") && !screen.contains("^H"), "\(screen)")
        // Each line arrived whole and mended (the client edited it), not key by key.
        let sent = setup.relay.fromClient
        #expect(sent.containsBytes(Array("Tina\r".utf8)) || sent.containsBytes(Array("Tina\n".utf8)), "\(sent)")
        #expect(!sent.contains(127) && !sent.contains(8), "\(sent)")
    }

    @Test(.enabled(if: installed(["tt++"]), "needs tmux and tt++ (tintin++)"))
    func tinTinWithAScreenReaderTurnsReaderModeOn() throws {
        let setup = try Setup("tt++ -e '#config {SCREEN READER} ON' -e '#session aula 127.0.0.1 PORT'")
        defer { setup.stop() }
        #expect(setup.client.waitFor("Name:"), "\(setup.client.screen)")
        setup.client.type("Tere")
        #expect(setup.client.waitFor("reader mode is on"), "\(setup.client.screen)")
        #expect(setup.relay.waitUntil { _, fromClient in fromClient.containsBytes(Array("MTTS 335".utf8)) })
        #expect(setup.rendererOfOnlyClient?.reader == true)
    }

    /// What the terminal type brings (TinTin++'s tip, reader mode) arrives after
    /// the `Class code:` prompt; the prompt is then said again, so it is the last
    /// thing a screen reader reads (a play test: it was buried under both).
    @Test(.enabled(if: installed(["tt++"]), "needs tmux and tt++ (tintin++)"))
    func theLoginPromptIsSaidAgainAfterWhatTheTerminalTypeBrings() throws {
        let server = try TestServer()
        let admin = try server.admin()
        _ = try #require(joinCode(in: admin.run("class open 3B")))
        let setup = try Setup("tt++ -e '#config {SCREEN READER} ON' -e '#session aula 127.0.0.1 PORT'", server: server)
        defer { setup.stop() }
        #expect(setup.client.waitFor("Name:"), "\(setup.client.screen)")
        setup.client.type("Tere")
        #expect(setup.client.waitFor("reader mode is on"), "\(setup.client.screen)")
        let deadline = Date().addingTimeInterval(5)
        var last = ""
        while Date() < deadline {
            last = setup.client.screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map(String.init) ?? ""
            if last.hasSuffix("Class code:") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(last.hasSuffix("Class code:"), "\(setup.client.screen)")
    }

    /// TinTin++ splits a line at `;` unless `#config {verbatim} on` (README, Clients).
    @Test(.enabled(if: installed(["tt++"]), "needs tmux and tt++ (tintin++)"))
    func tinTinInVerbatimModeSendsSemicolons() throws {
        let setup = try Setup("tt++ -e '#session aula 127.0.0.1 PORT'")
        defer { setup.stop() }
        #expect(setup.client.waitFor("Name:"), "\(setup.client.screen)")
        setup.client.type("Teo")
        #expect(setup.client.waitFor("Welcome, Teo!"))
        // TTYPE said TINTIN++: the server says once how to keep ";".
        #expect(setup.client.waitFor("TinTin++ splits lines at"), "\(setup.client.screen)")
        setup.client.type("say uno;dos")  // split by tt++: "say uno", then "dos"
        #expect(setup.client.waitFor("Unknown command"), "\(setup.client.screen)")
        #expect(setup.client.screen.contains("Teo says: uno") && !setup.client.screen.contains("Teo says: uno;dos"))
        setup.client.type("#config {verbatim} on")
        setup.client.type("say tres;cuatro")
        // The server's answer, not tt++'s local echo of the typed line.
        #expect(setup.client.waitFor("Teo says: tres;cuatro"), "\(setup.client.screen)")
        #expect(setup.relay.waitUntil { _, fromClient in fromClient.containsBytes(Array("say tres;cuatro\r\n".utf8)) })
    }

    /// The PIN is hidden (IAC WILL ECHO) under telnet: classmates cannot read it.
    @Test(.enabled(if: installed(["telnet", "tt++"]), "needs tmux, telnet and tt++ (tintin++)"),
          arguments: ["telnet 127.0.0.1 PORT", "tt++ -e '#session aula 127.0.0.1 PORT'"])
    func telnetClientsHideThePIN(command: String) throws {
        let server = try TestServer()
        let csv = server.directory.appendingPathComponent("roster.csv")
        try "name,pin\nAna,4826\n".write(to: csv, atomically: true, encoding: .utf8)
        let admin = try server.admin()
        _ = admin.run("roster import 3B \(csv.path)")
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let setup = try Setup(command, server: server)
        defer { setup.stop() }
        #expect(setup.client.waitFor("Name:"))
        setup.client.type("Ana")
        #expect(setup.client.waitFor("Class code:"))
        setup.client.type(code)
        #expect(setup.client.waitFor("PIN:"))
        Thread.sleep(forTimeInterval: 0.3)  // let telnet take in WILL ECHO before typing (a person is slower)
        setup.client.type("4826")
        #expect(setup.client.waitFor("Welcome, Ana"), "\(setup.client.screen)")
        #expect(setup.relay.toClient.containsBytes([255, 251, 1]))  // IAC WILL ECHO
        #expect(setup.relay.toClient.containsBytes([255, 252, 1]))  // IAC WONT ECHO after it
        #expect(!setup.client.screen.contains("4826"), "\(setup.client.screen)")
    }
}
