import Foundation
import Testing
import AulaTestSupport
@testable import AulaBench
import AulaStore

/// The hostile-student suite (issue 12): every attack of `aula bench hostile`
/// replayed, smaller, against a real server in this process while four
/// well-behaved classmates (the bench's probe) time their answers. Each
/// attack must leave the server up, keep the classmates' p99 round trip under
/// 50 ms (a budget for a busy shared 2-core machine, not a benchmark), and
/// lose nothing already saved: a level solved before the attack is still in
/// the database afterwards. The full-size figures are `aula bench hostile`'s.
@Suite(.labAlone, .slow, .serialized, .enabled(if: BenchFlag.isSet, "a bench under load: set AULA_BENCH_ROWS=1 to run it (.ci/run does)")) struct HostileStudentTests {
    static let budgetMilliseconds = 50.0

    /// The bench's attacks, sized for a test: a shorter window, a smaller crowd.
    static let attacks = ["long-chain", "long-condition", "editor-paste", "pin-guess", "prelogin-flood",
                          "chat-flood", "who-flood", "garbage", "telnet", "long-line", "output-flood"]

    /// A student solves the bench level before the attack: the row that must survive it.
    static func saveASolvedLevel(_ server: TestServer) throws {
        let keeper = try TestClient.loggedInJSON(port: server.port, name: "Keeper")
        defer { keeper.close() }
        keeper.send("play \(HostileContent.levelID)")
        guard keeper.waitForEvent("level.opened", timeout: 10) != nil else { throw TestError("no level.opened") }
        keeper.send("code")
        for line in ["repeat (7) { walk(); }", "turnRight();", "walk();", "walk();", "."] { keeper.send(line) }
        keeper.send("submit")
        let result = try #require(keeper.waitForEvent("level.result", timeout: 20))
        #expect(result["solved"] as? Bool == true, "the keeper's program should solve the bench level: \(result)")
        // round.end follows the commit, so the row is durable once it arrives.
        #expect(keeper.waitForEvent("round.end", timeout: 10) != nil)
    }

    static func savedSolutions(_ server: TestServer) throws -> Int {
        try server.store { db in try db.scalar("SELECT COUNT(*) FROM level_progress").int ?? -1 }
    }

    struct Attempt {
        var row: HostileBench.Row
        var p99: Double
        var savedBefore: Int
        var savedAfter: Int
    }

    /// One attack against a fresh server with a saved solution in it.
    static func attempt(_ name: String) throws -> Attempt {
        let content = try HostileContent.make()
        defer { try? FileManager.default.removeItem(at: content) }
        let server = try TestServer(configure: { $0.contentDirectory = content.path })
        defer { server.stop() }
        try saveASolvedLevel(server)
        let before = try savedSolutions(server)

        var bench = HostileBench()
        bench.quick = true
        bench.crowd = 300
        bench.quietSeconds = 0.5
        bench.attackSeconds = 2
        bench.only = [name]
        let attack = try #require(try bench.attacks().first)
        var row = HostileBench.Row(name: attack.name, load: attack.load)
        let target = HostileTarget(port: server.port, adminPort: server.adminPort, tag: "t")
        try bench.measure(attack, at: target, server: nil, into: &row)
        return Attempt(row: row, p99: HostileBench.quantile(row.attack, 0.99), savedBefore: before,
                       savedAfter: try savedSolutions(server))
    }

    /// The p99 budget gets a second, fresh run when the first misses it: the
    /// rest of the suite runs in parallel on the same two cores and can take
    /// the loop's thread off the CPU for tens of milliseconds (one late answer
    /// is the p99 of 80 samples). A real regression misses both runs; both
    /// figures are in the message. Up, answered and saved hold on every run.
    @Test(arguments: attacks)
    func anAttackLeavesTheClassAnsweredQuicklyAndLosesNothing(_ name: String) throws {
        var runs: [Attempt] = []
        repeat {
            let run = try Self.attempt(name)
            runs.append(run)
            #expect(run.savedBefore == 1)
            #expect(run.row.up == "yes", "\(name): the server did not stay up: \(run.row.up)")
            #expect(run.row.attack.count >= 10, "\(name): too few probe samples (\(run.row.attack.count)) to judge")
            #expect(run.row.unanswered == 0, "\(name): \(run.row.unanswered) probe requests never answered")
            #expect(run.savedAfter == run.savedBefore, "\(name): a saved solution was lost")
        } while runs.count < 2 && (runs.last?.p99 ?? 0) >= Self.budgetMilliseconds
        let best = runs.map(\.p99).min() ?? .infinity
        let figures = runs.map { String(format: "%.1f ms (quiet %.1f ms)", $0.p99, HostileBench.quantile($0.row.quiet, 0.99)) }
        #expect(best < Self.budgetMilliseconds,
                "\(name): probe p99 during the attack \(figures.joined(separator: ", then ")); \(runs.last?.row.notes ?? "")")
    }
}
