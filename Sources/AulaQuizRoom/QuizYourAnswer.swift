import AulaServer
import AulaGames

/// "Your answer: 2) Paris" under a question shown again (a reconnect,
/// `question`) to someone who has already answered it (session 11's play
/// test: the answer counted, but nothing showed it).
extension QuizQuestionEvent {
    /// `your_answer {answers:[numbers as shown], scale}`; `scale` only on a scale question.
    static func answerField(_ given: QuizShownAnswer) -> JSON {
        var fields: [(String, JSON)] = [("answers", .array(given.numbers.map { .int($0) }))]
        if let scale = given.scale { fields.append(("scale", .double(scale))) }
        return .object(fields)
    }

    /// The line, in the reader's words; nil when nothing in it can be shown.
    func yourAnswerLine(_ given: QuizShownAnswer, _ t: TextContext) -> String? {
        let chosen: [(number: Int, text: String)] = given.numbers.compactMap { n in
            question.answers.indices.contains(n - 1) ? (n, question.answers[n - 1]) : nil
        }
        if question.kind == .ranged, let scale = given.scale, let answer = chosen.first {
            return t.say("quiz.your_answer.scale", QuizYourAnswerWords.number(scale, t.language), answer.text)
        }
        guard !chosen.isEmpty else { return nil }
        // Reader mode: words, not "2)" (a screen reader says the bracket).
        let items = chosen.map { item in
            t.reader ? t.say("quiz.your_answer.item.reader", String(item.number), item.text)
                     : t.say("quiz.question.answer", String(item.number), item.text)
        }
        return t.say(chosen.count == 1 ? "quiz.your_answer" : "quiz.your_answers", items.joined(separator: t.reader ? "; " : ", "))
    }
}

enum QuizYourAnswerWords {
    /// 7, 7.5 or 7.25 as typed (Spanish with a decimal comma).
    static func number(_ value: Double, _ language: Language) -> String {
        let hundredths = Int((value * 100).rounded())
        var text = String(hundredths / 100)
        let rest = hundredths % 100
        if rest != 0 {
            let digits = rest % 10 == 0 ? String(rest / 10) : (rest < 10 ? "0\(rest)" : String(rest))
            text += (language == .es ? "," : ".") + digits
        }
        return text
    }
}
