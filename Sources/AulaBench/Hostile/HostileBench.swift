import Foundation
import CShims

/// `aula bench hostile`: replays the attacks of SPEC §12 "Identity and limits"
/// (issue 12) while a probe — a few well-behaved students — measures its round
/// trip, quietly first and then during each attack. With its own server every
/// attack gets a fresh `aula serve` (one attack's lockouts or crash never
/// colour the next); with `--target` they all go to that server, and once it
/// is down the rest are skipped. The bench measures and reports; it asserts
/// nothing (the hostile test suite holds the budget).
struct HostileBench {
    var quick = false
    var target: (host: String, port: Int)?
    /// The who-flood's idle crowd.
    var crowd = 2000
    var quietSeconds = 2.0
    var attackSeconds = 5.0
    /// Only these attacks (by name), for the smoke test; nil: all.
    var only: Set<String>?

    struct Row {
        var name = "", load = ""
        var quiet: [Double] = [], attack: [Double] = []
        var unanswered = 0
        /// CPU % during the attack: the server's event loop, the whole server, this bench.
        var loopCPU: Double?
        var serverCPU: Double?
        var benchCPU = 0.0
        var up = "yes"
        var notes = ""
    }

    /// The attacks, in the order of the issue.
    func attacks() throws -> [HostileAttack] {
        let all: [HostileAttack] = [
            try LongChainAttack(.repeatCount),
            try LongChainAttack(.whileCondition),
            try EditorPasteAttack(),
            try PinGuessAttack(),
            PreLoginFloodAttack(sockets: quick ? 200 : 600),
            try ChatFloodAttack(),
            try JoinLeaveFloodAttack(),
            ConsoleBurstAttack(),
            try WhoFloodAttack(crowd: crowd),
            RawFloodAttack.garbage(),
            RawFloodAttack.telnet(),
            RawFloodAttack.longLine(),
            RawFloodAttack.outputFlood(),
        ]
        let unknown = (only ?? []).subtracting(all.map(\.name))
        guard unknown.isEmpty else {
            throw BenchError("unknown attack \(unknown.sorted().joined(separator: ", ")); attacks: \(all.map(\.name).joined(separator: ", "))")
        }
        return all.filter { only?.contains($0.name) ?? true }
    }

    func run() throws -> [Row] {
        let content = try HostileContent.make()
        defer { try? FileManager.default.removeItem(at: content) }
        var rows: [Row] = []
        var down = false
        for (i, attack) in try attacks().enumerated() {
            var row = Row(name: attack.name, load: attack.load)
            if down {
                row.up = "skipped"
                row.notes = "the target server was down"
                rows.append(row)
                continue
            }
            var server: ServerProcess?
            do {
                var where_: HostileTarget
                if let target {
                    where_ = HostileTarget(host: target.host, port: target.port, adminPort: nil, tag: "\(i)")
                } else {
                    let started = try ServerProcess(contentDirectory: content.path)
                    server = started
                    where_ = HostileTarget(port: started.port, adminPort: started.adminPort, tag: "\(i)")
                }
                try measure(attack, at: where_, server: server, into: &row)
                down = target != nil && row.up != "yes"
            } catch {
                row.up = server.map { $0.process.isRunning ? "yes" : "no (exited)" } ?? "?"
                row.notes = "could not run: \(error)"
            }
            server?.stop()
            rows.append(row)
            print("  \(row.name): p99 \(String(format: "%.2f", HostileBench.quantile(row.attack, 0.99))) ms, up: \(row.up)")
        }
        return rows
    }

    func measure(_ attack: HostileAttack, at target: HostileTarget, server: ServerProcess?, into row: inout Row) throws {
        let probe = try Probe(host: target.host, port: target.port, prefix: "probe\(target.tag)x")
        defer { probe.stop() }
        try attack.prepare(target)
        probe.begin("quiet")
        attack.idle(timeout: quietSeconds)
        let cpuBefore = server.map { ProcessStats.mainThreadCPUSeconds(pid: $0.pid) }
        let allBefore = server.map { ProcessStats.cpuSeconds(pid: $0.pid) }
        let benchBefore = ProcessStats.cpuSeconds(pid: getpid())
        probe.begin("attack")
        let start = ClientPool.now
        let end = start + attackSeconds
        while ClientPool.now < end { attack.tick(now: ClientPool.now) }
        let cpuAfter = server.map { ProcessStats.mainThreadCPUSeconds(pid: $0.pid) }
        let allAfter = server.map { ProcessStats.cpuSeconds(pid: $0.pid) }
        let benchAfter = ProcessStats.cpuSeconds(pid: getpid())
        let elapsed = ClientPool.now - start
        // Answers the attack delayed still count: wait (bounded) for them.
        let windDown = ClientPool.now + max(5, attackSeconds)
        while !probe.figures(of: "attack").waiting.isEmpty && ClientPool.now < windDown && server?.process.isRunning != false {
            attack.idle(timeout: 0.05)
        }
        probe.begin("after")
        let quiet = probe.figures(of: "quiet"), during = probe.figures(of: "attack")
        row.notes = attack.finish()
        row.quiet = quiet.samples
        // An answer never received counts with the time waited so far (a lower bound).
        row.attack = during.samples + during.waiting
        row.unanswered = during.waiting.count
        if let a = cpuBefore, let b = cpuAfter, b.user + b.system > 0 {
            row.loopCPU = (b.user + b.system - a.user - a.system) / elapsed * 100
        }
        if let a = allBefore, let b = allAfter, b.user + b.system > 0 {
            row.serverCPU = (b.user + b.system - a.user - a.system) / elapsed * 100
        }
        row.benchCPU = (benchAfter.user + benchAfter.system - benchBefore.user - benchBefore.system) / elapsed * 100
        row.up = alive(target, server: server, probe: probe)
    }

