/// Something that happened in a quiz room, for the renderers (text and JSON)
/// and the database. The rules never format text; `phrase` gives the one-line
/// message for the simple events.
public enum QuizEvent: Equatable, Sendable {
    /// A player came in; `watching` when the quiz had already started.
    case joined(player: String, watching: Bool)
    /// A player who had left during the quiz is back and plays on.
    case rejoined(player: String)
    case left(player: String)
    case teamPicked(player: String, team: String)
    /// Teams were (re)made: by `teams auto N`, or at `start` when players without
    /// a team were placed in the smallest teams.
    case teamsAssigned([QuizTeam])
    case scoringSet(QuizScoring)
    case timeMultiplierSet(player: String, multiplier: QuizTimeMultiplier)
    case started(questions: Int, teams: [QuizTeam])
    /// Send to everyone: `quiz.question`. Each player's own countdown is `deadline(for:)`.
    case questionOpened(QuizQuestionView)
    /// To the player who answered (and a progress line for the room).
    case answered(player: String, number: Int, choice: QuizChoice, changed: Bool,
                  answeredCount: Int, playerCount: Int)
    /// `quiz.tally` — the bar chart of the question just closed.
    case questionClosed(QuizTally, reason: QuizCloseReason)
    /// `quiz.feedback` — graded decks, right after the tally: each player's own
    /// result on the question just closed and their rank so far.
    case feedback([QuizFeedback])
    /// `quiz.result` and `round.end`.
    case finished(QuizResults)

    /// The one-line message for this event, or nil when it needs a renderer of
    /// its own (question, tally, results).
    public var phrase: Phrase? {
        switch self {
        case .joined(let p, let watching):
            return Phrase(watching ? "quiz.joined.watching" : "quiz.joined", [p])
        case .rejoined(let p): return Phrase("quiz.rejoined", [p])
        case .left(let p): return Phrase("quiz.left", [p])
        case .teamPicked(let p, let t): return Phrase("quiz.team.picked", [p, t])
        case .teamsAssigned(let teams): return Phrase("quiz.teams.assigned", [String(teams.count)])
        case .scoringSet(let s): return Phrase("quiz.scoring.set.\(s.rawValue)")
        case .timeMultiplierSet(let p, let m):
            switch m {
            case .untimed: return Phrase("quiz.time.untimed", [p])
            case .factor: return Phrase("quiz.time.factor", [p, m.description])
            }
        case .started(let n, _): return Phrase("quiz.started", [String(n)])
        case .questionOpened: return nil
        case .answered(_, let number, _, let changed, let count, let total):
            return Phrase(changed ? "quiz.answer.changed" : "quiz.answer.saved",
                          [String(number), String(count), String(total)])
        case .questionClosed(_, let reason): return Phrase("quiz.closed.\(reason.rawValue)")
        case .feedback, .finished: return nil
        }
    }
}

/// A team and its members, in the order they joined it.
public struct QuizTeam: Equatable, Sendable {
    public let name: String
    public internal(set) var members: [String]

    public init(name: String, members: [String]) {
        self.name = name
        self.members = members
    }
}

/// A question as shown to the players (`quiz.question`).
public struct QuizQuestionView: Equatable, Sendable {
    /// 1-based position in this quiz (after shuffling).
    public let number: Int
    public let total: Int
    /// Index of the question in the deck file.
    public let deckIndex: Int
    public let kind: QuestionKind
    public let text: String
    /// The answers in the order shown (shuffled when the deck says so).
    public let answers: [String]
    /// The question's seconds before any player's multiplier.
    public let seconds: Int
    public let openedAt: Double
    /// Ranged questions: the numbers of the 1–10 scale that pick each answer
    /// (empty for the other kinds).
    public var bands: [QuizBand] = []
}

/// One player's result on a graded question just closed (`quiz.feedback`).
public struct QuizFeedback: Equatable, Sendable {
    public let player: String
    /// 1-based position of the question in this quiz.
    public let number: Int
    /// Nil when the player gave no answer.
    public let correct: Bool?
    public let points: Int
    /// Rank on the leaderboard so far (distinct unless everything is equal).
    public let rank: Int
    /// Players on that leaderboard.
    public let of: Int
    /// The right answers as shown (1-based numbers and texts).
    public let rightAnswers: [(number: Int, text: String)]

    public static func == (a: QuizFeedback, b: QuizFeedback) -> Bool {
        a.player == b.player && a.number == b.number && a.correct == b.correct && a.points == b.points
            && a.rank == b.rank && a.of == b.of
            && a.rightAnswers.map(\.number) == b.rightAnswers.map(\.number)
            && a.rightAnswers.map(\.text) == b.rightAnswers.map(\.text)
    }
}

/// The answers to one question, counted for the bar chart (`quiz.tally`).
public struct QuizTally: Equatable, Sendable {
    public let number: Int
    /// How many players chose each answer (a multiple answer counts on every bar it chose).
    public let counts: [Int]
    /// Players who answered / players who could.
    public let answered: Int
    public let players: Int
}

/// Why a question stopped taking answers.
public enum QuizCloseReason: String, Equatable, Sendable {
    /// Every player answered (or had their own time run out, the rest having answered).
    case allAnswered = "all_answered"
    /// Every player who had not answered ran out of their own time.
    case timeUp = "time_up"
    /// The host moved on (`next`), e.g. when an untimed player is still thinking.
    case host
    /// A teacher skipped the question from the console (SPEC §12).
    case teacher
}

/// The phase of a quiz room.
public enum QuizPhase: Equatable, Sendable {
    /// Players join and pick teams.
    case lobby
    /// Question at this 0-based position is open.
    case asking(Int)
    /// Question at this position is closed; its tally is on screen until `advance`.
    case reviewing(Int)
    case finished
}
