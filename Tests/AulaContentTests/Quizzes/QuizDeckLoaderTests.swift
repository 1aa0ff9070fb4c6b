import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaContent

@Suite(.lab) struct ShippedQuizDecksTests {
    /// The repository root: this file is Tests/AulaContentTests/Quizzes/….
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func shippedDecksLoadWithoutProblems() {
        let (decks, problems) = QuizDeckLoader.load(contentDirectory: Self.root)
        #expect(problems == [])
        let styles = Dictionary(uniqueKeysWithValues: decks.map { ($0.id, $0.style) })
        #expect(styles["country-en"] == .personality)
        #expect(styles["country-es"] == .personality)
        #expect(styles.values.filter { $0 == .personality }.count >= 4)
        #expect(styles.values.filter { $0 == .graded }.count >= 2)
    }

    @Test func shippedDecksHaveEightQuestionsAndMixTheKinds() {
        let (decks, _) = QuizDeckLoader.load(contentDirectory: Self.root)
        #expect(decks.count >= 6)
        for deck in decks {
            let kinds = Set(deck.questions.map(\.kind))
            #expect(deck.questions.count >= 8, "\(deck.id)")
            #expect(kinds.isSuperset(of: [.single, .multiple]), "\(deck.id)")
            if deck.style == .personality { #expect(kinds.contains(.ranged), "\(deck.id)") }
            #expect(["en", "es"].contains(deck.lang))
        }
        let country = decks.first { $0.id == "country-es" }
        #expect(country?.lang == "es")
        #expect(decks.first { $0.id == "country-en" }?.types.count == country?.types.count)
    }

    @Test func theSummarySaysPersonalityOrGraded() {
        let (decks, _) = QuizDeckLoader.load(contentDirectory: Self.root)
        let science = decks.first { $0.id == "science-en" }
        #expect(science.map(QuizDeckLoader.summary)?.key == "content.quiz.summary.graded")
        let country = decks.first { $0.id == "country-en" }
        #expect(country.map(QuizDeckLoader.summary) ==
                Phrase("content.quiz.summary.personality", ["country-en", String(country?.questions.count ?? 0), "4"]))
    }
}

