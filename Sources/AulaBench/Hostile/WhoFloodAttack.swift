import Foundation

/// Issue 12 #10 (who): a crowd of idle logged-in students (measured quietly
/// too, so the quiet figures are the same crowd without the flood), and a few
/// clients sending `who` 20 times a second each and reading every answer.
final class WhoFloodAttack: HostileAttack {
    let name = "who-flood"
    let crowd: Int
    let flooders: Int
    let perSecond: Double
    private let crowdPool: Attackers
    private let attackers: Attackers
    private var clients: [ClientPool.Client] = []
    private var pace: Pace
    private var turn = 0
    private var sent = 0
    private var answers = 0

    init(crowd: Int, flooders: Int = 4, perSecond: Double = 20) throws {
        self.crowd = crowd
        self.flooders = flooders
        self.perSecond = perSecond
        pace = Pace(perSecond: Double(flooders) * perSecond)
        crowdPool = try Attackers()
        attackers = try Attackers()
    }

    var load: String { "\(flooders) clients send `who` \(Int(perSecond))/s each with \(crowd) students online" }

    func prepare(_ target: HostileTarget) throws {
        try crowdPool.logIn(crowd, prefix: "crowd\(target.tag)x", target: target, timeout: 120)
        clients = try attackers.logIn(flooders, prefix: "who\(target.tag)x", target: target)
        attackers.onLine = { [unowned self] _, line in
            if line.hasPrefix("{\"ev\":\"who\"") { answers += 1 }
        }
    }

    func idle(timeout: Double) {
        crowdPool.pool.poll(timeout: 0)
        attackers.idle(timeout: timeout)
    }

    func tick(now: Double) {
        for _ in 0..<pace.due(now) where !clients.isEmpty {
            attackers.pool.send(clients[turn % clients.count], "who\n")
            turn += 1
            sent += 1
        }
        attackers.pool.poll(timeout: 0.002)
        crowdPool.pool.poll(timeout: 0)
    }

    func finish() -> String {
        attackers.closeAll()
        crowdPool.closeAll()
        return notes("\(sent) `who` sent, \(answers) answered", attackers.tally,
                     crowdPool.closedByServer > 0 ? "crowd: \(crowdPool.tally)" : "")
    }
}
