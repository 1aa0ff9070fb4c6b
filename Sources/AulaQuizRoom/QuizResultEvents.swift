import AulaServer
import AulaGames

/// `quiz.result {room, players:{name:{type, title}}, teams:{team:{type, title, sync}}}` —
/// each player's and team's result. Graded decks give `{correct, points}`
/// for players and teams (a team's `correct` is its members' sum). A player
/// or team without answers has `type` and `title` null.
public struct QuizResultEvent: Event {
    public let room: String
    public let results: QuizResults

    public init(room: String, results: QuizResults) {
        self.room = room
        self.results = results
    }

    public var name: String { "quiz.result" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        let players: [(String, JSON)] = results.players.map { p in
            switch results.style {
            case .personality:
                return (p.name, .object([("type", p.type.map { .string($0.key) } ?? .null),
                                         ("title", p.type.map { .string($0.title) } ?? .null)]))
            case .graded:
                return (p.name, .object([("correct", .int(p.correct)), ("points", .int(p.points))]))
            }
        }
        let teams: [(String, JSON)] = results.teams.map { team in
            switch results.style {
            case .personality:
                return (team.name, .object([("type", team.type.map { .string($0.key) } ?? .null),
                                            ("title", team.type.map { .string($0.title) } ?? .null),
                                            ("sync", .double(team.sync ?? 0)),
                                            // A team of one has no sync (its `sync` 0 is no figure): the board hides it.
                                            ("members", .int(team.members.count))]))
            case .graded:
                let correct = team.members.compactMap { results.player($0)?.correct }.reduce(0, +)
                return (team.name, .object([("correct", .int(correct)), ("points", .int(team.points))]))
            }
        }
        return [("room", .string(room)), ("players", .object(players)), ("teams", .object(teams))]
    }

    public func text(_ t: TextContext) -> [String] {
        var lines = [t.paint(.title, t.say("quiz.result.header"))]
        for p in results.players.sorted(by: { QuizRoom.nameOrder($0.name, $1.name) }) {
            let who = t.paint(.name, p.name)
            switch results.style {
            case .personality:
                if let type = p.type, p.tied.count > 1 {
                    // "a mix of Japan and Iceland — mostly Iceland" (the tied type chosen last).
                    let names = p.tied.map(\.title).joined(separator: ", ")
                    lines.append(t.say("quiz.result.player.mix", who, names, t.paint(.title, type.title)))
                    lines.append(t.say("quiz.result.definition", type.definition))
                } else if let type = p.type {
                    lines.append(t.say("quiz.result.player.type", who, t.paint(.title, type.title)))
                    lines.append(t.say("quiz.result.definition", type.definition))
                } else {
                    lines.append(t.say("quiz.result.player.none", who))
                }
            case .graded:
                lines.append(t.say("quiz.result.player.graded", who, String(p.correct),
                                   String(results.questionsAsked), String(p.points)))
            }
        }
        for team in results.teams.sorted(by: { QuizRoom.nameOrder($0.name, $1.name) }) {
            switch results.style {
            case .personality:
                if let type = team.type {
                    let percent = String(Int(((team.sync ?? 0) * 100).rounded(.toNearestOrAwayFromZero)))
                    // A team of one is always "in sync" with itself: no figure (session 10).
                    // Reader mode says "percent", not "%" (session 11).
                    let key = team.members.count > 1 ? (t.reader ? "quiz.result.team.type.reader" : "quiz.result.team.type")
                                                     : "quiz.result.team.type.solo"
                    lines.append(t.say(key, team.name, t.paint(.title, type.title), percent))
                } else {
                    lines.append(t.say("quiz.result.team.none", team.name))
                }
            case .graded:
                lines.append(t.say("quiz.result.team.graded", team.name, String(team.points)))
            }
        }
        return lines
    }
}

/// `round.end {room, kind, outcome, round:[{name, points, rank}], leaderboard:[{name, points, rank}], teams:[{team, points, rank}]}` —
/// the end of a quiz, sent once its result is saved. `round`: this quiz's
/// points in leaderboard order; `leaderboard`: the room's running totals
/// (every quiz played in this room); `teams`: this quiz's team leaderboard
/// (empty when nobody had a team). `outcome` is `finished`. Graded quizzes
/// rank equal points by total answer time, so ranks are distinct unless two
/// players are equal in points and time (SPEC §12).
public struct QuizRoundEndEvent: Event {
    public struct Line: Equatable, Sendable {
        public let rank: Int
        public let name: String
        public let points: Int
        public init(rank: Int, name: String, points: Int) {
            self.rank = rank
            self.name = name
            self.points = points
        }
    }

    public let room: String
    public let outcome: String
    public let round: [Line]
    public let leaderboard: [Line]
    public let teams: [Line]
    /// False when the database could not save the result (it is still shown).
    public let saved: Bool
    /// A quiz the teacher runs from the console: only the teacher can play it
    /// again, so students are not told to type `start` (text only, not in JSON).
    public var teacherHosted = false
    /// The copy a teacher's console reads (session 11: it read the students'
    /// "Your teacher can start this quiz again from the console.").
    public var console = false

    public var name: String { "round.end" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        func rows(_ lines: [Line], _ key: String) -> JSON {
            .array(lines.map { .object([(key, .string($0.name)), ("points", .int($0.points)), ("rank", .int($0.rank))]) })
        }
        return [("room", .string(room)), ("kind", "quiz"), ("outcome", .string(outcome)),
                ("round", rows(round, "name")), ("leaderboard", rows(leaderboard, "name")),
                ("teams", rows(teams, "team"))]
    }

    public func text(_ t: TextContext) -> [String] {
        var lines: [String] = []
        func table(_ title: String, _ rows: [Line], names: Bool) {
            lines.append(t.paint(.title, t.say(title)))
            for row in rows {
                if t.reader {
                    lines.append(t.say("leaderboard.reader_row", String(row.rank), row.name, String(row.points)))
                } else {
                    let name = names ? t.paint(.name, row.name) : row.name
                    lines.append("  " + t.say("quiz.leaderboard.row", String(row.rank), name, String(row.points)))
                }
            }
        }
        if !teams.isEmpty { table("quiz.leaderboard.teams", teams, names: false) }
        table("quiz.leaderboard.players", leaderboard, names: true)
        if !saved { lines.append(t.paint(.warn, t.say("quiz.not_saved"))) }
        if console {
            lines.append(t.say("quiz.again.console", room))
        } else {
            lines.append(t.say(teacherHosted ? "quiz.again.teacher" : "quiz.again"))
        }
        return lines
    }

    /// Competition ranks (1, 2, 2, 4) over rows already in order: equal points
    /// share a rank unless `same` says the two names could be told apart (by time).
    public static func ranked(_ rows: [(String, Int)], same: (String, String) -> Bool = { _, _ in true }) -> [Line] {
        var out: [Line] = []
        for (i, row) in rows.enumerated() {
            let rank = (i > 0 && rows[i - 1].1 == row.1 && same(rows[i - 1].0, row.0)) ? out[i - 1].rank : i + 1
            out.append(Line(rank: rank, name: row.0, points: row.1))
        }
        return out
    }
}
