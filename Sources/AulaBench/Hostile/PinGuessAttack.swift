import Foundation

/// Issue 12 #4: a class with a roster of PINs is open (set up through the
/// teachers' console, as a teacher would: first teacher on loopback, `roster
/// import`, `class open`); connections type a roster name, the join code and
/// PIN after PIN, starting again at `Name:` whenever the server sends them
/// back there. Each connection tries its own block of 100 PINs in order.
final class PinGuessAttack: HostileAttack {
    let name = "pin-guess"
    let connections: Int
    /// The real PIN of the attacked student (tried by connection 93 after 71 wrong ones).
    static let realPIN = "9371"
    private let attackers: Attackers
    private var console: LineClient?
    private var target: HostileTarget?
    private var joinCode = ""
    private var student = ""
    private var next: [Int: Int] = [:]
    private var started = false
    private var guesses = 0
    private var found = 0
    private var roster: URL?

    init(connections: Int = 100) throws {
        self.connections = connections
        attackers = try Attackers()
    }

    var load: String { "\(connections) connections guess a roster student's PIN" }

    func prepare(_ target: HostileTarget) throws {
        guard let adminPort = target.adminPort else {
            throw BenchError("needs the teachers' console (the bench's own server)")
        }
        self.target = target
        student = "Pina\(target.tag)"
        let console = try LineClient.firstTeacher(host: target.host, port: adminPort, password: "hostile bench password",
                                                  who: "console")
        self.console = console
        func expect(_ text: String, _ what: String) throws { try console.expect(text, what, "console") }
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("aula-hostile-roster-\(UUID().uuidString).csv")
        try "name,pin\n\(student),\(PinGuessAttack.realPIN)\nOtra\(target.tag),1234\n"
            .write(to: csv, atomically: true, encoding: .utf8)
        roster = csv
        console.send("roster import Hostile \(csv.path)")
        try expect("\"kind\":\"command\"", "prompt after roster import")
        console.send("class open Hostile")
        guard let line = console.waitFor("Join code: ", timeout: 10),
              let range = line.range(of: "Join code: ") else { throw BenchError("console: no join code") }
        joinCode = String(line[range.upperBound...].prefix(6))
        try expect("\"kind\":\"command\"", "prompt after class open")
        attackers.onLine = { [unowned self] client, line in
            guard line.hasPrefix("{\"ev\":\"prompt\""), let kind = line.string(after: "\"kind\":\"") else {
                if line.hasPrefix("{\"ev\":\"welcome\"") {
                    found += 1
                    attackers.pool.close(client)
                }
                return
            }
            switch kind {
            case "name": attackers.pool.send(client, student + "\n")
            case "code": attackers.pool.send(client, joinCode + "\n")
            case "pin":
                let n = next[client.index, default: (client.index % 100) * 100]
                next[client.index] = n + 1
                guesses += 1
                attackers.pool.send(client, String(format: "%04d\n", n % 10_000))
            default: break
            }
        }
    }

    func idle(timeout: Double) {
        attackers.idle(timeout: timeout)
        _ = console?.drain(quiet: 0)
    }

    func tick(now: Double) {
        if !started, let target {
            started = true
            for _ in 0..<connections { _ = try? attackers.open(target: target, greeting: "mode json\n") }
        }
        attackers.pool.poll(timeout: 0.002)
        _ = console?.readLine(timeout: 0)
    }

    func finish() -> String {
        attackers.closeAll()
        var told = 0
        if let console {
            // What the teacher saw, then the class closes so later logins need no code.
            told = console.drain(quiet: 0.1).filter { $0.lowercased().contains("pin") }.count
            console.send("class close")
            _ = console.waitFor("\"kind\":\"command\"", timeout: 10)
            console.close()
        }
        if let roster { try? FileManager.default.removeItem(at: roster) }
        return notes("\(guesses) PINs tried", "real PIN found \(found)×",
                     told > 0 ? "\(told) console lines about PINs" : "", attackers.tally)
    }
}
