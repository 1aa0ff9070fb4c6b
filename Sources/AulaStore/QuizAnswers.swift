/// One student's answer to one quiz question.
public struct QuizAnswerRecord: Sendable, Equatable {
    public var studentID: Int64
    public var questionIndex: Int
    public var answer: String
    /// Seconds from the question being shown to the answer.
    public var elapsed: Double
    public var points: Int

    public init(studentID: Int64, questionIndex: Int, answer: String, elapsed: Double, points: Int) {
        self.studentID = studentID
        self.questionIndex = questionIndex
        self.answer = answer
        self.elapsed = elapsed
        self.points = points
    }
}

extension Database {
    /// Saves a quiz round's answers in one transaction (the round is saved first with `saveRound`).
    public func saveQuizAnswers(roundID: Int64, answers: [QuizAnswerRecord]) throws {
        try transaction {
            for a in answers {
                // A student forgotten meanwhile is skipped, not a failure for everyone (see `saveRound`).
                try run("""
                    INSERT INTO quiz_answers (round_id, student_id, question_index, answer, elapsed, points)
                    SELECT ?, id, ?, ?, ?, ? FROM students WHERE id = ?
                    """, [.integer(roundID), .integer(Int64(a.questionIndex)),
                          .text(a.answer), .real(a.elapsed), .integer(Int64(a.points)), .integer(a.studentID)])
            }
        }
    }

    /// A round's answers, by question then student.
    public func quizAnswers(roundID: Int64) throws -> [QuizAnswerRecord] {
        try query("""
            SELECT student_id, question_index, answer, elapsed, points FROM quiz_answers
            WHERE round_id = ? ORDER BY question_index, student_id, id
            """, [.integer(roundID)]).map { r in
            try QuizAnswerRecord(studentID: r.int("student_id"), questionIndex: Int(r.int("question_index")),
                             answer: r.string("answer"), elapsed: r.double("elapsed"),
                             points: Int(r.int("points")))
        }
    }
}
