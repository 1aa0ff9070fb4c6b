import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// docs/protocol.md is what bot authors write from (session 12: five example
/// lines held `...` and were not JSON; `level.result`'s example lacked
/// `statements`). Every example line in a code block must be JSON, and the
/// examples of events a level session sends must list the server's fields in
/// the server's order.
@Suite(.lab) struct ProtocolExamplesTests {
    static let protocolFile = TeacherGuideTests.root.appendingPathComponent("docs/protocol.md")

    /// The JSON example lines of code blocks (after `data: `, or a line of its own starting with `{`), with their line numbers.
    static func exampleLines() throws -> [(line: Int, json: String)] {
        let text = try String(contentsOf: protocolFile, encoding: .utf8)
        var inBlock = false
        var found: [(Int, String)] = []
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            let body = line.hasPrefix("data: ") ? String(line.dropFirst(6)) : line
            if body.hasPrefix("{") { found.append((index + 1, body)) }
        }
        return found
    }

    /// The top-level keys of a JSON object line, in the order written.
    static func topLevelKeys(_ line: String) -> [String] {
        var keys: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var current = ""
        var lastString: String?
        for character in line {
            if inString {
                if escaped { escaped = false; current.append(character) }
                else if character == "\\" { escaped = true }
                else if character == "\"" { inString = false; lastString = current }
                else { current.append(character) }
                continue
            }
            switch character {
            case "\"": inString = true; current = ""
            case "{", "[": depth += 1; lastString = nil
            case "}", "]": depth -= 1; lastString = nil
            case ":": if depth == 1, let key = lastString { keys.append(key) }; lastString = nil
            case ",": lastString = nil
            default: break
            }
        }
        return keys
    }

    @Test func everyExampleLineIsJSON() throws {
        let lines = try Self.exampleLines()
        #expect(lines.count > 30)
        for (number, line) in lines {
            let data = Data(line.utf8)
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "docs/protocol.md:\(number) is not JSON: \(line)")
        }
    }

    /// The first example of `ev` in the doc (with `where` for the one meant).
    static func example(_ ev: String, where match: (String) -> Bool = { _ in true }) throws -> String? {
        try exampleLines().map(\.json).first { $0.hasPrefix("{\"ev\":\"\(ev)\"") && match($0) }
    }

    @Test func levelExamplesListTheServersFieldsInItsOrder() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        defer { server.stop() }
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        _ = try #require(ana.waitForEvent("timer"))
        ana.send("code")
        ana.type(["walk();"])
        ana.send(".")
        ana.send("run")
        _ = try #require(ana.waitForEvent("level.result"))
        ana.send("who")
        _ = try #require(ana.waitForEvent("who"))
        let sent = ana.transcript.filter { $0.hasPrefix("{") }
        for ev in ["mode", "welcome", "room.joined", "level.opened", "level.board", "timer", "level.step", "level.result", "who"] {
            guard let line = sent.first(where: { $0.hasPrefix("{\"ev\":\"\(ev)\"") }) else {
                Issue.record("the server sent no \(ev)")
                continue
            }
            let doc = try #require(try Self.example(ev) { ev != "timer" || $0.contains("time_limit") }, "no example of \(ev)")
            // The doc may leave out a trailing field (`missing`, added later) but never reorder or rename.
            let docKeys = Self.topLevelKeys(doc)
            let serverKeys = Self.topLevelKeys(line)
            #expect(docKeys.filter { serverKeys.contains($0) } == serverKeys.filter { docKeys.contains($0) }, "\(ev): doc \(docKeys), server \(serverKeys)")
            #expect(Set(serverKeys).subtracting(docKeys).subtracting(["new_note", "missing", "paused"]).isEmpty, "\(ev): doc \(docKeys), server \(serverKeys)")
        }
    }
}
