import Foundation

/// Issue 12 #1/#2: one student pastes `repeat (1+1-1+…) { walk(); }` — about
/// 13,000 operators over 26 editor lines of 1,000 bytes — and submits it again
/// and again. Before the fix the compiler's recursion overflowed the stack
/// (the server died); a judge on the event loop froze everyone per submit.
final class LongChainAttack: HostileAttack {
    let name = "long-chain"
    let operators: Int
    let submitsPerSecond: Double
    private let attackers: Attackers
    private var student: ClientPool.Client?
    private var pace: Pace
    private var submits = 0
    private var results: [String: Int] = [:]
    private var echoed = 0
    private var opened = false
    private var setupProblem = ""

    init(operators: Int = 13_000, submitsPerSecond: Double = 10) throws {
        self.operators = operators
        self.submitsPerSecond = submitsPerSecond
        pace = Pace(perSecond: submitsPerSecond)
        attackers = try Attackers()
    }

    var load: String { "1 student submits a \(operators)-operator `repeat` condition, \(Int(submitsPerSecond))/s" }

    /// `repeat (1` / `+1-1+1-1…` (500 operators a line) / `) { walk(); }`.
    static func program(operators: Int) -> [String] {
        var lines = ["repeat (1"]
        var left = operators
        while left > 0 {
            let count = min(500, left)
            lines.append(String(repeating: "+1-1", count: count / 2) + (count % 2 == 1 ? "+1" : ""))
            left -= count
        }
        lines.append(") { walk(); }")
        return lines
    }

    func prepare(_ target: HostileTarget) throws {
        attackers.onLine = { [unowned self] _, line in
            if line.hasPrefix("{\"ev\":\"level.opened\"") { opened = true }
            if line.hasPrefix("{\"ev\":\"level.code_line\"") { echoed += 1 }
            if line.hasPrefix("{\"ev\":\"level.result\"") {
                results[line.string(after: "\"reason\":\"") ?? "solved", default: 0] += 1
            }
        }
        let client = try attackers.logIn(1, prefix: "chain\(target.tag)x", target: target)[0]
        student = client
        attackers.pool.send(client, "play \(target.level)\r\n")
        waitUntil(5) { opened }
        guard opened else { setupProblem = "the level did not open"; return }
        let program = LongChainAttack.program(operators: operators)
        attackers.pool.send(client, "code\r\n" + program.map { $0 + "\r\n" }.joined() + ".\r\n")
        waitUntil(10) { echoed >= program.count }
        if echoed < program.count { setupProblem = "the editor echoed \(echoed) of \(program.count) lines" }
        // The paste counted towards this second's lines: wait out the flood window.
        attackers.idle(timeout: 1.1)
    }

    private func waitUntil(_ seconds: Double, _ done: () -> Bool) {
        let deadline = ClientPool.now + seconds
        while !done() && ClientPool.now < deadline { attackers.pool.poll(timeout: 0.02) }
    }

    func idle(timeout: Double) { attackers.idle(timeout: timeout) }

    func tick(now: Double) {
        if let student, !student.closed {
            for _ in 0..<pace.due(now) {
                attackers.pool.send(student, "submit\r\n")
                submits += 1
            }
        }
        attackers.pool.poll(timeout: 0.002)
    }

    func finish() -> String {
        attackers.closeAll()
        let answered = results.sorted { $0.value > $1.value }.map { "\($0.key)×\($0.value)" }.joined(separator: ", ")
        return notes(setupProblem, "\(submits) submits", answered.isEmpty ? "no level.result" : "results: " + answered,
                     attackers.tally)
    }
}
