import Testing
import AulaGames
@testable import AulaServer

/// The byte writer behind JSON lines must send exactly what the string
/// serialisation spells, escapes included.
@Suite struct RenderBytesTests {
    static let awkward: [String] = [
        "", "plain", "say \"hi\"", "back\\slash", "two\nlines", "tab\there", "cr\rhere",
        "bell\u{07}", "del\u{7F}", "c1 \u{85} next", "c1 edge \u{80}\u{9F}\u{A0}", "em — dash", "ñandú",
        "line\u{2028}sep\u{2029}para", "\u{2027}\u{202A}", "emoji 🙂 ok", "\u{1B}[31mred\u{1B}[0m", "¿qué?",
    ]

    @Test func stringsAreWrittenAsTheStringSerialisationSpellsThem() {
        for s in Self.awkward {
            var bytes: [UInt8] = []
            JSON.writeString(s, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSON.string(s).serialized, "\(s.debugDescription)")
        }
    }

    @Test func numbersAndNestingMatchTheStringSerialisation() {
        let values: [JSON] = [
            .int(0), .int(7), .int(10), .int(-3), .int(-10), .int(1234567890), .int(Int.max), .int(Int.min),
            .double(2), .double(-2.5), .double(.infinity), .bool(true), .bool(false), .null,
            .array([]), .object([]),
            .object([("a", .array([.int(1), .string("x\n"), .null])), ("b", .object([("c", .bool(true))]))]),
        ]
        for value in values {
            #expect(String(decoding: value.serializedBytes, as: UTF8.self) == value.serialized)
        }
    }

    @Test func aJSONLineRendersTheSameAsBytesAndAsText() {
        var renderer = Renderer(language: .es)
        renderer.mode = .json
        let event = InfoEvent(phrases: [Phrase("hangman.state.turn", ["Ana \"la\" — 2"]), Phrase("hangman.state.watching", [])])
        let line = renderer.render(event)
        #expect(Array(line.utf8) == renderer.renderBytes(event))
        #expect(line.hasPrefix("{\"ev\":\"info\",\"text\":"))
        #expect(line.hasSuffix("}\r\n"))
        #expect(line.contains("\\n"))
    }
}
