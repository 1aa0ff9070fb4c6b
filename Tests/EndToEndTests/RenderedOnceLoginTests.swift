import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// The login lines that are the same for every newcomer who reads the same
/// way — the greeting, `Name:` asked again, the answer to `mode`, the lobby
/// prompt — are rendered once per `Renderer` and kept (issue 20, session 7).
/// What a client receives must be exactly what a fresh rendering says.
@Suite(.lab) struct RenderedOnceLoginTests {
    /// Everything up to (and including) the lobby prompt, as raw lines.
    private func loginLines(_ client: TestClient) -> [String] {
        var lines: [String] = []
        while let line = client.readLine() {
            lines.append(line)
            if line.contains("\"kind\":\"command\"") { break }
        }
        return lines
    }

    /// A fresh rendering as the client's lines read it (line ends dropped).
    private func fresh(_ event: Event, _ renderer: Renderer) -> String {
        String(decoding: renderer.renderBytes(event), as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).joined(separator: "\n")
    }

    @Test func kept_renderings_are_what_a_fresh_rendering_says() throws {
        let server = try TestServer()
        var json = Renderer(language: .en)
        json.mode = .json
        // Two logins: the first renders and keeps, the second is served what was kept.
        for name in ["Kepa", "Koldo"] {
            let client = try TestClient(port: server.port)
            client.sendRaw(Array("mode json\n\(name)\n".utf8))
            let text = loginLines(client).joined(separator: "\n") + "\n"
            #expect(text.contains(fresh(ModeEvent(mode: .json), json)))
            #expect(text.contains(fresh(PromptEvent(kind: .name, label: Phrase("prompt.name")), json)))
            #expect(text.contains(fresh(PromptEvent(kind: .command, label: Phrase("prompt.lobby")), json)))
        }
        let kept = try #require(server.running.onLoop { server in server.renderedOnce })
        for entry in kept {
            var expected: [UInt8] = []
            switch entry.what {
            case .greeting:
                entry.renderer.render(InfoEvent(phrases: [Phrase("banner.title"), Phrase("banner.modes")]), into: &expected)
                entry.renderer.render(PromptEvent(kind: .name, label: Phrase("prompt.name")), into: &expected)
            case .namePrompt:
                entry.renderer.render(PromptEvent(kind: .name, label: Phrase("prompt.name")), into: &expected)
            case .modeAnswer:
                entry.renderer.render(ModeEvent(mode: entry.renderer.mode), into: &expected)
            case .lobbyPrompt:
                entry.renderer.render(PromptEvent(kind: .command, label: Phrase("prompt.lobby")), into: &expected)
            }
            #expect(entry.bytes == expected, "\(entry.what) for \(entry.renderer)")
        }
        // One of each kind for the way these clients read: nothing kept twice.
        #expect(kept.filter { $0.what == .modeAnswer && $0.renderer == json }.count == 1)
        #expect(kept.filter { $0.what == .lobbyPrompt && $0.renderer == json }.count == 1)
    }

    /// Each way of reading gets its own words: Spanish, text mode, and a
    /// switch back to text after JSON.
    @Test func each_way_of_reading_gets_its_own_rendering() throws {
        let server = try TestServer()
        let spanish = try TestClient(port: server.port)
        spanish.sendRaw(Array("lang es\nmode json\nmode text\nNerea\n".utf8))
        #expect(spanish.waitFor("Nerea") != nil)
        let es = Renderer(language: .es)
        let kept = try #require(server.running.onLoop { server in server.renderedOnce })
        let modeAnswers = kept.filter { $0.what == .modeAnswer }
        #expect(modeAnswers.contains { $0.renderer.language == .es && $0.renderer.mode == .json })
        #expect(modeAnswers.contains { $0.renderer.language == .es && $0.renderer.mode == .text })
        for entry in modeAnswers {
            #expect(entry.bytes == entry.renderer.renderBytes(ModeEvent(mode: entry.renderer.mode)))
        }
        let lobby = try #require(kept.first { $0.what == .lobbyPrompt && $0.renderer == es })
        #expect(lobby.bytes == es.renderBytes(PromptEvent(kind: .command, label: Phrase("prompt.lobby"))))
    }

    /// A student can change the width at the prompt as often as they like:
    /// past the cap, renderings are made and not kept, and still right.
    @Test func the_kept_renderings_are_bounded() throws {
        // Many lines at once: the flood limit is not what this test is about.
        let server = try TestServer(configure: { $0.limits.linesPerSecond = 10_000 })
        let client = try TestClient(port: server.port)
        let widths = (0..<(Server.sameForEveryoneCap + 8)).map { 40 + $0 }
        for width in widths {
            client.send("width \(width)")
            #expect(client.waitFor("Name:") != nil)
        }
        client.send("mode json")
        #expect(client.waitForEvent("mode") != nil)
        let kept = try #require(server.running.onLoop { server in server.renderedOnce })
        #expect(kept.count <= Server.sameForEveryoneCap)
        client.send("Wen")
        #expect(client.waitForEvent("welcome") != nil)
        #expect(client.waitForEvent("prompt") != nil)
    }
}
