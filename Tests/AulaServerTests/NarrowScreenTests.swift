import Testing
import AulaTestSupport
@testable import AulaGames
@testable import AulaServer
@testable import AulaQuizRoom

/// Issue 16: at widths 20, 40, 80 and 132 no line is wider than the screen and
/// no word is cut in two — the help, a quiz question with long answers, a
/// note and a leaderboard, in both languages, with and without colour.
@Suite(.lab) struct NarrowScreenTests {
    static let widths = [20, 40, 80, 132]

    /// The help, a long-answered question, a note and a leaderboard.
    static var events: [any Event] {
        let view = QuizQuestionView(
            number: 1, total: 3, deckIndex: 0, kind: .single,
            text: "Which of these animals can sleep with one half of its brain while the other half stays awake?",
            answers: ["The bottlenose dolphin, which keeps swimming and surfacing to breathe",
                      "The common house cat, after a very long and tiring afternoon",
                      "Ant"], seconds: 20, openedAt: 0)
        let note = """
            # Loops
            A **loop** repeats the `walk();` command as many times as the program says, so Ada can cross a long corridor.
            - Count the floor squares between Ada and the wall before you write the number.
            - Then run the program and watch where Ada stops.
            ```
            repeat (3) { walk(); }
            ```
            """
        let rows = (1...4).map { LeaderboardEvent.Row(rank: $0, name: "Student\($0)", points: 1000 * $0) }
        return [
            TextBlockEvent { t in Server.helpLines(LobbyCommands.table.entries, place: nil, t) },
            QuizQuestionEvent(room: "quiz-1", question: view, seconds: 20),
            TextBlockEvent { t in LevelNoteText.lines(note, t) },
            LeaderboardEvent(scope: "challenge:w1-02", title: Phrase("level.challenge.leaderboard", ["w1-02"]), rows: rows),
        ]
    }

    static func renderer(_ language: Language, width: Int, color: Bool, reader: Bool = false) -> Renderer {
        var r = Renderer(language: language)
        r.width = width
        r.color = color
        r.reader = reader
        return r
    }

    static func lines(_ text: String) -> [String] {
        text.components(separatedBy: "\r\n").dropLast().map { stripANSI($0) }
    }

    static func stripANSI(_ s: String) -> String {
        var out = ""
        var inEscape = false
        for scalar in s.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    static func words(_ lines: [String]) -> Set<String> {
        // "|" separates alternatives (`[easy|medium|hard]`): a line may break after one.
        Set(lines.flatMap { $0.split(separator: " ").flatMap { $0.split(separator: "|") }.map(String.init) })
    }

    @Test(arguments: widths)
    func noLineIsWiderThanTheScreenAndNoWordIsCut(width: Int) {
        for language in Language.allCases {
            for color in [false, true] {
                for reader in [false, true] {
                    let wide = Self.renderer(language, width: Renderer.maxWidth, color: color, reader: reader)
                    let narrow = Self.renderer(language, width: width, color: color, reader: reader)
                    for (i, event) in Self.events.enumerated() {
                        let lines = Self.lines(narrow.render(event))
                        for line in lines {
                            #expect(TextWrap.visibleLength(line[...]) <= width,
                                    "event \(i) \(language) width \(width): \(line)")
                        }
                        // Every word on the narrow screen is a whole word of the wide one.
                        let whole = Self.words(Self.lines(wide.render(event)))
                        let cut = Self.words(lines).subtracting(whole)
                        #expect(cut.isEmpty, "event \(i) \(language) width \(width) cut: \(cut)")
                    }
                }
            }
        }
    }

    @Test func belowSixtyColumnsTheHelpPutsEachDescriptionUnderItsCommand() {
        let r = Self.renderer(.en, width: 40, color: false)
        let lines = Self.lines(r.render(Self.events[0]))
        let usage = lines.firstIndex { $0.hasPrefix("  join ") } ?? -1
        #expect(usage > 0)
        #expect(lines[usage].trimmingCharacters(in: " ") == Catalog.shared.text("usage.join", .en))
        #expect(lines[usage + 1].hasPrefix("    ") && !lines[usage + 1].hasPrefix("     "))
        // From 60 columns on, two columns again.
        let wide = Self.lines(Self.renderer(.en, width: 80, color: false).render(Self.events[0]))
        #expect(wide.contains { $0.hasPrefix("  join ") && $0.contains(Catalog.shared.text("help.join", .en).prefix(10)) })
    }

    @Test func aWrappedAnswerHangsUnderItsTextNotItsNumber() {
        let r = Self.renderer(.en, width: 40, color: true)
        let lines = Self.lines(r.render(Self.events[1]))
        let first = lines.firstIndex { $0.hasPrefix("  1) The bottlenose") } ?? -1
        #expect(first > 0)
        #expect(lines[first + 1].hasPrefix("     ") && !lines[first + 1].hasPrefix("      "))
        // A note's list item hangs under its text too.
        let note = Self.lines(Self.renderer(.en, width: 40, color: false).render(Self.events[2]))
        let item = note.firstIndex { $0.hasPrefix("- Count") } ?? -1
        #expect(item >= 0)
        #expect(note[item + 1].hasPrefix("  ") && !note[item + 1].hasPrefix("   "))
    }
}
