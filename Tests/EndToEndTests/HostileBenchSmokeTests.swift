import Foundation
import Testing
import AulaTestSupport
import AulaBench

/// `aula bench hostile --quick` in small: every attack of issue 12 runs
/// against its own `aula serve`, gets a row in the report, and the server is
/// still up after it. No timing is asserted here — the probe's figures are
/// the bench report's business (and the hostile suite's budget).
@Suite(.lab, .enabled(if: BenchFlag.isSet, "a bench smoke test: set AULA_BENCH_ROWS=1 to run it (.ci/run does)")) struct HostileBenchSmokeTests {
    static let attacks = ["long-chain", "long-condition", "editor-paste", "pin-guess", "prelogin-flood", "chat-flood", "join-leave", "console-burst", "who-flood",
                          "garbage", "telnet", "long-line", "output-flood"]

    @Test func everyAttackHasARowAndLeavesTheServerUp() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: out) }
        var options = Bench.Options(mode: "hostile")
        options.quick = true
        options.out = out.path
        options.connections = 200  // the who-flood's crowd
        options.seconds = 1
        #expect(Bench.run(options) == 0)
        let report = try String(contentsOf: out, encoding: .utf8)
        #expect(report.contains("## hostile"))
        #expect(report.contains("probe p99 under 50 ms"))
        let rows = report.split(separator: "\n").map(String.init)
        for attack in HostileBenchSmokeTests.attacks {
            let row = rows.first { $0.hasPrefix("| \(attack) |") } ?? ""
            #expect(!row.isEmpty, "no row for \(attack)")
            let cells = row.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            // "| a | … | m |" splits into 13 cells between an empty first and last.
            guard cells.count == 15 else {
                Issue.record("\(attack): \(cells.count - 2) cells in \(row)")
                continue
            }
            #expect(Int(cells[9]) != nil, "\(row)")
            let up = cells[12]
            // long-chain, long-condition and editor-paste took the server down before issue 12's fixes.
            #expect(up == "yes", "\(attack): \(row)")
        }
    }
}
