import Foundation
import Testing
import AulaTestSupport
@testable import AulaBench

/// Moved from AulaStoreTests with `LeaderboardBench` (bench code lives only in AulaBench).
@Suite("Leaderboard bench", .lab)
struct LeaderboardBenchTests {
    @Test func theBenchBuildsItsRowsAndTimesTheBoard() throws {
        let folder = try TempFolder()
        let result = try LeaderboardBench.run(path: folder.path("bench.sqlite"), rows: 5_000, groups: 4, queries: 5)
        #expect(result.scoreRows == 5_000)
        #expect(result.querySeconds > 0)
        #expect(result.maxQuerySeconds >= result.querySeconds)
    }
}

@Suite("Leaderboard bench (set AULA_BENCH_ROWS to run)", .lab)
struct LeaderboardBenchRun {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["AULA_BENCH_ROWS"] != nil))
    func aGroupBoardOverManyRows() throws {
        let rows = Int(ProcessInfo.processInfo.environment["AULA_BENCH_ROWS"] ?? "") ?? 1_000_000
        let folder = try TempFolder()
        let r = try LeaderboardBench.run(path: folder.path("bench.sqlite"), rows: rows)
        print("leaderboard bench: \(r.scoreRows) rows inserted in \(r.insertSeconds) s; median query \(r.querySeconds * 1000) ms, max \(r.maxQuerySeconds * 1000) ms")
        #expect(r.maxQuerySeconds < 0.020)
    }
}
