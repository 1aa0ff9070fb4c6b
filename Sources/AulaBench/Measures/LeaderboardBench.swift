import Foundation
import AulaStore

/// What `aula bench leaderboard` measures: filling a database with score rows, then reading one
/// group's leaderboard from it (SPEC §10: under 20 ms over 1,000,000 rows).
public struct LeaderboardBenchResult: Sendable {
    public let scoreRows: Int
    public let students: Int
    public let insertSeconds: Double
    /// Median of the timed group leaderboard queries (one game).
    public let querySeconds: Double
    /// Slowest timed query (one game or all games).
    public let maxQuerySeconds: Double
    public let queries: Int
}

public enum LeaderboardBench {
    /// Builds a fresh database at `path` (an existing file there is replaced) with `rows` score rows spread
    /// over `groups` groups of `studentsPerGroup`, 5 players a round, then times `queries` leaderboards.
    public static func run(path: String, rows: Int, groups: Int = 40, studentsPerGroup: Int = 30,
                           queries: Int = 50) throws -> LeaderboardBenchResult {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let db = try Database(path: path)
        defer { db.close() }
        try Schema.migrate(db)

        let groupCount = max(1, groups)
        let perGroup = max(5, studentsPerGroup)
        let games = GameKind.scored
        var rng = SplitMix(seed: 42)

        let started = Date()
        var groupStudents: [(group: Int64, students: [Int64])] = []
        try db.transaction {
            for g in 0..<groupCount {
                let gid = try db.ensureGroup(name: "bench-\(g)", at: 0)
                var ids: [Int64] = []
                for s in 0..<perGroup { ids.append(try db.ensureStudent(groupID: gid, name: "student-\(s)", at: 0)) }
                groupStudents.append((gid, ids))
            }
        }
        let playersPerRound = 5
        let roundsTotal = (max(0, rows) + playersPerRound - 1) / playersPerRound
        var written = 0
        var round = 0
        while round < roundsTotal {
            try db.transaction {
                let end = min(roundsTotal, round + 2000)
                while round < end {
                    let (gid, ids) = groupStudents[round % groupStudents.count]
                    let players = min(playersPerRound, rows - written)
                    var scores: [ScoreRecord] = []
                    let first = Int(rng.next() % UInt64(ids.count))
                    for k in 0..<players {
                        scores.append(ScoreRecord(studentID: ids[(first + k) % ids.count],
                                                  points: Int(rng.next() % 120), outcome: .played))
                    }
                    let t = Double(round)
                    try db.saveRound(RoundRecord(sessionID: nil, groupID: gid, game: games[round % games.count],
                                                 room: "room-\(round % 97)", subject: "bench", detail: "",
                                                 startedAt: t, endedAt: t + 60, scores: scores))
                    written += players
                    round += 1
                }
            }
        }
        try db.checkpoint()
        let insertSeconds = Date().timeIntervalSince(started)

        var timings: [Double] = []
        var slowest = 0.0
        let count = max(1, queries)
        for q in 0..<count {
            let gid = groupStudents[q % groupStudents.count].group
            let t0 = Date()
            _ = try db.leaderboard(groupID: gid, game: games[q % games.count])
            let t = Date().timeIntervalSince(t0)
            timings.append(t)
            slowest = max(slowest, t)
            let t1 = Date()
            _ = try db.leaderboard(groupID: gid, game: nil)
            slowest = max(slowest, Date().timeIntervalSince(t1))
        }
        timings.sort()
        return LeaderboardBenchResult(scoreRows: written, students: groupCount * perGroup,
                                      insertSeconds: insertSeconds, querySeconds: timings[timings.count / 2],
                                      maxQuerySeconds: slowest, queries: count)
    }

    /// SplitMix64, local so this measure does not depend on AulaGames.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}

extension LeaderboardBench {
    /// `aula bench leaderboard`: (seconds to insert `rows` score rows, median seconds per group leaderboard).
    static func benchLeaderboard(path: String, rows: Int) throws -> (insertSeconds: Double, querySeconds: Double) {
        let result = try LeaderboardBench.run(path: path, rows: rows)
        return (result.insertSeconds, result.querySeconds)
    }
}
