import Foundation

/// Session 11 #3: students from one address `join` a room and `leave` it in a
/// loop (20 lines/s each, within the per-connection limit). Before the fix
/// every join and leave was told to the room — 540 lines on the host's screen
/// in 4 s. The room's host counts the join/leave notices it gets (in JSON:
/// `room.joined`, `room.left` and the gathered `room.presence`).
final class JoinLeaveFloodAttack: HostileAttack {
    let name = "join-leave"
    let connections: Int
    let linesPerSecond: Double
    private let attackers: Attackers
    private var host: ClientPool.Client?
    private var clients: [ClientPool.Client] = []
    private var inRoom: Set<Int> = []
    private var room: String?
    private var pace: Pace
    private var turn = 0
    private var sent = 0
    private var notices = 0
    private var started: Double?
    private var lastNotice: Double = 0

    init(connections: Int = 5, linesPerSecond: Double = 20) throws {
        self.connections = connections
        self.linesPerSecond = linesPerSecond
        pace = Pace(perSecond: Double(connections) * linesPerSecond)
        attackers = try Attackers()
    }

    var load: String { "\(connections) students `join` / `leave` one room \(Int(linesPerSecond)) times/s each" }

    func prepare(_ target: HostileTarget) throws {
        let all = try attackers.logIn(connections + 1, prefix: "door\(target.tag)x", target: target)
        guard let first = all.first else { throw BenchError("no host for the join-leave room") }
        host = first
        clients = Array(all.dropFirst())
        attackers.onLine = { [unowned self] client, line in
            if client.index == first.index {
                if room == nil, line.hasPrefix("{\"ev\":\"room.joined\"") { room = line.string(after: "\"room\":\"") }
                if started != nil, line.hasPrefix("{\"ev\":\"room.joined\"") || line.hasPrefix("{\"ev\":\"room.left\"")
                    || line.hasPrefix("{\"ev\":\"room.presence\"") {
                    notices += 1
                    lastNotice = ClientPool.now
                }
            }
        }
        attackers.pool.send(first, "create hangman easy bench-long\n")
        let deadline = ClientPool.now + 10
        while room == nil && ClientPool.now < deadline { attackers.pool.poll(timeout: 0.01) }
        guard room != nil else { throw BenchError("the join-leave room was not created") }
    }

    func idle(timeout: Double) { attackers.idle(timeout: timeout) }

    func tick(now: Double) {
        if started == nil { started = now }
        for _ in 0..<pace.due(now) where !clients.isEmpty {
            guard let room else { break }
            let client = clients[turn % clients.count]
            turn += 1
            // Each attacker alternates; it does not wait for the answer.
            if inRoom.remove(client.index) != nil {
                attackers.pool.send(client, "leave\n")
            } else {
                inRoom.insert(client.index)
                attackers.pool.send(client, "join \(room)\n")
            }
            sent += 1
        }
        attackers.pool.poll(timeout: 0.002)
    }

    func finish() -> String {
        let seconds = max(1, lastNotice - (started ?? lastNotice))
        attackers.closeAll()
        return notes("\(sent) joins and leaves sent",
                     String(format: "the room's host got %d join/leave notices (%.1f/s)", notices, Double(notices) / seconds),
                     attackers.tally)
    }
}
