import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

@Suite("Word bank", .lab)
struct WordsTests {
    let seed: [(word: String, hint: String)] = [("murciélago", "Vuela de noche"), ("gato", "Maúlla"), ("ñandú", "Corre mucho")]

    @Test func seedingTwiceAddsNothingTheSecondTime() throws {
        try withDatabase { db, _ throws in
            try db.upsertDeck(id: "animals-es", title: "Animales", lang: "es")
            #expect(try db.seedWords(deckID: "animals-es", words: seed) == 3)
            try db.upsertDeck(id: "animals-es", title: "Animales", lang: "es")
            #expect(try db.seedWords(deckID: "animals-es", words: seed) == 0)
            #expect(try db.words(deckID: "animals-es").map(\.word) == ["gato", "murciélago", "ñandú"])
            #expect(try db.decks() == [DeckRow(id: "animals-es", title: "Animales", lang: "es", kind: "words", wordCount: 3)])
        }
    }

    @Test func aDeletedWordStaysDeletedAfterTheNextStart() throws {
        try withDatabase { db, _ throws in
            try db.upsertDeck(id: "animals-es", title: "Animales", lang: "es")
            try db.seedWords(deckID: "animals-es", words: seed)
            #expect(try db.deleteWord(deckID: "animals-es", word: "GATO"))
            #expect(try !db.deleteWord(deckID: "animals-es", word: "gato"))
            try db.seedWords(deckID: "animals-es", words: seed)
            #expect(try db.wordCount(deckID: "animals-es") == 2)
            #expect(try !db.hasWord(deckID: "animals-es", word: "gato"))
            // A teacher may add it back, with a new hint.
            #expect(try db.addWord(deckID: "animals-es", word: "gato", hint: "Tiene siete vidas"))
            #expect(try db.words(deckID: "animals-es").first { $0.word == "gato" }?.hint == "Tiene siete vidas")
        }
    }

    @Test func addingAWordTheDeckHasIsRefused() throws {
        try withDatabase { db, _ throws in
            try db.upsertDeck(id: "animals-es", title: "Animales", lang: "es")
            try db.seedWords(deckID: "animals-es", words: seed)
            #expect(try !db.addWord(deckID: "animals-es", word: "Murciélago", hint: "otra pista"))
            #expect(try db.words(deckID: "animals-es").first { $0.word == "murciélago" }?.hint == "Vuela de noche")
            #expect(try db.addWord(deckID: "animals-es", word: "perro", hint: "Ladra"))
            #expect(try db.wordCount(deckID: "animals-es") == 4)
        }
    }
}
