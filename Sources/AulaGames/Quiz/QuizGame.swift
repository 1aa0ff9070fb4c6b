/// One answer a player gave to one question: what they chose and when. When a
/// player changes their answer, this holds the last one (and its time).
public struct QuizGivenAnswer: Equatable, Sendable {
    public let choice: QuizChoice
    /// The clock value when the (last) answer arrived.
    public let at: Double
    /// Seconds from the question opening to this answer, time paused by a teacher left out.
    public let elapsed: Double
    /// How many times the player changed their mind before this answer.
    public let changes: Int
}

/// One question as it was asked in this quiz: when it opened and closed, and
/// everyone's final answer.
public struct QuizRound: Equatable, Sendable {
    public let deckIndex: Int
    public let openedAt: Double
    public internal(set) var closedAt: Double?
    public internal(set) var closeReason: QuizCloseReason?
    public internal(set) var answers: [String: QuizGivenAnswer]
    /// The question's countdown: paused and extended by a teacher, stopped at the close.
    public internal(set) var clock: PausableClock
}

/// A team quiz session (SPEC §5), functional-core style: a value holding the
/// room's quiz state, whose methods change it and return the events that
/// happened, or throw a `Refusal`. Time comes in as `now` (seconds on any
/// monotonic clock), randomness as a `SeededRandom`; the room's shell owns the
/// real clock, the countdown timers and who the host is.
///
/// Decisions the spec leaves open:
/// - Players are identified by their name exactly as given (the server keeps
///   names unique). Team names match case-insensitively and keep the first spelling.
/// - A player without a team at `start` joins the smallest team (ties: the
///   team made first). With no teams at all, everyone plays alone and there
///   is no team result.
/// - A player who leaves before `start` is forgotten; one who leaves during the
///   quiz keeps their answers and points, stops being waited for, and plays on
///   if they `join` again. Their team still counts them (a missed question
///   breaks the team's sync on it).
/// - Each player has their own deadline: opened + seconds × multiplier. A
///   question closes when every present player has answered or is past their
///   own deadline; an untimed player is waited for until they answer or the
///   host calls `closeQuestion`.
public struct QuizGame: Sendable {
    public let deck: QuizDeck
    public internal(set) var scoring: QuizScoring
    public internal(set) var phase: QuizPhase = .lobby
    /// Players in join order (those who left during the quiz included).
    public internal(set) var players: [String] = []
    /// Players who left during the quiz (not waited for).
    public internal(set) var absent: Set<String> = []
    /// People in the room who watch this quiz (joined after start).
    public internal(set) var watchers: [String] = []
    public internal(set) var teams: [QuizTeam] = []
    /// Accommodations by player name; missing means `.standard`.
    public internal(set) var multipliers: [String: QuizTimeMultiplier] = [:]
    /// The deck indices of the questions in the order they are asked.
    public internal(set) var order: [Int] = []
    /// For each position, the order its answers are shown in: shown index →
    /// deck index (identity unless the deck shuffles answers). One order per
    /// question for the whole room, drawn at `start`.
    public internal(set) var answerOrders: [[Int]] = []
    /// The questions asked so far, in order.
    public internal(set) var rounds: [QuizRound] = []
    /// Set when the quiz is finished.
    public internal(set) var results: QuizResults?

    /// The longest team name.
    public static let maxTeamName = 16
    /// The most teams `teams auto` makes.
    public static let maxTeams = 26

    public init(deck: QuizDeck, scoring: QuizScoring = .speed) {
        self.deck = deck
        self.scoring = scoring
    }

    /// A new quiz on the same deck for the same room: everyone (watchers too)
    /// plays, teams, scoring and accommodations are kept.
    public func playAgain() -> QuizGame {
        var next = QuizGame(deck: deck, scoring: scoring)
        next.players = (players.filter { !absent.contains($0) }) + watchers
        next.teams = teams.map { QuizTeam(name: $0.name, members: $0.members.filter { !absent.contains($0) }) }
            .filter { !$0.members.isEmpty }
        next.multipliers = multipliers
        return next
    }

    public var isStarted: Bool { phase != .lobby }

    /// Players who are in the room and play (not absent).
    public var presentPlayers: [String] { players.filter { !absent.contains($0) } }

    public func team(of player: String) -> String? {
        teams.first { $0.members.contains(player) }?.name
    }

    public func multiplier(for player: String) -> QuizTimeMultiplier {
        multipliers[player] ?? .standard
    }

    // MARK: Joining and leaving

    /// Before the start a newcomer plays; after it they watch until the next quiz.
    public mutating func join(_ player: String) -> [QuizEvent] {
        if players.contains(player) {
            guard absent.contains(player) else { return [] }
            absent.remove(player)
            return [.rejoined(player: player)]
        }
        if watchers.contains(player) { return [] }
        if isStarted {
            watchers.append(player)
            return [.joined(player: player, watching: true)]
        }
        players.append(player)
        return [.joined(player: player, watching: false)]
    }

