import AulaGames
import AulaStore

/// `top` and `me`: leaderboards and personal totals, read from the database
/// off the loop and answered when the store replies.
extension Server {
    package static let gameNames: [String: GameKind] = [
        "hangman": .hangman, "ahorcado": .hangman,
        "quiz": .quiz, "cuestionario": .quiz, "test": .quiz,
        "level": .level, "levels": .level, "nivel": .level, "niveles": .level,
    ]

    func showTop(_ player: Player, game word: String?) {
        var chosen: GameKind?
        if let word {
            guard let known = Server.gameNames[word.lowercased()] else {
                player.send(ErrorEvent(Refusal.usage("bad_argument", "top")))
                return
            }
            chosen = known
        }
        let game = chosen
        let groupID = player.group.id
        let groupName = player.group.name
        read(for: player, { db in try db.leaderboard(groupID: groupID, game: game, limit: 10) }) { [player] result in
            do {
                switch result {
                case .success(let rows):
                    // The game's name in the reader's language ("ahorcado"), not its id.
                    let title = game.map { Phrase("top.title_game", [groupName, Phrase.entry("top.game.\($0.rawValue)")]) } ?? Phrase("top.title", [groupName])
                    player.send(LeaderboardEvent(scope: "group:\(groupName)" + (game.map { ":\($0.rawValue)" } ?? ""), title: title,
                                                 rows: rows.map { .init(rank: $0.rank, name: $0.name, points: $0.points) }))
                case .failure:
                    player.send(ErrorEvent(code: "storage_unavailable"))
                }
            }
        }
    }

    func showMe(_ player: Player) {
        let groupID = player.group.id
        let name = player.name
        read(for: player, { db -> PlayerSummary in
            guard let studentID = try db.student(groupID: groupID, name: name)?.id else {
                return PlayerSummary(points: [:], xp: 0, solved: [])
            }
            var points: [String: Int] = [:]
            for game in GameKind.scored { points[game.rawValue] = try db.totalPoints(studentID: studentID, game: game) }
            return PlayerSummary(points: points, xp: try db.xp(studentID: studentID),
                                 solved: try db.levelProgress(studentID: studentID).map(\.levelID))
        }) { [player] result in
            do {
                guard case .success(let summary) = result else {
                    player.send(ErrorEvent(code: "storage_unavailable"))
                    return
                }
                player.send(MeEvent(player: player.name, group: player.group.name, summary: summary))
            }
        }
    }
}

/// A student's totals for `me`.
public struct PlayerSummary: Sendable {
    public let points: [String: Int]
    public let xp: Int
    public let solved: [String]
}

/// `me {name, group, points:{game:n}, total, xp, solved:[level]}`.
public struct MeEvent: Event {
    public let player: String
    public let group: String
    public let summary: PlayerSummary
    public var name: String { "me" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        let games = ["hangman", "quiz", "level"]
        return [("name", .string(player)), ("group", .string(group)),
                ("points", .object(games.map { ($0, .int(summary.points[$0] ?? 0)) })),
                ("total", .int(summary.points.values.reduce(0, +))), ("xp", .int(summary.xp)),
                ("solved", .array(summary.solved.sorted().map { .string($0) }))]
    }
    public func text(_ t: TextContext) -> [String] {
        let p = summary.points
        return [t.paint(.title, t.say("me.title", player, group)),
                "  " + t.say("me.points", String(p["hangman"] ?? 0), String(p["quiz"] ?? 0), String(p["level"] ?? 0),
                             String(p.values.reduce(0, +))),
                "  " + t.say(summary.solved.count == 1 ? "me.xp.one" : "me.xp", String(summary.xp), String(summary.solved.count)),
                summary.solved.isEmpty ? "" : "  " + t.say("me.solved", summary.solved.sorted().joined(separator: ", "))]
            .filter { !$0.isEmpty }
    }
}
