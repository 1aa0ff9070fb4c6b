import Foundation

/// Issue 12 #10 (chat): logged-in students in the lobby each `say` a line 20
/// times a second — within the per-connection limit, so only a per-room or
/// per-address budget can stop it. The probes sit in the same lobby and get
/// whatever chat the server lets through, as any classmate would.
final class ChatFloodAttack: HostileAttack {
    let name = "chat-flood"
    let connections: Int
    let linesPerSecond: Double
    private let attackers: Attackers
    private var clients: [ClientPool.Client] = []
    private var pace: Pace
    private var turn = 0
    private var sent = 0
    private var heard = 0
    private var started: Double?
    private var lastHeard: Double = 0

    init(connections: Int = 50, linesPerSecond: Double = 20) throws {
        self.connections = connections
        self.linesPerSecond = linesPerSecond
        pace = Pace(perSecond: Double(connections) * linesPerSecond)
        attackers = try Attackers()
    }

    var load: String { "\(connections) students `say` \(Int(linesPerSecond)) lines/s each in the lobby" }

    func prepare(_ target: HostileTarget) throws {
        clients = try attackers.logIn(connections, prefix: "chat\(target.tag)x", target: target)
        // One flooder counts the chat it receives: what reaches every student in the lobby.
        let listener = clients[0].index
        attackers.onLine = { [unowned self] client, line in
            if client.index == listener, line.hasPrefix("{\"ev\":\"chat\"") {
                heard += 1
                lastHeard = ClientPool.now
            }
        }
    }

    func idle(timeout: Double) { attackers.idle(timeout: timeout) }

    func tick(now: Double) {
        if started == nil { started = now }
        for _ in 0..<pace.due(now) where !clients.isEmpty {
            let client = clients[turn % clients.count]
            turn += 1
            attackers.pool.send(client, "say flood \(sent) — the quick brown fox jumps over the lazy dog\n")
            sent += 1
        }
        attackers.pool.poll(timeout: 0.002)
    }

    func finish() -> String {
        let seconds = max(0.001, lastHeard - (started ?? lastHeard))
        attackers.closeAll()
        return notes("\(sent) lines said",
                     String(format: "each student in the lobby got %d chat lines (%.0f/s)", heard, Double(heard) / seconds),
                     attackers.tally)
    }
}
