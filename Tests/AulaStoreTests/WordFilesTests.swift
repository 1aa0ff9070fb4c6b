import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// The word bank follows the deck files (session 10): a word renamed or taken
/// out of its file stops being served, a deleted file's deck is no longer
/// offered, and a teacher's console words and removals outlive both.
@Suite("Word bank follows the files", .lab)
struct WordFilesTests {
    let animals: [(word: String, hint: String)] = [("gato", "Maúlla"), ("perro", "Ladra mucho"), ("tigre", "Rayas"),
                                                   ("vaca", "Da leche")]

    private func served(_ db: Database, _ deck: String = "animales-es") throws -> [String] {
        try db.words(deckID: deck).map(\.word)
    }

    private func seed(_ db: Database, _ words: [(word: String, hint: String)], deck: String = "animales-es") throws -> DeckSeeding {
        try db.seedDeckFile(deckID: deck, title: "Animales", lang: "es", file: "\(deck).json", words: words)
    }

    @Test func aWordRenamedInItsFileIsServedOnlyUnderItsNewName() throws {
        try withDatabase { db, _ throws in
            #expect(try seed(db, animals) == DeckSeeding(deckID: "animales-es", added: 4, dropped: 0, changed: true))
            #expect(try seed(db, animals) == DeckSeeding(deckID: "animales-es"))
            var renamed = animals
            renamed[2] = ("tigres", "Rayas")
            #expect(try seed(db, renamed) == DeckSeeding(deckID: "animales-es", added: 1, dropped: 1, changed: true))
            #expect(try served(db) == ["gato", "perro", "tigres", "vaca"])
            // Put back in the file, it is served again.
            #expect(try seed(db, animals).added == 1)
            #expect(try served(db) == ["gato", "perro", "tigre", "vaca"])
        }
    }

    @Test func aFileWordsHintAndCaseFollowTheFileButATeachersWordStays() throws {
        try withDatabase { db, _ throws in
            _ = try seed(db, animals)
            #expect(try db.addWord(deckID: "animales-es", word: "pato", hint: "Nada en el estanque"))
            var edited = animals
            edited[0] = ("gato", "Tiene siete vidas")
            let seeding = try seed(db, edited)
            #expect(seeding.changed && seeding.added == 0 && seeding.dropped == 0)
            #expect(try db.words(deckID: "animales-es").first { $0.word == "gato" }?.hint == "Tiene siete vidas")
            // The teacher's word is not in the file, and stays.
            #expect(try served(db).contains("pato"))
            #expect(try seed(db, Array(edited.prefix(3))).dropped == 1)
            #expect(try served(db) == ["gato", "pato", "perro", "tigre"])
        }
    }

    @Test func aWordATeacherRemovedStaysRemovedAndComesBackOnlyFromTheConsole() throws {
        try withDatabase { db, _ throws in
            _ = try seed(db, animals)
            #expect(try db.deleteWord(deckID: "animales-es", word: "vaca"))
            #expect(try seed(db, animals) == DeckSeeding(deckID: "animales-es"))
            #expect(try !served(db).contains("vaca"))
            // A word its file dropped can be added back at the console, and is the teacher's from then on.
            #expect(try seed(db, Array(animals.prefix(3))).dropped == 0)
            #expect(try db.addWord(deckID: "animales-es", word: "vaca", hint: "Hace muu"))
            _ = try seed(db, Array(animals.prefix(2)))
            #expect(try served(db) == ["gato", "perro", "vaca"])
        }
    }

    @Test func aDeckWhoseFileIsGoneIsNoLongerOfferedUnlessATeacherAddedWords() throws {
        try withDatabase { db, _ throws in
            _ = try seed(db, animals)
            _ = try seed(db, [("pera", "Fruta de agua"), ("piña", "Tropical"), ("uva", "Racimo")], deck: "frutas-es")
            #expect(try db.addWord(deckID: "frutas-es", word: "kiwi", hint: "Verde por dentro"))
            // A file still there (even one that failed to load) keeps its deck.
            #expect(try db.dropDecksWithoutFile(present: ["animales-es.json", "frutas-es.json"]) == [])
            let gone = try db.dropDecksWithoutFile(present: ["otro.json"])
            #expect(gone == [DeckFileGone(deckID: "animales-es", dropped: 4, kept: 0),
                             DeckFileGone(deckID: "frutas-es", dropped: 3, kept: 1)])
            #expect(try db.decks().map(\.id) == ["frutas-es"])
            #expect(try served(db, "frutas-es") == ["kiwi"])
            #expect(try db.dropDecksWithoutFile(present: ["otro.json"]) == [])
            // The file back: its deck is back.
            #expect(try seed(db, animals).added == 4)
            #expect(try db.decks().map(\.id) == ["animales-es", "frutas-es"])
            // The file now gives another deck (its id changed): the old deck is gone.
            #expect(try db.dropDecksWithoutFile(present: ["animales-es.json"], owners: ["animales-es.json": "fauna-es"])
                        == [DeckFileGone(deckID: "animales-es", dropped: 4, kept: 0)])
        }
    }

    /// A file from schema 4: every word's origin unknown. The next seeding
    /// settles it — words in the file are the file's, the others are kept as a
    /// teacher's — and a deck with no file left is no longer offered.
    @Test func aVersionFourFileUpgradesAndItsWordsAreSettledAtTheNextSeeding() throws {
        let folder = try TempFolder()
        let db = try Database(path: folder.path())
        defer { db.close() }
        try Migrator.migrate(db, migrations: Schema.migrations, upTo: 4)
        for deck in ["animales-es", "viejo-es"] {
            try db.run("INSERT INTO decks (id, title, lang) VALUES (?, 'Mazo', 'es')", [.text(deck)])
        }
        for (deck, word) in [("animales-es", "gato"), ("animales-es", "perro"), ("animales-es", "pato"),
                             ("animales-es", "vaca"), ("viejo-es", "sol"), ("viejo-es", "luna"), ("viejo-es", "mar")] {
            try db.run("INSERT INTO words (deck_id, word, word_key, hint) VALUES (?, ?, ?, 'Una pista')",
                       [.text(deck), .text(word), .text(word)])
        }
        try db.run("UPDATE words SET removed = 1 WHERE word = 'vaca'")
        try Schema.migrate(db)
        #expect(db.userVersion == Schema.latestVersion)
        #expect(try db.integrityCheck() == "ok")
        #expect(try db.wordCount(deckID: "animales-es") == 3)
        #expect(try db.scalar("SELECT file FROM decks WHERE id = 'viejo-es'").string == "viejo-es.json")

        let seeding = try db.seedDeckFile(deckID: "animales-es", title: "Animales", lang: "es", file: "animales-es.json",
                                          words: [("gato", "Maúlla"), ("perro", "Ladra"), ("vaca", "Da leche")])
        #expect(seeding.added == 0 && seeding.dropped == 0)
        #expect(try served(db) == ["gato", "pato", "perro"])  // pato kept; vaca stays removed
        #expect(try db.dropDecksWithoutFile(present: ["animales-es.json"]) == [DeckFileGone(deckID: "viejo-es", dropped: 3, kept: 0)])
        // pato is settled as a teacher's word: a file without it cannot take it back.
        _ = try db.seedDeckFile(deckID: "animales-es", title: "Animales", lang: "es", file: "animales-es.json",
                                words: [("gato", "Maúlla"), ("perro", "Ladra")])
        #expect(try served(db) == ["gato", "pato", "perro"])
        #expect(try db.decks().map(\.id) == ["animales-es"])
    }
}
