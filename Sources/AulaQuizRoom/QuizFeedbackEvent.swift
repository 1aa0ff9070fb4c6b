import AulaServer
import AulaGames

/// `quiz.feedback {room, index, correct, points, rank}` — to each player of a
/// graded quiz right after a question's tally (SPEC §12): whether they were
/// right (`null` when they gave no answer), the points it earned and their
/// rank so far. Text: "Correct! +8 — you are 2nd of 5" or "Not this time: the
/// answer was 2) Paris — you are 3rd of 5".
public struct QuizFeedbackEvent: Event {
    public let room: String
    public let feedback: QuizFeedback

    public init(room: String, feedback: QuizFeedback) {
        self.room = room
        self.feedback = feedback
    }

    public var name: String { "quiz.feedback" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("index", .int(feedback.number)),
         ("correct", feedback.correct.map { .bool($0) } ?? .null),
         ("points", .int(feedback.points)), ("rank", .int(feedback.rank))]
    }

    public func text(_ t: TextContext) -> [String] {
        let place = t.say("quiz.feedback.rank", QuizFeedbackEvent.ordinal(feedback.rank, t.language),
                          String(feedback.of))
        // Reader mode says "number 4, …" as the question said "Answer 4: …", not "4)".
        let answer = feedback.rightAnswers.map {
            t.reader ? t.say("quiz.your_answer.item.reader", String($0.number), $0.text) : "\($0.number)) \($0.text)"
        }.joined(separator: ", ")
        switch feedback.correct {
        case true?:
            return [t.paint(.good, t.say("quiz.feedback.correct", String(feedback.points), place))]
        case false?:
            return [t.paint(.warn, t.say("quiz.feedback.wrong", answer, place))]
        case nil:
            return [t.paint(.warn, t.say("quiz.feedback.none", answer, place))]
        }
    }

    /// 1st, 2nd, 3rd, 4th, 11th, 21st… in English; the plain number in Spanish
    /// (the catalog says "puesto 2 de 5", which needs no gendered ordinal).
    static func ordinal(_ n: Int, _ language: Language) -> String {
        guard language == .en else { return String(n) }
        let tens = n % 100, ones = n % 10
        let suffix = (11...13).contains(tens) ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th"
        return "\(n)\(suffix)"
    }
}
