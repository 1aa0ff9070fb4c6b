import Testing
import AulaTestSupport
@testable import AulaGames

@Suite(.lab) struct WordRulesTests {
    private let deck = [WordEntry(word: "pingüino", hint: "Ave que no vuela"),
                        WordEntry(word: "gato", hint: "Maúlla en casa"),
                        WordEntry(word: "perro", hint: "Ladra y mueve la cola")]

    @Test func goodWordsPass() {
        for word in ["sol", "murciélago", "Pingüino", "ÑANDÚ", "crème"] {
            #expect(WordRules.checkWord(word) == nil, "\(word)")
        }
        #expect(WordRules.checkHint("Vuela de noche", for: "murciélago") == nil)
    }

    @Test func wordTooShort() {
        #expect(WordRules.checkWord("as")?.code == "word_too_short")
        #expect(WordRules.checkWord("")?.code == "word_too_short")
        #expect(WordRules.checkWord("as")?.phrase == Phrase("error.word_too_short", ["as", "2", "3"]))
    }

    @Test func wordTooLong() {
        #expect(WordRules.checkWord("electrodomésticos")?.code == "word_too_long") // 17 letters
        #expect(WordRules.checkWord("abcdefghijklmno") == nil) // 15: the most allowed
    }

    @Test func wordNotLetters() {
        #expect(WordRules.checkWord("r2d2")?.code == "word_not_letters")
        #expect(WordRules.checkWord("oso polar")?.code == "word_not_letters")
        #expect(WordRules.checkWord("ex-novio")?.code == "word_not_letters")
        #expect(WordRules.checkWord("hola!")?.phrase.args == ["hola!", "!"])
    }

    @Test func wordDuplicateIgnoresCaseAndAccents() {
        #expect(WordRules.checkDuplicate("PINGUINO", in: deck)?.code == "word_duplicate")
        #expect(WordRules.checkDuplicate("gató", in: deck)?.phrase.args == ["gató", "gato"])
        #expect(WordRules.checkDuplicate("loro", in: deck) == nil)
        let years = [WordEntry(word: "año", hint: "Doce meses")]
        #expect(WordRules.checkDuplicate("ano", in: years) == nil) // ñ is its own letter
    }

    @Test func hintLength() {
        #expect(WordRules.checkHint("ab", for: "gato")?.code == "hint_length")
        #expect(WordRules.checkHint("  ab  ", for: "gato")?.code == "hint_length")
        #expect(WordRules.checkHint(String(repeating: "x", count: 61), for: "gato")?.code == "hint_length")
        #expect(WordRules.checkHint(String(repeating: "x", count: 60), for: "gato") == nil)
        #expect(WordRules.checkHint("abc", for: "gato") == nil)
    }

    @Test func hintMustBePlainAndNotGiveTheWordAway() {
        #expect(WordRules.checkHint("Vuela\nde noche", for: "murciélago")?.code == "hint_not_plain")
        #expect(WordRules.checkHint("El Murcielago vuela", for: "murciélago")?.code == "hint_reveals_word")
        #expect(WordRules.checkHint("Lo lleva una nave", for: "ave") == nil) // a word inside another is fine
    }

    @Test func deckTooSmall() {
        #expect(WordRules.checkDeckSize(2)?.code == "deck_too_small")
        #expect(WordRules.checkDeckSize(3) == nil)
        let full = WordDeck(id: "animales-es", title: "Animales", lang: "es", words: deck)
        #expect(throws: Refusal(code: "deck_too_small", args: ["3"])) { try full.removing(word: "gato").get() }
        let bigger = try? full.adding(WordEntry(word: "loro", hint: "Ave que habla")).get()
        #expect(bigger?.words.count == 4)
        #expect((try? bigger?.removing(word: "GATÓ").get())?.words.map(\.word) == ["pingüino", "perro", "loro"])
    }

    /// A deck already too small to play (its file gone, one console word left)
    /// can be emptied; a playable one still keeps its three.
    @Test func aDeckAlreadyTooSmallCanBeEmptied() {
        let leftover = WordDeck(id: "x", title: "X", lang: "es", words: [WordEntry(word: "loro", hint: "Habla")])
        #expect((try? leftover.removing(word: "loro").get())?.words.isEmpty == true)
        let two = WordDeck(id: "y", title: "Y", lang: "es", words: Array(deck.prefix(2)))
        #expect((try? two.removing(word: "gato").get())?.words.count == 1)
        let three = WordDeck(id: "z", title: "Z", lang: "es", words: Array(deck.prefix(3)))
        #expect(throws: Refusal(code: "deck_too_small", args: ["3"])) { try three.removing(word: "gato").get() }
    }

