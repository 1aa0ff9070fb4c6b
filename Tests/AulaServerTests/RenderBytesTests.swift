import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaHangmanRoom

/// The byte writer behind JSON lines must send exactly what the string
/// serialisation spells, escapes included.
@Suite(.lab) struct RenderBytesTests {
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

    /// Events that write their own fields (those sent on every guess) must
    /// render exactly what their recorded field list serialises to.
    @Test func selfWrittenFieldsMatchTheirFieldList() {
        let awkward = Self.awkward
        var renderer = Renderer(language: .es)
        renderer.mode = .json
        let view = HangmanView(mask: "a_\"_", letterCount: 4, maxLives: 6,
                               lives: awkward.prefix(4).map { HangmanView.Lives(name: $0, lives: 3, misses: 3) },
                               turn: awkward[2], tried: ["a", "ñ", "\""], misses: [], hint: awkward[5])
        var events: [Event] = [
            HangmanStateEvent(room: "hangman-1", view: view, viewer: nil),
            HangmanStateEvent(room: "r", view: HangmanView(round: nil, hintShown: true), viewer: "Ana"),
            InfoEvent(phrases: [Phrase("hangman.state.turn", [awkward[3]]), Phrase("hangman.state.watching", [])]),
            InfoEvent("hangman.state.turn", Phrase.entry("hangman.state.none")),
        ]
        for (i, s) in awkward.enumerated() {
            events.append(HangmanGuessEvent(room: s, player: awkward[(i + 1) % awkward.count], guess: s, hit: i % 2 == 0,
                                            revealed: i, phrase: Phrase("hangman.hit", [s])))
        }
        for event in events {
            let expected = JSON.object([("ev", .string(event.name))] + event.fields(renderer.context)).serialized + "\r\n"
            #expect(renderer.render(event) == expected)
        }
    }
}

