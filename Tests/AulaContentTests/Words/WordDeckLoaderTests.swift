import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaContent

/// The package folder (holding the shipped `Decks/`), found from this file's path.
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// A throwaway content folder with the given files under `Decks/words/`.
private func contentFolder(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("aula-words-\(UUID().uuidString)", isDirectory: true)
    let words = root.appendingPathComponent("Decks/words", isDirectory: true)
    try FileManager.default.createDirectory(at: words, withIntermediateDirectories: true)
    for (name, text) in files {
        try Data(text.utf8).write(to: words.appendingPathComponent(name))
    }
    return root
}

private let threeWords = """
[{"word":"gato","hint":"Maúlla"},{"word":"perro","hint":"Ladra"},{"word":"loro","hint":"Habla"}]
"""

@Suite(.lab) struct ShippedWordDeckTests {
    @Test func shippedDecksHaveNoProblemsAndFortyWordsEach() {
        let (decks, problems) = WordDeckLoader.load(contentDirectory: packageRoot)
        #expect(problems == [])
        #expect(decks.count >= 6)
        for deck in decks {
            #expect(deck.words.count >= 40, "\(deck.id) has \(deck.words.count) words")
        }
        let ids = Set(decks.map(\.id))
        for id in ["animales-es", "frutas-es", "paises-es", "animals-en", "fruits-en", "countries-en"] {
            #expect(ids.contains(id), "missing deck \(id)")
        }
        #expect(decks.filter { $0.lang == "es" }.count >= 3)
        #expect(decks.filter { $0.lang == "en" }.count >= 3)
    }

    @Test func spanishDecksUseAccentsAndEnie() {
        let (decks, _) = WordDeckLoader.load(contentDirectory: packageRoot)
        let spanish = decks.filter { $0.lang == "es" }.flatMap(\.words).map(\.word)
        #expect(spanish.contains("murciélago"))
        #expect(spanish.contains("pingüino"))
        #expect(spanish.contains("piña"))
        #expect(spanish.contains { $0.contains("ñ") })
        #expect(spanish.contains { $0.contains("á") || $0.contains("é") || $0.contains("í") || $0.contains("ó") || $0.contains("ú") })
    }

    @Test func everyDifficultyFindsWordsThatFitInEveryDeck() {
        let (decks, _) = WordDeckLoader.load(contentDirectory: packageRoot)
        for deck in decks {
            for difficulty in HangmanDifficulty.allCases {
                let fitting = deck.words.filter { difficulty.fits(letterCount: $0.letterCount) }
                #expect(fitting.count >= 5, "\(deck.id) has \(fitting.count) words for \(difficulty)")
            }
        }
    }

    @Test func blocklistIsOneLowercaseWordALine() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Decks/blocklist.txt"), encoding: .utf8)
        // `#` lines are comments; `*word` also blocks the word inside longer names.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { !$0.hasPrefix("#") }
        #expect(lines.count >= 20)
        for line in lines {
            #expect(!line.isEmpty && !line.contains(" ") && line == line.lowercased(), "\(line)")
        }
        let words = lines.map { $0.hasPrefix("*") ? $0.dropFirst() : $0 }
        #expect(Set(words).count == words.count)
    }
}

