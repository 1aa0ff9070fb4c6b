/// The end of a quiz: each player's and team's result and both leaderboards
/// (`quiz.result` and `round.end`).
public struct QuizResults: Equatable, Sendable {
    public let style: QuizStyle
    public let scoring: QuizScoring
    public let questionsAsked: Int
    /// Every player, in leaderboard order.
    public let players: [QuizPlayerResult]
    /// Every team, in team-leaderboard order (empty when nobody had a team).
    public let teams: [QuizTeamResult]
    public let leaderboard: [QuizStanding]
    public let teamLeaderboard: [QuizStanding]

    public func player(_ name: String) -> QuizPlayerResult? { players.first { $0.name == name } }
    public func team(_ name: String) -> QuizTeamResult? { teams.first { $0.name == name } }
}

/// One player's result.
public struct QuizPlayerResult: Equatable, Sendable {
    public let name: String
    public let team: String?
    /// Personality decks: the most frequent type of the chosen answers (nil if none were given).
    public let type: QuizResultType?
    /// Questions answered in time.
    public let answered: Int
    /// Graded decks: questions answered correctly (0 for personality decks).
    public let correct: Int
    public let points: Int
    /// Seconds spent answering, summed over the questions (a question not
    /// answered counts the time it stayed open for the player).
    public let answerTime: Double
    /// Personality decks: the types tied at the top, in deck order, when more
    /// than one was (`type` is the one chosen last); empty otherwise.
    public var tied: [QuizResultType] = []
}

/// One team's result.
public struct QuizTeamResult: Equatable, Sendable {
    public let name: String
    public let members: [String]
    /// Personality decks: the most frequent type over all the members' answers.
    public let type: QuizResultType?
    /// Personality decks: fraction (0–1) of questions on which every member
    /// answered and every chosen answer had one and the same type. Nil for graded decks.
    public let sync: Double?
    /// Personality decks: how many questions were in sync.
    public let syncedQuestions: Int
    /// The mean of the members' points, rounded half away from zero.
    public let points: Int
}

/// A line of a leaderboard. Equal results share a rank (1, 2, 2, 4).
public struct QuizStanding: Equatable, Sendable {
    public let rank: Int
    public let name: String
    public let points: Int
}

extension QuizGame {
    /// The results of the questions asked so far (the final ones once finished).
    ///
    /// Leaderboard order: personality — points, then name; graded speed —
    /// points, then less total answer time, then name; graded accuracy —
    /// correct answers, then less total answer time, then name. Names compare
    /// case-insensitively. Players share a rank only when everything but the
    /// name is equal. Teams: points, then name; equal points share a rank.
    public func computeResults() -> QuizResults {
        let style = deck.style
        let synced = syncedRounds()
        var rows: [QuizPlayerResult] = []
        for player in players {
            let team = self.team(of: player)
            var answered = 0, correct = 0, points = 0
            var time = 0.0
            var typeCounts: [String: Int] = [:]
            var lastChosen: [String: Int] = [:]
            for (position, round) in rounds.enumerated() {
                let question = deck.questions[round.deckIndex]
                guard let given = round.answers[player] else {
                    time += openSeconds(round, for: player)
                    continue
                }
                answered += 1
                time += given.elapsed
                switch style {
                case .personality:
                    points += QuizPoints.perAnswer
                    for a in given.choice.answers {
                        if let key = question.answers[safe: a]?.type {
                            typeCounts[key, default: 0] += 1
                            lastChosen[key] = position
                        }
                    }
                case .graded:
                    guard isCorrect(given.choice, question) else { continue }
                    correct += 1
                    points += self.points(of: player, position: position)
                }
            }
            if style == .personality, let team {
                points += QuizPoints.teamBonus * (synced[team]?.count ?? 0)
            }
            rows.append(QuizPlayerResult(name: player, team: team, type: mostFrequent(typeCounts, lastChosen: lastChosen),
                                         answered: answered, correct: correct, points: points,
                                         answerTime: time, tied: tiedTypes(of: player)))
        }
        rows.sort { a, b in
            if style == .graded, scoring == .accuracy, a.correct != b.correct { return a.correct > b.correct }
            if a.points != b.points { return a.points > b.points }
            if style == .graded, a.answerTime != b.answerTime { return a.answerTime < b.answerTime }
            return QuizGame.nameOrder(a.name, b.name)
        }
        let leaderboard = QuizGame.ranked(rows.map { ($0.name, $0.points) }) { a, b in
            let x = rows.first { $0.name == a }, y = rows.first { $0.name == b }
            guard let x, let y else { return false }
            return x.points == y.points && x.correct == y.correct
                && (style == .personality || x.answerTime == y.answerTime)
        }

        var teamRows: [QuizTeamResult] = []
        for team in teams {
            var counts: [String: Int] = [:]
            var lastChosen: [String: Int] = [:]
            for (position, round) in rounds.enumerated() {
                let question = deck.questions[round.deckIndex]
                for m in team.members {
                    for a in round.answers[m]?.choice.answers ?? [] {
                        if let key = question.answers[safe: a]?.type {
                            counts[key, default: 0] += 1
                            lastChosen[key] = position
                        }
                    }
                }
            }
            let memberPoints = team.members.compactMap { m in rows.first { $0.name == m }?.points }
            let syncCount = synced[team.name]?.count ?? 0
            teamRows.append(QuizTeamResult(
                name: team.name, members: team.members,
                type: style == .personality ? mostFrequent(counts, lastChosen: lastChosen) : nil,
                sync: style == .personality ? (rounds.isEmpty ? 0 : Double(syncCount) / Double(rounds.count)) : nil,
                syncedQuestions: syncCount,
                points: QuizPoints.teamMean(memberPoints)))
        }
        teamRows.sort { $0.points != $1.points ? $0.points > $1.points : QuizGame.nameOrder($0.name, $1.name) }
        let teamBoard = QuizGame.ranked(teamRows.map { ($0.name, $0.points) }) { a, b in
            teamRows.first { $0.name == a }?.points == teamRows.first { $0.name == b }?.points
        }
        return QuizResults(style: style, scoring: scoring, questionsAsked: rounds.count,
                           players: rows, teams: teamRows, leaderboard: leaderboard,
                           teamLeaderboard: teamBoard)
    }

