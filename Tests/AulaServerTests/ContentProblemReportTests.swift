import Foundation
import Testing
import AulaTestSupport
import AulaGames
import AulaContent
@testable import AulaServer

/// How content problems read (session 10): grouped when one reason repeats in
/// one file, bounded in all, with the place in words and no empty field.
@Suite(.lab) struct ContentProblemReportTests {
    func hint(_ i: Int, file: String = "Decks/words/big-es.json") -> ContentProblem {
        ContentProblem(file: file, field: "words[\(i)].hint", reason: Phrase("content.words.hint_length", ["80", "3", "60"]))
    }

    @Test func aReasonRepeatedInOneFileIsShownFiveTimesThenCounted() {
        let problems = (0..<5_200).map { hint($0) }
            + [ContentProblem(file: "Decks/words/big-es.json", field: "words[9].word", reason: Phrase("content.words.word_duplicate", ["gato", "Gato"]))]
        let lines = ContentProblemReport.lines(problems, .en)
        #expect(lines.count == 7)
        #expect(lines[0] == "Decks/words/big-es.json: words[0].hint (word 1): A hint needs 3 to 60 characters (this one has 80); the word was left out.")
        #expect(lines[5] == "Decks/words/big-es.json: …and 5195 more words with the same problem.")
        #expect(lines[6].hasPrefix("Decks/words/big-es.json: words[9].word (word 10): \"gato\" repeats"))
        #expect(ContentProblemReport.lines(problems, .es)[5] == "Decks/words/big-es.json: …y 5195 palabras más con el mismo problema.")
    }

    /// A word with no hint is left out, and says so in both languages (session 12).
    @Test func aWordWithNoHintSaysItIsLeftOut() {
        let problem = ContentProblem(file: "Decks/words/cocina-es.json", field: "words[3].hint",
                                     reason: Phrase("content.words.entry_missing", ["hint"]))
        #expect(ContentProblemReport.lines([problem], .en) == ["Decks/words/cocina-es.json: words[3].hint (word 4): The field \"hint\" is missing; the word was left out."])
        #expect(ContentProblemReport.lines([problem], .es).first?.hasSuffix("Falta el campo «hint»; se ha dejado fuera la palabra.") == true)
    }

    @Test func theWholeReportIsBounded() {
        let problems = (0..<1_000).map { hint($0, file: "Decks/words/f\($0).json") }
        let entries = ContentProblemReport.entries(problems)
        #expect(entries.count == ContentProblemReport.maxEntries + 1)
        #expect(entries.last == .rest(count: 1_000 - ContentProblemReport.maxEntries))
        #expect(ContentProblemReport.lines(problems, .en).last == "…and 800 more problems not shown. Fix the ones above and check again.")
    }

    @Test func placesAreCountedFromOneInBothLanguagesAndAnEmptyFieldIsLeftOut() {
        #expect(ContentProblemReport.place("questions[0].answers[0].type", .en) == "question 1, answer 1")
        #expect(ContentProblemReport.place("questions[0].answers[0].type", .es) == "pregunta 1, respuesta 1")
        #expect(ContentProblemReport.place("worlds[4].levels[0]", .en) == "world 5, level 1")
        #expect(ContentProblemReport.place("board[3]", .en) == nil, "rows stay counted from 0, like the messages")
        #expect(ContentProblemReport.place("id", .en) == nil)
        let notUTF8 = ContentProblem(file: "Decks/words/latin1-es.json", field: "", reason: Phrase("content.file.not_utf8"))
        let line = ContentProblemReport.line(notUTF8, .en)
        #expect(line.hasPrefix("Decks/words/latin1-es.json: The file is not saved as UTF-8"))
        #expect(!line.contains(": :"))
        let warning = ContentProblem(file: "Levels/worlds.json", field: "worlds", reason: Phrase("content.level.not_on_map", ["w5-09"]), isWarning: true)
        #expect(ContentProblemReport.line(warning, .es).hasPrefix("Levels/worlds.json: worlds: aviso: El nivel «w5-09» no está en ningún mundo"))
    }

    @Test func theXPOrderMessageSaysTheFix() {
        let phrase = Phrase("content.level.xp_order", ["w5-01", "0", "230", "w5"])
        #expect(Catalog.shared.text(phrase, .en).contains("Set \"xp_required\" of world “w5” in Levels/worlds.json to at least 230"))
        #expect(Catalog.shared.text(phrase, .es).contains("reto empezar w5-01"))
    }

    @Test func everyNewKeyIsInBothCatalogs() {
        let keys = ContentProblemReport.keys + ["content.file.ignored_extension", "content.file.not_utf8",
                                                "admin.reload.blocklist_kept", "admin.reload.left_out", "error.content_empty",
                                                "content.reload.kept_previous"]
        let missing = keys.filter { key in Language.allCases.contains { Catalog.shared.template(key, $0) == nil } }
        #expect(missing == [])
    }
}