@Suite(.lab) struct WordDeckProblemTests {
    @Test func badWordsAreReportedWithFileAndFieldAndLeftOut() throws {
        let folder = try contentFolder(["bad.json": """
        {"id":"bad-es","title":"Mal","lang":"es","words":[
          {"word":"gato","hint":"Maúlla en casa"},
          {"word":"r2d2","hint":"Un robot"},
          {"word":"perro","hint":"x"},
          {"word":"GATÓ","hint":"Otra vez"},
          {"word":"loro","hint":"Ave que habla"},
          {"word":"oso"},
          {"word":"vaca","hint":"Da leche"},
          "pato"
        ]}
        """])
        let (decks, problems) = WordDeckLoader.load(contentDirectory: folder)
        #expect(decks.map(\.id) == ["bad-es"])
        #expect(decks.first?.words.map(\.word) == ["gato", "loro", "vaca"])
        let found = problems.map { "\($0.file) \($0.field) \($0.reason.key)" }
        #expect(found == [
            "Decks/words/bad.json words[1].word content.words.word_not_letters",
            "Decks/words/bad.json words[2].hint content.words.hint_length",
            "Decks/words/bad.json words[3].word content.words.word_duplicate",
            "Decks/words/bad.json words[5].hint content.words.entry_missing",
            "Decks/words/bad.json words[7] content.words.entry_not_an_object",
        ])
        #expect(problems[2].reason.args == ["GATÓ", "gato"])
    }

    /// Session 12: `"  olla "` (a copy from a spreadsheet) was refused for its spaces; it is
    /// trimmed. A word with no hint is left out saying so, like every other left-out word.
    @Test func spacesAroundAWordAreTrimmedAndAWordWithNoHintSaysItIsLeftOut() throws {
        let folder = try contentFolder(["cocina.json": """
        {"id":"cocina-es","title":"Cocina","lang":"es","words":[
          {"word":"  olla ","hint":"Para cocinar"},
          {"word":"sartén","hint":"Para freír"},
          {"word":"plato","hint":"Para comer"},
          {"word":"vaso"}
        ]}
        """])
        let (decks, problems) = WordDeckLoader.load(contentDirectory: folder)
        #expect(decks.first?.words.map(\.word) == ["olla", "sartén", "plato"])
        #expect(problems.map { "\($0.field) \($0.reason.key)" } == ["words[3].hint content.words.entry_missing"])
        #expect(problems.first?.reason.key.hasPrefix("content.words.entry_") == true)
    }

    @Test func notJSONIsSkippedWithAProblem() throws {
        let folder = try contentFolder(["broken.json": "{\"id\": \"x\", ", "good.json":
            "{\"id\":\"good-en\",\"title\":\"Good\",\"lang\":\"en\",\"words\":\(threeWords)}"])
        let (decks, problems) = WordDeckLoader.load(contentDirectory: folder)
        #expect(decks.map(\.id) == ["good-en"])
        #expect(problems == [ContentProblem(file: "Decks/words/broken.json", field: "",
                                            reason: Phrase("content.words.not_json"))])
    }

    @Test func missingHeaderFieldsSkipTheDeck() throws {
        let folder = try contentFolder([
            "a.json": "{\"title\":\"Sin id\",\"lang\":\"es\",\"words\":\(threeWords)}",
            "b.json": "{\"id\":\"b-es\",\"title\":7,\"lang\":\"es\",\"words\":\(threeWords)}",
            "c.json": "{\"id\":\"C es\",\"title\":\"Mal id\",\"lang\":\"español\",\"words\":\(threeWords)}",
        ])
        let (decks, problems) = WordDeckLoader.load(contentDirectory: folder)
        #expect(decks.isEmpty)
        let found = problems.map { "\($0.file) \($0.field) \($0.reason.key)" }
        #expect(found == [
            "Decks/words/a.json id content.words.missing",
            "Decks/words/b.json title content.words.not_text",
            "Decks/words/c.json id content.words.id_invalid",
            "Decks/words/c.json lang content.words.lang_invalid",
        ])
    }

    @Test func aDeckWithTooFewGoodWordsIsSkipped() throws {
        let folder = try contentFolder(["small.json": """
        {"id":"small-es","title":"Poco","lang":"es","words":[{"word":"gato","hint":"Maúlla"},{"word":"ab","hint":"Corta"}]}
        """])
        let (decks, problems) = WordDeckLoader.load(contentDirectory: folder)
        #expect(decks.isEmpty)
        #expect(problems.map(\.reason.key) == ["content.words.word_too_short", "content.words.deck_too_small"])
        #expect(problems.last?.field == "words")
    }

    @Test func uniqueCheckIsAccentInsensitive() throws {
        let folder = try contentFolder(["dup.json": """
        {"id":"dup-es","title":"Dup","lang":"es","words":[
          {"word":"pingüino","hint":"Ave del frío"},{"word":"Pinguino","hint":"Otra vez"},
          {"word":"año","hint":"Doce meses"},{"word":"ano","hint":"Parte del cuerpo"},{"word":"sol","hint":"Estrella"}]}
        """])
        let (decks, problems) = WordDeckLoader.load(contentDirectory: folder)
        #expect(problems.map(\.field) == ["words[1].word"])
        #expect(problems.first?.reason == Phrase("content.words.word_duplicate", ["Pinguino", "pingüino"]))
        #expect(decks.first?.words.count == 4) // año and ano are different words
    }

    @Test func duplicateDeckIdsKeepTheFirst() throws {
        let deck = "{\"id\":\"same\",\"title\":\"Same\",\"lang\":\"en\",\"words\":\(threeWords)}"
        let folder = try contentFolder(["1.json": deck, "2.json": deck])
        let (decks, problems) = WordDeckLoader.load(contentDirectory: folder)
        #expect(decks.count == 1)
        #expect(problems == [ContentProblem(file: "Decks/words/2.json", field: "id",
                                            reason: Phrase("content.words.id_duplicate", ["same", "Decks/words/1.json"]))])
    }

    @Test func aMissingFolderIsAProblem() {
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("aula-none-\(UUID().uuidString)")
        let (decks, problems) = WordDeckLoader.load(contentDirectory: nowhere)
        #expect(decks.isEmpty)
        #expect(problems.map(\.reason.key) == ["content.words.no_folder"])
    }

    @Test func problemKeysAreUnique() {
        #expect(Set(WordDeckLoader.problemKeys).count == WordDeckLoader.problemKeys.count)
    }
}