@Suite(.lab) struct BadQuizDecksTests {
    /// Writes files into a fresh content folder's Decks/quizzes and loads it.
    func load(_ files: [String: String]) throws -> ([QuizDeck], [ContentProblem]) {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("aula-quiz-\(UInt64.random(in: 0...UInt64.max))")
        let dir = root.appendingPathComponent("Decks/quizzes")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, text) in files {
            try Data(text.utf8).write(to: dir.appendingPathComponent(name))
        }
        return QuizDeckLoader.load(contentDirectory: root)
    }

    /// A deck's JSON with these questions (and types, for personality decks).
    func deck(_ id: String, types: String = #"[{"key":"sun","title":"Sun","definition":"Warm"},{"key":"sea","title":"Sea","definition":"Wet"}]"#,
              seconds: String = "30", questions: String) -> String {
        #"{"id":"\#(id)","title":"T","lang":"en","description":"D","shuffle":false,"seconds":\#(seconds),"types":\#(types),"questions":\#(questions)}"#
    }

    let goodPersonality = #"{"kind":"single","text":"Q","answers":[{"text":"a","type":"sun"},{"text":"b","type":"sea"}]}"#
    let goodGraded = #"{"kind":"single","text":"Q","answers":[{"text":"a","correct":true},{"text":"b","correct":false}]}"#

    func has(_ problems: [ContentProblem], _ file: String, _ field: String, _ key: String) -> Bool {
        problems.contains { $0.file == "Decks/quizzes/\(file)" && $0.field == field && $0.reason.key == "content.quiz.\(key)" }
    }

    @Test func goodDecksOfBothStylesLoad() throws {
        let (decks, problems) = try load([
            "p.json": deck("p", questions: "[\(goodPersonality)]"),
            "g.json": deck("g", types: "[]", questions: "[\(goodGraded)]"),
        ])
        #expect(problems == [])
        #expect(decks.map(\.id) == ["g", "p"])
        #expect(decks.map(\.style) == [.graded, .personality])
        #expect(decks[1].seconds(for: decks[1].questions[0]) == 30)
    }

    @Test func aDeckMixingTypesAndCorrectSaysWhichAnswersAreOff() throws {
        let (decks, problems) = try load(["mix.json": deck("mix", questions: "[\(goodPersonality),\(goodPersonality),\(goodGraded)]")])
        #expect(decks.isEmpty)
        #expect(has(problems, "mix.json", "questions", "mixed"))
        #expect(problems.first { $0.field == "questions" }?.reason.args == ["4", "2"])
        #expect(has(problems, "mix.json", "questions[2].answers[0].correct", "correct_in_personality"))
        #expect(has(problems, "mix.json", "questions[2].answers[1].correct", "correct_in_personality"))
        // Mostly graded: the typed answers are the odd ones.
        let (_, graded) = try load(["mix.json": deck("mix", types: "[]", questions: "[\(goodGraded),\(goodGraded),\(goodPersonality)]")])
        #expect(has(graded, "mix.json", "questions[2].answers[1].type", "type_in_graded"))
    }

    @Test func answersNeedExactlyOneOfTypeOrCorrect() throws {
        let q = #"[{"kind":"single","text":"Q","answers":[{"text":"a","type":"sun","correct":true},{"text":"b"},{"text":"c","type":"sun"}]}]"#
        let (_, problems) = try load(["a.json": deck("a", questions: q)])
        #expect(has(problems, "a.json", "questions[0].answers[0]", "answer_both"))
        #expect(has(problems, "a.json", "questions[0].answers[1]", "answer_neither"))
    }

    @Test func everyQuestionAndAnswerIsCheckedWithItsField() throws {
        let q = """
        [\(goodPersonality),
         {"kind":"slider","text":"Q","answers":[{"text":"a","type":"sun"},{"text":"b","type":"sea"}]},
         {"kind":"single","text":"  ","seconds":200,"answers":[{"text":"a","type":"sun"}]},
         {"kind":"multiple","text":"Q","answers":[{"text":"a","type":"sun"},{"text":"","type":"moon"},
           {"text":"c","type":"sea"},{"text":"d","type":"sea"},{"text":"e","type":"sea"},{"text":"f","type":"sea"},{"text":"g","type":"sea"}]},
         {"kind":"single","text":"Q","seconds":4.5,"answers":[{"text":"a","type":3},{"text":"b","type":"sea"}]}]
        """
        let (decks, problems) = try load(["bad.json": deck("bad", questions: q)])
        #expect(decks.isEmpty)
        #expect(has(problems, "bad.json", "questions[1].kind", "kind_unknown"))
        #expect(has(problems, "bad.json", "questions[2].text", "empty"))
        #expect(has(problems, "bad.json", "questions[2].seconds", "seconds"))
        #expect(has(problems, "bad.json", "questions[2].answers", "answers_count"))
        #expect(has(problems, "bad.json", "questions[3].answers", "answers_count"))
        #expect(has(problems, "bad.json", "questions[3].answers[1].type", "type_unknown"))
        #expect(has(problems, "bad.json", "questions[3].answers[1].text", "empty"))
        #expect(has(problems, "bad.json", "questions[4].seconds", "wrong_type.integer"))
        #expect(has(problems, "bad.json", "questions[4].answers[0].type", "wrong_type.text"))
        #expect(problems.first { $0.field == "questions[3].answers[1].type" }?.reason.args == ["moon"])
        #expect(!problems.contains { $0.field.hasPrefix("questions[0]") })
    }

    @Test func theDeckFieldsAreChecked() throws {
        let text = #"{"id":"Other Name","lang":"fr","title":"","seconds":2,"shuffle":"yes","types":[{"key":"sun","title":"S","definition":"D"},{"key":"sun","title":"S2","definition":""}],"questions":[\#(goodPersonality)]}"#
        let (_, problems) = try load(["deck.json": text])
        #expect(has(problems, "deck.json", "id", "id_invalid"))
        #expect(has(problems, "deck.json", "lang", "lang"))
        #expect(has(problems, "deck.json", "title", "empty"))
        #expect(has(problems, "deck.json", "description", "missing"))
        #expect(has(problems, "deck.json", "seconds", "seconds"))
        #expect(has(problems, "deck.json", "shuffle", "wrong_type.bool"))
        #expect(has(problems, "deck.json", "types[1].key", "type_duplicate"))
        #expect(has(problems, "deck.json", "types[1].definition", "empty"))
        #expect(has(problems, "deck.json", "questions[0].answers[1].type", "type_unknown"))
    }

    @Test func theIdMatchesTheFileNameAndIsUnique() throws {
        let (decks, problems) = try load([
            "one.json": deck("two", questions: "[\(goodPersonality)]"),
            "two.json": deck("two", questions: "[\(goodPersonality)]"),
        ])
        #expect(decks.map(\.id) == ["two"])
        #expect(has(problems, "one.json", "id", "id_filename"))
        #expect(problems.first?.reason.args == ["two", "one.json"])
    }

    @Test func gradedDecksNeedACorrectAnswerAndNoRangedQuestionsOrTypes() throws {
        let q = #"""
        [{"kind":"single","text":"Q","answers":[{"text":"a","correct":false},{"text":"b","correct":false}]},
         {"kind":"ranged","text":"Q","answers":[{"text":"a","correct":true},{"text":"b","correct":false}]},
         {"kind":"multiple","text":"Q","answers":[{"text":"a","correct":"yes"},{"text":"b","correct":true}]}]
        """#
        let (_, problems) = try load(["g.json": deck("g", questions: q)])
        #expect(has(problems, "g.json", "questions[0].answers", "no_correct"))
        #expect(has(problems, "g.json", "questions[1].kind", "ranged_graded"))
        #expect(has(problems, "g.json", "questions[2].answers[0].correct", "wrong_type.bool"))
        #expect(has(problems, "g.json", "types", "types_in_graded"))
        #expect(!problems.contains { $0.field == "questions[2].answers" })
    }

    @Test func personalityDecksNeedTypes() throws {
        let (_, problems) = try load(["p.json": deck("p", types: "[]", questions: "[\(goodPersonality)]")])
        #expect(has(problems, "p.json", "types", "no_types"))
        #expect(has(problems, "p.json", "questions[0].answers[0].type", "type_unknown"))
    }

    @Test func brokenJsonAndMissingPartsAreReported() throws {
        let (_, problems) = try load([
            "broken.json": #"{"id": "broken", "#,
            "empty.json": deck("empty", questions: "[]"),
            "noq.json": #"{"id":"noq","title":"T","lang":"en","description":"D"}"#,
            "list.json": "[1, 2]",
            "notes.txt": "not a deck",
        ])
        #expect(has(problems, "broken.json", "json", "json"))
        #expect(has(problems, "empty.json", "questions", "no_questions"))
        #expect(has(problems, "noq.json", "questions", "missing"))
        #expect(has(problems, "list.json", "deck", "wrong_type.object"))
        #expect(problems.count == 4)
    }

    @Test func aMissingFolderIsAProblem() {
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("aula-no-such-\(UInt64.random(in: 0...UInt64.max))")
        let (decks, problems) = QuizDeckLoader.load(contentDirectory: nowhere)
        #expect(decks.isEmpty)
        #expect(problems.map(\.reason.key) == ["content.quiz.folder_missing"])
    }

    @Test func everyProblemKeyIsInTheCatalogList() throws {
        let (_, problems) = try load([
            "a.json": deck("zz", seconds: "1", questions: #"[{"kind":"x","text":"","answers":[{"text":"a"}]}]"#),
            "b.json": #"{"#,
        ])
        #expect(!problems.isEmpty)
        for p in problems { #expect(QuizPhrases.allKeys.contains(p.reason.key), "\(p.reason.key)") }
    }
}
