import Foundation
import Testing
import AulaTestSupport
import AulaGames
import AulaStore
@testable import AulaServer

@Suite(.lab) struct HangmanWordBankTests {
    /// A letters-only word for a number (`aaab`, `aaac`...), unique per number.
    private func word(_ n: Int) -> String {
        var n = n, letters: [Character] = []
        for _ in 0..<5 {
            letters.append(Character(UnicodeScalar(UInt8(97 + n % 26))))
            n /= 26
        }
        return String(letters)
    }

    private func decks(count: Int, wordsEach: Int) -> [WordDeck] {
        (0..<count).map { d in
            WordDeck(id: "deck-\(d)", title: "Deck \(d)", lang: d % 2 == 0 ? "es" : "en",
                     words: (0..<wordsEach).map { WordEntry(word: word($0), hint: "Pista número \($0)") })
        }
    }

    /// The time is checked with `AULA_BENCH_ROWS` set (CI), alone (`.timed`, BenchFlag).
    @Test(.timed) func seedingTenThousandWordsIsFastAndNeverDuplicates() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("aula-words-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let db = try Database(path: path)
        try Schema.migrate(db)
        let bank = decks(count: 10, wordsEach: 1_000)
        let started = Date()
        #expect(try HangmanWordBank.seed(bank, into: db) == 10_000)
        if BenchFlag.isSet { #expect(Date().timeIntervalSince(started) < 1) }
        // A restart adds nothing; a new word in a file and a new deck file are picked up.
        #expect(try HangmanWordBank.seed(bank, into: db) == 0)
        var grown = bank
        grown[0] = WordDeck(id: "deck-0", title: "Deck 0", lang: "es",
                            words: bank[0].words + [WordEntry(word: "murciélago", hint: "Vuela de noche")])
        grown.append(WordDeck(id: "nuevo", title: "Nuevo", lang: "es",
                              words: [WordEntry(word: "sol", hint: "Da luz de día"), WordEntry(word: "luna", hint: "Da luz de noche"),
                                      WordEntry(word: "estrella", hint: "Brilla en el cielo")]))
        #expect(try HangmanWordBank.seed(grown, into: db) == 4)
        #expect(try db.wordCount(deckID: "deck-0") == 1_001)
        #expect(try db.decks().count == 11)
        // A word a teacher removed stays removed after the next start.
        try db.deleteWord(deckID: "nuevo", word: "sol")
        #expect(try HangmanWordBank.seed(grown, into: db) == 0)
        #expect(try db.words(deckID: "nuevo").map(\.word) == ["estrella", "luna"])
    }
}
