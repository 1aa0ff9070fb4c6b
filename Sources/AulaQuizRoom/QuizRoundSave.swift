import AulaServer
import AulaGames
import AulaStore

/// Everything a finished quiz stores, prepared on the loop thread as plain
/// values so the store thread can write it: the round (game `quiz`, deck id,
/// scoring and team results as JSON in `detail`), each player's score
/// (outcome = their type key, `none`, or `graded`) and every answer with its
/// elapsed time and points.
public struct QuizRoundSave: Sendable {
    /// A player as the database needs them: their row (if known yet) and group.
    public struct Participant: Sendable, Equatable {
        public let name: String
        public let groupID: Int64
        public let studentID: Int64?
        public let points: Int
        public let outcome: Outcome
    }

    /// One answer to store; `questionIndex` is the question's index in the deck file.
    public struct Answer: Sendable, Equatable {
        public let player: String
        public let questionIndex: Int
        public let answer: String
        public let elapsed: Double
        public let points: Int
    }

    public let sessionID: Int64?
    public let groupID: Int64
    public let room: String
    public let deck: String
    public let detail: String
    public let startedAt: Double
    public let endedAt: Double
    public let participants: [Participant]
    public let answers: [Answer]

    /// Builds the save of a finished quiz. `who` gives each player's group and
    /// student row (nil when the login's lookup has not answered yet).
    public static func make(game: QuizGame, results: QuizResults, room: String, sessionID: Int64?, groupID: Int64,
                            startedAt: Double, endedAt: Double,
                            who: (String) -> (groupID: Int64, studentID: Int64?)) -> QuizRoundSave {
        let participants = results.players.map { p -> Participant in
            let outcome: Outcome
            switch results.style {
            case .personality: outcome = p.type.map { .quizType($0.key) } ?? .noType
            case .graded: outcome = .graded
            }
            let (group, student) = who(p.name)
            return Participant(name: p.name, groupID: group, studentID: student, points: p.points, outcome: outcome)
        }
        let points = answerPoints(game)
        var answers: [Answer] = []
        for (position, round) in game.rounds.enumerated() {
            for player in game.players {
                guard let given = round.answers[player] else { continue }
                answers.append(Answer(player: player, questionIndex: round.deckIndex, answer: text(of: given.choice),
                                      elapsed: given.elapsed, points: points[position]?[player] ?? 0))
            }
        }
        return QuizRoundSave(sessionID: sessionID, groupID: groupID, room: room, deck: game.deck.id,
                             detail: detail(game: game, results: results), startedAt: startedAt, endedAt: endedAt,
                             participants: participants, answers: answers)
    }

    /// Writes the round, its scores and its answers (inside a store write);
    /// returns the round id. Students without a row get one.
    public func save(_ db: Database) throws -> Int64 {
        var ids: [String: Int64] = [:]
        for p in participants {
            ids[p.name] = try p.studentID ?? db.ensureStudent(groupID: p.groupID, name: p.name, at: endedAt)
        }
        let scores = participants.compactMap { p in
            ids[p.name].map { ScoreRecord(studentID: $0, points: p.points, outcome: p.outcome, name: p.name) }
        }
        let roundID = try db.saveRound(RoundRecord(sessionID: sessionID, groupID: groupID, game: .quiz, room: room,
                                                   subject: deck, detail: detail, startedAt: startedAt,
                                                   endedAt: endedAt, scores: scores))
        let records = answers.compactMap { a in
            ids[a.player].map { QuizAnswerRecord(studentID: $0, questionIndex: a.questionIndex, answer: a.answer,
                                                 elapsed: a.elapsed, points: a.points) }
        }
        try db.saveQuizAnswers(roundID: roundID, answers: records)
        return roundID
    }

    /// Points of each answer, by 0-based position then player: the same rules
    /// as `QuizGame.computeResults`, question by question (so they add up to
    /// each player's points).
    public static func answerPoints(_ game: QuizGame) -> [Int: [String: Int]] {
        var out: [Int: [String: Int]] = [:]
        for (position, round) in game.rounds.enumerated() {
            for player in game.players where round.answers[player] != nil {
                out[position, default: [:]][player] = game.points(of: player, position: position)
            }
        }
        return out
    }

    /// An answer as stored: the 1-based numbers chosen (`1 3 4`), or the
    /// scale value typed for a ranged question (`7`, `5.5`).
    public static func text(of choice: QuizChoice) -> String {
        if let scale = choice.scale {
            return scale == scale.rounded() ? String(Int(scale)) : String(scale)
        }
        return choice.answers.map { String($0 + 1) }.joined(separator: " ")
    }

    /// The round's `detail`: style, scoring, question order and team results, as JSON text.
    static func detail(game: QuizGame, results: QuizResults) -> String {
        let teams: [JSON] = results.teams.map { team in
            .object([("team", .string(team.name)), ("members", .array(team.members.map { .string($0) })),
                     ("type", team.type.map { .string($0.key) } ?? .null),
                     ("sync", team.sync.map { .double($0) } ?? .null), ("points", .int(team.points))])
        }
        return JSON.object([("style", .string(results.style.rawValue)), ("scoring", .string(results.scoring.rawValue)),
                            ("questions", .int(results.questionsAsked)),
                            ("order", .array(game.rounds.map { .int($0.deckIndex) })),
                            ("teams", .array(teams))]).serialized
    }
}
