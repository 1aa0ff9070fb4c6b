import Testing
import AulaTestSupport
@testable import AulaServer

/// The words of a line typed at a login prompt (`mode json`, `lang es`,
/// `width 60`): the ASCII path splits bytes, the general one Characters; for
/// every line they must give the same words (session 7).
@Suite(.lab) struct PromptWordsTests {
    static let lines: [String] = [
        "", " ", "   ", "mode json", "MODE JSON", "Mode  Json", " mode json ", "lang es", "idioma ES",
        "width 60", "reader on", "color off", "quit", "a b c d", "tab\there", "x  y   z",
        "modo texto", "ñandú sí", "mode \u{301}json", " \u{301}", "e\u{301} x", "日本 語", "🙂 ok",
        "KELVIN \u{212A}", "ß straße", "İstanbul x",
    ]

    @Test func the_ascii_path_gives_the_general_words() {
        for line in Self.lines {
            #expect(Server.promptWords(line) == Server.generalPromptWords(line), "\(line.debugDescription)")
        }
    }

    @Test func random_ascii_lines_give_the_general_words() {
        var random = TestRandom(seed: 7)
        let alphabet = Array("aZ09 -_ .!J")
        for _ in 0..<500 {
            let length = Int(random.next() % 12)
            let line = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            #expect(Server.promptWords(line) == Server.generalPromptWords(line), "\(line.debugDescription)")
        }
    }
}