    /// Whether the server still serves: its process runs, the probes are
    /// still connected, and a newcomer logs in within 10 s.
    private func alive(_ target: HostileTarget, server: ServerProcess?, probe: Probe) -> String {
        if let server, !server.process.isRunning {
            return "no (exited, status \(server.process.terminationStatus))"
        }
        var problems: [String] = []
        if probe.droppedConnections > 0 { problems.append("\(probe.droppedConnections) probes dropped") }
        if (try? LineClient.student(host: target.host, port: target.port, name: "alive\(target.tag)x", timeout: 10)) == nil {
            problems.append("no new login within 10 s")
        }
        return problems.isEmpty ? "yes" : "no (" + problems.joined(separator: ", ") + ")"
    }

    /// The q-quantile of durations in seconds, in milliseconds (nearest rank).
    static func quantile(_ seconds: [Double], _ q: Double) -> Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, max(0, Int((q * Double(sorted.count)).rounded(.up)) - 1))
        return sorted[index] * 1000
    }

    /// The report section: parameters, the table, and the budget line.
    func report(_ rows: [Row]) -> [String] {
        var lines = [
            "- Parameters: each attack runs \(format(attackSeconds)) s after \(format(quietSeconds)) s of quiet, "
                + (target.map { "against \($0.host):\($0.port)" } ?? "each against a fresh `aula serve` (default limits, content with one 0-XP level)")
                + "; the probe is 4 logged-in JSON students sending `mode json` every 0.1 s each (under the 20 lines/s limit) "
                + "on a thread of their own and timing the answer; loopback only",
            "- Budget (SPEC §12): probe p99 under 50 ms during every attack",
            "",
            "Samples: answers received during the attack; no answer: probe requests still unanswered when the "
                + "bench stopped waiting (\(format(max(5, attackSeconds))) s after the attack), counted in the percentiles "
                + "with the time waited so far, so those figures are lower bounds (≥).",
            "",
            "| attack | load | quiet p50 ms | quiet p99 ms | p50 ms | p95 ms | p99 ms | max ms | samples | no answer | CPU % loop / server / bench | server up | what the attackers got |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for row in rows {
            let q = { (values: [Double], p: Double) in String(format: "%.2f", HostileBench.quantile(values, p)) }
            // With answers missing the attack's figures are lower bounds.
            let atLeast = row.unanswered > 0 ? "≥ " : ""
            let a = { (p: Double) in atLeast + q(row.attack, p) }
            let percent = { (value: Double?) in value.map { String(format: "%.0f", $0) } ?? "—" }
            let cpu = "\(percent(row.loopCPU)) / \(percent(row.serverCPU)) / \(percent(row.benchCPU))"
            lines.append("| \(row.name) | \(row.load) | \(q(row.quiet, 0.5)) | \(q(row.quiet, 0.99)) | \(a(0.5)) | "
                         + "\(a(0.95)) | \(a(0.99)) | \(a(1)) | \(row.attack.count - row.unanswered) | "
                         + "\(row.unanswered) | \(cpu) | \(row.up) | \(row.notes.replacingOccurrences(of: "|", with: "/")) |")
        }
        lines.append("")
        let over = rows.filter { $0.up == "skipped" || $0.up != "yes" || HostileBench.quantile($0.attack, 0.99) >= 50
                                 || $0.attack.isEmpty || $0.unanswered > 0 }
        lines.append(over.isEmpty ? "- Every attack within the budget, server up after each"
                     : "- Outside the budget or not up afterwards: " + over.map(\.name).joined(separator: ", "))
        lines.append("- CPU % during the attack window (100 = one core): the server's event-loop thread, the whole server, "
                     + "this bench (attackers and probe; on a 2-core machine they compete with the server)")
        return lines
    }

    private func format(_ seconds: Double) -> String { String(format: seconds == seconds.rounded() ? "%.0f" : "%.1f", seconds) }
}
