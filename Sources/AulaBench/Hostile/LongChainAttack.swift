import Foundation

/// Issue 12 #1/#2: one student pastes a program with a chain of about 13,000
/// `+`/`-` operators over 26 editor lines of 1,000 bytes and submits it back
/// to back (the next `submit` as soon as the last one was answered, at most
/// `submitsPerSecond`). `long-chain`: `repeat (1+1-1+…) { walk(); }` — before
/// the fix the compiler's recursion overflowed the stack (the server died).
/// `long-condition`: `while (1+1-1+… > 0) { turnLeft(); }` — the condition is
/// evaluated at each of the judge's 10,000 steps on every layout, which froze
/// everyone while the judge ran on the event loop.
final class LongChainAttack: HostileAttack {
    enum Shape { case repeatCount, whileCondition }
    let name: String
    let shape: Shape
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
    /// A `submit` is out and not answered yet.
    private var waiting = false
    /// The pace allowed a submit while one was still out: send as soon as it is answered.
    private var readyAgain = false

    init(_ shape: Shape, operators: Int = 13_000, submitsPerSecond: Double = 10) throws {
        self.shape = shape
        name = shape == .repeatCount ? "long-chain" : "long-condition"
        self.operators = operators
        self.submitsPerSecond = submitsPerSecond
        pace = Pace(perSecond: submitsPerSecond)
        attackers = try Attackers()
    }

    var load: String {
        "1 student submits a \(operators)-operator `\(shape == .repeatCount ? "repeat" : "while")` condition back to back "
            + "(at most \(Int(submitsPerSecond))/s)"
    }

    /// `repeat (1` / `+1-1+1-1…` (500 operators a line) / `) { walk(); }`,
    /// or the same chain as a `while` condition.
    static func program(_ shape: Shape, operators: Int) -> [String] {
        var lines = [shape == .repeatCount ? "repeat (1" : "while (1"]
        var left = operators
        while left > 0 {
            let count = min(500, left)
            lines.append(String(repeating: "+1-1", count: count / 2) + (count % 2 == 1 ? "+1" : ""))
            left -= count
        }
        lines.append(shape == .repeatCount ? ") { walk(); }" : " > 0) { turnLeft(); }")
        return lines
    }

    func prepare(_ target: HostileTarget) throws {
        attackers.onLine = { [unowned self] _, line in
            if line.hasPrefix("{\"ev\":\"level.opened\"") { opened = true }
            if line.hasPrefix("{\"ev\":\"level.code_line\"") { echoed += 1 }
            if line.hasPrefix("{\"ev\":\"level.result\"") {
                results[line.string(after: "\"reason\":\"") ?? "solved", default: 0] += 1
                waiting = false
            }
            if line.hasPrefix("{\"ev\":\"error\"") { waiting = false }
        }
        let client = try attackers.logIn(1, prefix: "chain\(target.tag)x", target: target)[0]
        student = client
        attackers.pool.send(client, "play \(target.level)\n")
        waitUntil(5) { opened }
        guard opened else {
            throw BenchError("level \(target.level) did not open (the bench's own content has it; a --target server needs it too)")
        }
        let program = LongChainAttack.program(shape, operators: operators)
        attackers.pool.send(client, "code\n" + program.map { $0 + "\n" }.joined() + ".\n")
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
        if let student, !student.closed, pace.due(now) > 0 || readyAgain {
            readyAgain = waiting
            if !waiting {
                attackers.pool.send(student, "submit\n")
                submits += 1
                waiting = true
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