    @Test func removingAnUnknownWordSaysSo() {
        let full = WordDeck(id: "x", title: "X", lang: "es", words: deck + [WordEntry(word: "loro", hint: "Habla")])
        #expect(throws: Refusal(code: "word_not_found", args: ["vaca"])) { try full.removing(word: "vaca").get() }
    }

    @Test func addingChecksEveryRule() {
        let full = WordDeck(id: "x", title: "X", lang: "es", words: deck)
        func code(_ word: String, _ hint: String) -> String? {
            if case .failure(let refusal) = full.adding(WordEntry(word: word, hint: hint)) { return refusal.code }
            return nil
        }
        #expect(code("no", "Una negación") == "word_too_short")
        #expect(code("loro", "x") == "hint_length")
        #expect(code("Perro", "El mejor amigo") == "word_duplicate")
        #expect(code("loro", "Ave que habla") == nil)
    }

    @Test func everyRefusalCodeIsListed() {
        for code in ["word_too_short", "word_too_long", "word_not_letters", "word_duplicate",
                     "hint_length", "hint_not_plain", "hint_reveals_word", "deck_too_small", "word_not_found"] {
            #expect(WordRules.refusalCodes.contains(code))
            #expect(HangmanPhrases.allKeys.contains("error.\(code)"))
        }
    }
}

@Suite(.lab) struct WordPickerTests {
    private let words = ["sol", "gato", "perro", "conejo", "caballo", "elefante", "murciélago", "hipopótamo",
                         "rinoceronte"].map { WordEntry(word: $0, hint: "una pista") }

    @Test func wordPickingFollowsDifficulty() {
        for difficulty in HangmanDifficulty.allCases {
            var random = SeededRandom(seed: 11)
            var seen: Set<String> = []
            for _ in 0..<60 {
                guard let word = WordPicker.pick(from: words, difficulty: difficulty, random: &random) else {
                    Issue.record("no word"); return
                }
                #expect(difficulty.fits(letterCount: word.letterCount), "\(word.word) for \(difficulty)")
                seen.insert(word.word)
            }
            #expect(seen.count == WordPicker.candidates(words, for: difficulty).count)
        }
        #expect(WordPicker.candidates(words, for: .easy).map(\.word) == ["sol", "gato", "perro", "conejo"])
        #expect(WordPicker.candidates(words, for: .medium).map(\.word) == ["perro", "conejo", "caballo", "elefante"])
        #expect(WordPicker.candidates(words, for: .hard).map(\.word) == ["elefante", "murciélago", "hipopótamo", "rinoceronte"])
    }

    @Test func anyWordWhenNoneFits() {
        let short = ["sol", "mar", "pez"].map { WordEntry(word: $0, hint: "una pista") }
        #expect(WordPicker.candidates(short, for: .hard) == short)
        var random = SeededRandom(seed: 2)
        #expect(WordPicker.pick(from: short, difficulty: .hard, random: &random) != nil)
        #expect(WordPicker.pick(from: [], difficulty: .easy, random: &random) == nil)
    }

    @Test func sameSeedSameWord() {
        var a = SeededRandom(seed: 99), b = SeededRandom(seed: 99)
        #expect(WordPicker.pick(from: words, difficulty: .medium, random: &a)
                == WordPicker.pick(from: words, difficulty: .medium, random: &b))
    }

    @Test func recentWordsAreAvoidedWhileOthersRemain() {
        var random = SeededRandom(seed: 5)
        let recent: Set<String> = ["sol", "gato", "perro"]
        for _ in 0..<20 {
            #expect(WordPicker.pick(from: words, difficulty: .easy, avoiding: recent, random: &random)?.word == "conejo")
        }
        let all: Set<String> = ["sol", "gato", "perro", "conejo"]
        #expect(WordPicker.pick(from: words, difficulty: .easy, avoiding: all, random: &random) != nil)
    }

    @Test func difficultyReadsEnglishAndSpanish() {
        #expect(HangmanDifficulty(word: "Fácil") == .easy)
        #expect(HangmanDifficulty(word: "medio") == .medium)
        #expect(HangmanDifficulty(word: "HARD") == .hard)
        #expect(HangmanDifficulty(word: "dificil") == .hard)
        #expect(HangmanDifficulty(word: "extreme") == nil)
    }
}