    /// Whether a choice is right: a single (or ranged) answer must be a correct
    /// one; a multiple answer must be exactly the set of correct answers.
    public func isCorrect(_ choice: QuizChoice, _ question: QuizQuestion) -> Bool {
        switch question.kind {
        case .single, .ranged:
            return choice.answers.count == 1 && question.answers[safe: choice.answers[0]]?.correct == true
        case .multiple:
            let right = question.answers.indices.filter { question.answers[$0].correct == true }
            return !right.isEmpty && choice.answers.sorted() == right
        }
    }

    /// Points of one player's answer to the question at this position: the
    /// one rule `computeResults` and the saved answers both use.
    /// Personality: 10 per answer, +5 when their team was in sync on it.
    /// Graded: 0 when wrong; when right 10 (accuracy) or 5 + 5 × the fraction
    /// of their own time left (speed), rounded.
    public func points(of player: String, position: Int) -> Int {
        guard rounds.indices.contains(position), let given = rounds[position].answers[player] else { return 0 }
        let round = rounds[position]
        let question = deck.questions[round.deckIndex]
        switch deck.style {
        case .personality:
            var points = QuizPoints.perAnswer
            if let team = team(of: player), syncedRounds()[team]?.contains(position) == true {
                points += QuizPoints.teamBonus
            }
            return points
        case .graded:
            guard isCorrect(given.choice, question) else { return 0 }
            switch scoring {
            case .accuracy: return QuizPoints.perCorrect
            case .speed:
                let seconds = deck.seconds(for: question)
                // Untimed: the plain clock, capped.
                let own = multiplier(for: player).seconds(seconds) ?? Double(seconds)
                return QuizPoints.speed(elapsed: given.elapsed, seconds: own + round.clock.extra)
            }
        }
    }