    /// A player or watcher goes. During a question this may close it (if
    /// everyone left has answered).
    public mutating func leave(_ player: String, now: Double) -> [QuizEvent] {
        if let w = watchers.firstIndex(of: player) {
            watchers.remove(at: w)
            return [.left(player: player)]
        }
        guard players.contains(player), !absent.contains(player) else { return [] }
        if isStarted {
            absent.insert(player)
        } else {
            players.removeAll { $0 == player }
            for i in teams.indices { teams[i].members.removeAll { $0 == player } }
            teams.removeAll { $0.members.isEmpty }
        }
        return [.left(player: player)] + closeIfDone(now: now, reason: nil)
    }

    // MARK: Teams and settings (before the start)

    /// `team NAME`: pick or switch team before the start. The name is 1–16
    /// characters after trimming spaces, no control characters.
    public mutating func pickTeam(_ name: String, for player: String) throws(Refusal) -> [QuizEvent] {
        guard !isStarted else { throw Refusal(code: "quiz_started") }
        guard players.contains(player) else { throw Refusal("not_playing", Phrase("error.not_playing.quiz")) }
        let trimmed = QuizGame.trim(name)
        guard !trimmed.isEmpty, trimmed.count <= QuizGame.maxTeamName,
              !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
        else { throw Refusal(code: "team_name_invalid", args: [String(QuizGame.maxTeamName)]) }
        let existing = teams.first { $0.name.lowercased() == trimmed.lowercased() }
        let teamName = existing?.name ?? trimmed
        if team(of: player) == teamName { return [.teamPicked(player: player, team: teamName)] }
        for i in teams.indices { teams[i].members.removeAll { $0 == player } }
        if let i = teams.firstIndex(where: { $0.name == teamName }) {
            teams[i].members.append(player)
        } else {
            teams.append(QuizTeam(name: teamName, members: [player]))
        }
        teams.removeAll { $0.members.isEmpty }
        return [.teamPicked(player: player, team: teamName)]
    }

    /// `teams auto N`: deal the players into N teams in an order drawn from
    /// `random`, so sizes differ by at most one. Teams take the given `names`
    /// in turn (the room passes friendly ones from the catalog, e.g. Comets,
    /// Owls); past the list, or without one, they are A, B, C…
    public mutating func autoTeams(_ count: Int, names: [String] = [],
                                   random: inout SeededRandom) throws(Refusal) -> [QuizEvent] {
        guard !isStarted else { throw Refusal(code: "quiz_started") }
        guard !players.isEmpty else { throw Refusal("no_players", Phrase("error.no_players.quiz")) }
        let most = min(players.count, QuizGame.maxTeams)
        guard count >= 1, count <= most else {
            throw Refusal(code: "teams_count", args: [String(most)])
        }
        var dealt = players
        dealt.shuffle(using: &random)
        let usable = QuizGame.usableTeamNames(names)
        var made = (0..<count).map {
            QuizTeam(name: $0 < usable.count ? usable[$0] : QuizGame.autoTeamName($0), members: [])
        }
        for (i, p) in dealt.enumerated() { made[i % count].members.append(p) }
        teams = made
        return [.teamsAssigned(teams)]
    }

    /// `set scoring speed|accuracy`, graded decks only, before the start.
    public mutating func setScoring(_ newScoring: QuizScoring) throws(Refusal) -> [QuizEvent] {
        guard deck.style == .graded else { throw Refusal(code: "scoring_personality") }
        guard !isStarted else { throw Refusal(code: "quiz_started") }
        scoring = newScoring
        return [.scoringSet(newScoring)]
    }

    /// A teacher's accommodation for a student; it counts from the moment it is
    /// given (during an open question the player's deadline moves at once).
    public mutating func setTimeMultiplier(_ multiplier: QuizTimeMultiplier, for player: String) -> [QuizEvent] {
        multipliers[player] = multiplier == .standard ? nil : multiplier
        return [.timeMultiplierSet(player: player, multiplier: multiplier)]
    }

    static func autoTeamName(_ i: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return i < letters.count ? String(letters[i]) : String(i + 1)
    }

    /// The names that can be team names: trimmed, 1–16 characters, each once
    /// (case-insensitively) and never a bare letter the fallback uses.
    static func usableTeamNames(_ names: [String]) -> [String] {
        var seen: Set<String> = [], out: [String] = []
        for n in names.map(trim) where !n.isEmpty && n.count <= maxTeamName && n.count > 1 {
            if seen.insert(n.lowercased()).inserted { out.append(n) }
        }
        return out
    }

    static func trim(_ s: String) -> String {
        var sub = Substring(s)
        while let f = sub.first, f.isWhitespace { sub.removeFirst() }
        while let l = sub.last, l.isWhitespace { sub.removeLast() }
        return String(sub)
    }
}
