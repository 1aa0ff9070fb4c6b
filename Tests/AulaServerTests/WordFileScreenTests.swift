import Foundation
import Testing
import AulaTestSupport
import AulaGames
import AulaContent
@testable import AulaServer

/// Deck files read against the blocklist, and lower-cased (session 10): a rude
/// word or hint is left out with a warning naming file and word (start-up,
/// `reload` and `check-content` read files through `ContentLibrary.load`);
/// `Lémur` is played as `lémur`.
@Suite(.lab) struct WordFileScreenTests {
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("aula-wordscreen-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func rudeWordsAndHintsAreLeftOutWithAWarningAndTheRestIsLowerCased() throws {
        let root = try folder([
            "Decks/blocklist.txt": "joder\nputa\nputas\n*mierda\n",
            "Decks/words/animales-es.json": """
            {"id": "animales-es", "title": "Animales", "lang": "es", "words": [
              {"word": "Lémur", "hint": "Vive en Madagascar"}, {"word": "ÑANDÚ", "hint": "Corre mucho"},
              {"word": "putas", "hint": "Una palabrota"},
              {"word": "loro", "hint": "Dice joder"}, {"word": "gato", "hint": "Maúlla"},
              {"word": "mierdecilla", "hint": "No está en la lista"}]}
            """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (library, problems) = ContentLibrary.load(directory: root.path)
        let file = "Decks/words/animales-es.json"
        #expect(problems == [
            ContentProblem(file: file, field: "words[2].word", reason: Phrase("content.words.word_blocked", ["putas"]), isWarning: true),
            ContentProblem(file: file, field: "words[3].hint", reason: Phrase("content.words.hint_blocked", ["loro"]), isWarning: true),
        ])
        let words = try #require(library.wordDecks.first).words.map(\.word)
        #expect(words == ["lémur", "ñandú", "gato", "mierdecilla"])
        #expect(library.wordFiles.fileOfDeck == ["animales-es": "animales-es.json"])
        #expect(library.wordFiles.files == ["animales-es.json"])
        // Warnings do not fail `check-content`.
        #expect(CheckContent.run(directory: root.path, language: .en) == 0)
        #expect(Catalog.shared.text(problems[0].reason, .es).contains("«putas»"))
    }

    @Test func theBlocklistMatchesDeckWordsAsNamesAndHintsAsChat() {
        let list = Blocklist(words: ["puta", "putas", "joder", "*mierda"])
        #expect(list.blocksDeckWord("PUTAS", hint: "Una pista"))
        #expect(list.blocksDeckWord("gato", hint: "Dice j0der"))
        #expect(list.blocksDeckWord("mierdaza", hint: "Una pista"))
        // A hint's words are whole words: a longer word that holds a `*` word reads as written.
        #expect(!list.blocksDeckWord("gato", hint: "Una mierdecilla de pista"))
        #expect(!list.blocksDeckWord("computadora", hint: "Sirve para calcular"))
        #expect(list.sameWords(as: Blocklist(words: ["putas", "puta", "joder", "*mierda"])))
        #expect(!list.sameWords(as: Blocklist(words: ["puta"])))
    }
}
