import Testing
import AulaTestSupport
@testable import AulaGames

@Suite(.lab) struct QuizAnswerParserTests {
    func choice(_ text: String, _ kind: QuestionKind, _ count: Int = 4) -> QuizChoice? {
        try? QuizAnswerParser.parse(text, kind: kind, answerCount: count).get()
    }

    func refusal(_ text: String, _ kind: QuestionKind, _ count: Int = 4) -> Refusal? {
        if case .failure(let r) = QuizAnswerParser.parse(text, kind: kind, answerCount: count) { return r }
        return nil
    }

    @Test func singleAnswerIsOneNumberCountedFromOne() {
        #expect(choice("2", .single)?.answers == [1])
        #expect(choice("  4 ", .single)?.answers == [3])
    }

    @Test func singleAnswerRefusalsSayWhatToType() {
        #expect(refusal("", .single) == Refusal("answer_format", Phrase("error.answer_format", ["4"])))
        #expect(refusal("two", .single)?.code == "answer_format")
        #expect(refusal("2.5", .single)?.code == "answer_format")
        #expect(refusal("5", .single) == Refusal("answer_out_of_range", Phrase("error.answer_out_of_range", ["5", "4"])))
        #expect(refusal("0", .single)?.code == "answer_out_of_range")
        #expect(refusal("1 2", .single) == Refusal("answer_one_only", Phrase("error.answer_one_only", ["4"])))
        #expect(refusal("3", .single, 2)?.phrase.args == ["3", "2"])
    }

    @Test func multipleAnswerTakesSpacesOrCommas() {
        #expect(choice("1 3 4", .multiple)?.answers == [0, 2, 3])
        #expect(choice("1,3,4", .multiple)?.answers == [0, 2, 3])
        #expect(choice("4, 1", .multiple)?.answers == [0, 3])
        #expect(choice("2", .multiple)?.answers == [1])
    }

    @Test func multipleAnswerRefusals() {
        #expect(refusal("1 3 3", .multiple) == Refusal("answer_duplicate", Phrase("error.answer_duplicate", ["3"])))
        #expect(refusal("1 x", .multiple) == Refusal("answer_format", Phrase("error.answer_format.multiple", ["4"])))
        #expect(refusal("1 7", .multiple)?.code == "answer_out_of_range")
        #expect(refusal(" , ", .multiple)?.code == "answer_format")
    }

    /// round((v-1)/9 * (count-1)), halves away from zero: on four answers
    /// 1 → first, 5 → 1.33 → second, 5.5 → 1.5 → third, 6 → 1.67 → third, 10 → last.
    @Test func rangedScaleMapsOntoTheAnswers() {
        #expect(choice("1", .ranged)?.answers == [0])
        #expect(choice("5", .ranged)?.answers == [1])
        #expect(choice("5.5", .ranged)?.answers == [2])
        #expect(choice("5,5", .ranged)?.answers == [2])
        #expect(choice("6", .ranged)?.answers == [2])
        #expect(choice("10", .ranged)?.answers == [3])
        #expect(choice("7", .ranged)?.scale == 7)
        // Three answers: 3.25 is exactly 0.5 of the way to the second answer, so it rounds up.
        #expect(choice("3.25", .ranged, 3)?.answers == [1])
        #expect(choice("3.24", .ranged, 3)?.answers == [0])
        #expect(QuizAnswerParser.rangedAnswer(value: 10, answerCount: 2) == 1)
        #expect(QuizAnswerParser.rangedAnswer(value: 5, answerCount: 2) == 0)
        #expect(QuizAnswerParser.rangedAnswer(value: 6, answerCount: 2) == 1)
    }

    @Test func rangedRefusals() {
        #expect(refusal("11", .ranged) == Refusal("answer_out_of_range", Phrase("error.answer_out_of_range.ranged", ["11"])))
        #expect(refusal("0.5", .ranged)?.code == "answer_out_of_range")
        #expect(refusal("10.01", .ranged)?.code == "answer_out_of_range")
        #expect(refusal("lots", .ranged) == Refusal("answer_format", Phrase("error.answer_format.ranged")))
        #expect(refusal("5.555", .ranged)?.code == "answer_format")
        #expect(refusal("-3", .ranged)?.code == "answer_format")
        #expect(refusal("3 4", .ranged)?.code == "answer_one_only")
    }

    @Test func everyRefusalKeyIsInTheCatalogList() {
        let texts = ["", "x", "9", "1 2", "1 1", "11", "3 4", "5.555"]
        for kind in QuestionKind.allCases {
            for t in texts {
                if let r = refusal(t, kind) { #expect(QuizPhrases.allKeys.contains(r.phrase.key), "\(r.phrase.key)") }
            }
        }
    }
}