    /// For each team, the 0-based positions of the questions it was in sync on:
    /// every member answered, at least two of them (a team of one is not "in
    /// sync" with anybody, SPEC §12), and all their chosen answers had one and
    /// the same type.
    public func syncedRounds() -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for team in teams where team.members.count >= 2 {
            var positions: [Int] = []
            for (p, round) in rounds.enumerated() {
                let question = deck.questions[round.deckIndex]
                var kinds: Set<String> = []
                var everyone = true
                for m in team.members {
                    guard let given = round.answers[m], !given.choice.answers.isEmpty else { everyone = false; break }
                    for a in given.choice.answers {
                        kinds.insert(question.answers[safe: a]?.type ?? "")
                    }
                }
                if everyone, kinds.count == 1, let only = kinds.first, !only.isEmpty { positions.append(p) }
            }
            result[team.name] = positions
        }
        return result
    }

    /// The type with the highest count; a tie goes to the tied type chosen
    /// last (the latest question position in `lastChosen`), then to the type
    /// listed first in the deck (SPEC §12: never always the first type).
    func mostFrequent(_ counts: [String: Int], lastChosen: [String: Int] = [:]) -> QuizResultType? {
        var best: QuizResultType? = nil, bestCount = 0, bestLast = Int.min
        for type in deck.types {
            let n = counts[type.key] ?? 0
            let last = lastChosen[type.key] ?? Int.min
            if n > bestCount || (n == bestCount && n > 0 && last > bestLast) {
                best = type; bestCount = n; bestLast = last
            }
        }
        return best
    }

    /// The tied types (two or more with the top count), in deck order; empty
    /// when one type wins outright. For "a mix of Japan and Iceland".
    public func tiedTypes(of player: String) -> [QuizResultType] {
        var counts: [String: Int] = [:]
        for round in rounds {
            let question = deck.questions[round.deckIndex]
            for a in round.answers[player]?.choice.answers ?? [] {
                if let key = question.answers[safe: a]?.type { counts[key, default: 0] += 1 }
            }
        }
        guard let top = counts.values.max(), top > 0 else { return [] }
        let tied = deck.types.filter { counts[$0.key] == top }
        return tied.count > 1 ? tied : []
    }

    /// How long a question stayed open for a player who did not answer it.
    func openSeconds(_ round: QuizRound, for player: String) -> Double {
        // The clock stopped at the close: its elapsed time is how long the
        // question was open, time paused by a teacher left out.
        let open = round.clock.elapsed(now: round.closedAt ?? round.openedAt)
        if let s = multiplier(for: player).seconds(deck.seconds(for: deck.questions[round.deckIndex])) {
            return min(open, s + round.clock.extra)
        }
        return open
    }

    static func nameOrder(_ a: String, _ b: String) -> Bool {
        let x = a.lowercased(), y = b.lowercased()
        return x != y ? x < y : a < b
    }

    /// Competition ranks over an already sorted list: a row equal to the one
    /// before it shares its rank.
    static func ranked(_ rows: [(String, Int)], equal: (String, String) -> Bool) -> [QuizStanding] {
        var out: [QuizStanding] = []
        for (i, row) in rows.enumerated() {
            let rank = (i > 0 && equal(rows[i - 1].0, row.0)) ? out[i - 1].rank : i + 1
            out.append(QuizStanding(rank: rank, name: row.0, points: row.1))
        }
        return out
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension QuizResults {
    /// The end-of-quiz screen as phrases, one per line: each player's result,
    /// each team's result, the team leaderboard, then the player leaderboard.
    /// Type titles and definitions are deck text, passed as arguments.
    public var summary: [Phrase] {
        var lines: [Phrase] = [Phrase("quiz.result.header")]
        for p in players.sorted(by: { QuizGame.nameOrder($0.name, $1.name) }) {
            switch style {
            case .personality:
                if let type = p.type {
                    lines.append(Phrase("quiz.result.player.type", [p.name, type.title]))
                    lines.append(Phrase("quiz.result.definition", [type.definition]))
                } else {
                    lines.append(Phrase("quiz.result.player.none", [p.name]))
                }
            case .graded:
                lines.append(Phrase("quiz.result.player.graded",
                                    [p.name, String(p.correct), String(questionsAsked), String(p.points)]))
            }
        }
        for t in teams.sorted(by: { QuizGame.nameOrder($0.name, $1.name) }) {
            switch style {
            case .personality:
                let percent = String(Int(((t.sync ?? 0) * 100).rounded(.toNearestOrAwayFromZero)))
                if let type = t.type {
                    lines.append(Phrase("quiz.result.team.type", [t.name, type.title, percent]))
                } else {
                    lines.append(Phrase("quiz.result.team.none", [t.name]))
                }
            case .graded:
                lines.append(Phrase("quiz.result.team.graded", [t.name, String(t.points)]))
            }
        }
        if !teamLeaderboard.isEmpty {
            lines.append(Phrase("quiz.leaderboard.teams"))
            lines += teamLeaderboard.map { Phrase("quiz.leaderboard.row", [String($0.rank), $0.name, String($0.points)]) }
        }
        lines.append(Phrase("quiz.leaderboard.players"))
        lines += leaderboard.map { Phrase("quiz.leaderboard.row", [String($0.rank), $0.name, String($0.points)]) }
        return lines
    }
}
