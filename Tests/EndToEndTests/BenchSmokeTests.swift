import Foundation
import Testing
import AulaBench

/// The bench's quick modes as smoke tests: they run, stay bounded and write a
/// report with figures. The targets themselves are checked by the bench
/// report, never by timed assertions here.
@Suite struct BenchSmokeTests {
    private func run(_ mode: String, _ configure: (inout Bench.Options) -> Void = { _ in }) throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: out) }
        var options = Bench.Options(mode: mode)
        options.quick = true
        options.out = out.path
        configure(&options)
        #expect(Bench.run(options) == 0)
        return try String(contentsOf: out, encoding: .utf8)
    }

    @Test func judgeModeReportsPercentiles() throws {
        let report = try run("judge")
        #expect(report.contains("## judge"))
        #expect(report.contains("Judge time: p50"))
    }

    @Test func leaderboardModeReportsTheQueryTime() throws {
        let report = try run("leaderboard") { $0.rows = 2000 }
        #expect(report.contains("2000 score rows"))
        #expect(report.contains("Leaderboard query:"))
    }

    @Test func connectionsModeLogsClientsInAgainstARealServer() throws {
        let report = try run("connections") {
            $0.connections = 200
            $0.contentDirectory = FileManager.default.currentDirectoryPath
        }
        #expect(report.contains("200 connections: server RSS"))
        #expect(report.contains("Failed connections: 0"))
    }

    @Test func soakModeFindsNoLeakAndNoLostRound() throws {
        let report = try run("soak") {
            $0.connections = 40
            $0.seconds = 3
        }
        #expect(report.contains("— no leak"))
        #expect(report.contains("— none lost"))
        #expect(report.contains("integrity_check after shutdown: ok"))
    }
}
