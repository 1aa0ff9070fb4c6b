import Foundation

/// Issue 12 #3: students each in a level room of their own paste 1 KB lines
/// into the editor without pause (150 lines a second each, under the editor's
/// 200-line paste allowance); when the editor is full they close it, wait out
/// the flood window, `clear` and paste again. Before the fix every typed line
/// rescanned the whole program on the event loop.
final class EditorPasteAttack: HostileAttack {
    let name = "editor-paste"
    let students: Int
    let linesPerSecond: Double
    /// The editor's capacity for the bench level (`3 × 130 + 10`, capped at 400).
    let capacity = 400
    private let attackers: Attackers
    private var seats: [Seat] = []
    private var opened = 0
    private var sent = 0
    private static let line = String(repeating: "walk(); ", count: 124) + "walk();\n"

    private final class Seat {
        let client: ClientPool.Client
        var pace: Pace
        var lines = 0
        var resumeAt: Double?
        var editing = false
        init(client: ClientPool.Client, pace: Pace) {
            self.client = client
            self.pace = pace
        }
    }

    init(students: Int = 24, linesPerSecond: Double = 150) throws {
        self.students = students
        self.linesPerSecond = linesPerSecond
        attackers = try Attackers()
    }

    var load: String { "\(students) students paste 1 KB lines into the editor, \(Int(linesPerSecond))/s each" }

    func prepare(_ target: HostileTarget) throws {
        attackers.onLine = { [unowned self] _, line in
            if line.hasPrefix("{\"ev\":\"level.opened\"") { opened += 1 }
        }
        let clients = try attackers.logIn(students, prefix: "paste\(target.tag)x", target: target)
        for client in clients { attackers.pool.send(client, "play \(target.level)\n") }
        let deadline = ClientPool.now + 10
        while opened < students && ClientPool.now < deadline { attackers.pool.poll(timeout: 0.02) }
        guard opened > 0 else {
            throw BenchError("level \(target.level) did not open (the bench's own content has it; a --target server needs it too)")
        }
        seats = clients.map { Seat(client: $0, pace: Pace(perSecond: linesPerSecond)) }
        attackers.idle(timeout: 1.1)
    }

    func idle(timeout: Double) { attackers.idle(timeout: timeout) }

    func tick(now: Double) {
        for seat in seats where !seat.client.closed {
            if let resume = seat.resumeAt {
                guard now >= resume else { continue }
                seat.resumeAt = nil
                attackers.pool.send(seat.client, "clear\n")
            }
            if !seat.editing {
                attackers.pool.send(seat.client, "code\n")
                seat.editing = true
                seat.lines = 0
                _ = seat.pace.due(now)
            }
            var batch = ""
            for _ in 0..<seat.pace.due(now) where seat.lines < capacity {
                batch += EditorPasteAttack.line
                seat.lines += 1
                sent += 1
            }
            if seat.lines >= capacity {
                // Full: close the editor; `clear` only after the flood window.
                batch += ".\n"
                seat.editing = false
                seat.resumeAt = now + 1.1
            }
            if !batch.isEmpty { attackers.pool.send(seat.client, batch) }
        }
        attackers.pool.poll(timeout: 0.002)
    }

    func finish() -> String {
        attackers.closeAll()
        return notes(opened < students ? "\(opened) of \(students) level rooms opened" : "",
                     "\(sent) lines pasted", attackers.tally)
    }
}
