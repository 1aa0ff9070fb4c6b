import Foundation

/// Where the attacks go: the students' port, and the teachers' console when
/// the bench started the server itself (the PIN attack sets up a roster there).
struct HostileTarget {
    var host = "127.0.0.1"
    var port: Int
    var adminPort: Int?
    /// The level the program attacks open (the bench's own content has it).
    var level = HostileContent.levelID
    /// Distinct per attack, so names never meet a previous attack's reconnect grace.
    var tag: String
}

/// One attack of SPEC §12 "Identity and limits" (issue 12), bounded in count
/// and time. The bench calls `prepare` (connections, logins, roster), measures
/// the probe quietly, then calls `tick` in a loop for the attack's window
/// (about every few milliseconds; the attack paces itself from `now`), then
/// `finish`, which closes everything and says what the attackers saw.
protocol HostileAttack: AnyObject {
    /// The row's name in the report.
    var name: String { get }
    /// The load, in a few words, with its size.
    var load: String { get }
    func prepare(_ target: HostileTarget) throws
    /// Reads what arrived for up to `timeout` seconds (the quiet window and the wind-down).
    func idle(timeout: Double)
    func tick(now: Double)
    func finish() -> String
}

/// The attackers' connections on one epoll loop, with what they got back:
/// each error code the server answered, and how many connections it closed.
/// Attack clients never wait for answers (an attacker does not), but they do
/// read, so the server's output buffers are not what limits them — except
/// the output-flood attack, which never reads on purpose.
final class Attackers {
    let pool: ClientPool
    private(set) var errors: [String: Int] = [:]
    private(set) var closedByServer = 0
    private(set) var loggedIn = 0
    /// Extra handling of each line (after the error tally).
    var onLine: (ClientPool.Client, Line) -> Void = { _, _ in }
    private var greetings: [Int: String] = [:]
    private var nextIndex = 0
    private var finished = false

    init() throws {
        pool = try ClientPool()
        pool.onLine = { [unowned self] client, line in
            if line.hasPrefix("{\"ev\":\"error\""), let code = line.string(after: "\"code\":\"") {
                errors[code, default: 0] += 1
            }
            if client.userData == nil, line.hasPrefix("{\"ev\":\"welcome\"") {
                client.userData = true
                loggedIn += 1
            }
            onLine(client, line)
        }
        pool.onClose = { [unowned self] _ in if !finished { closedByServer += 1 } }
        pool.onConnect = { [unowned self] client in
            if let greeting = greetings.removeValue(forKey: client.index) { pool.send(client, greeting) }
        }
    }

    /// Opens `count` JSON students named `prefix0`, `prefix1`… and waits until
    /// they are all logged in (at most 256 logins in flight, as a lab would).
    @discardableResult
    func logIn(_ count: Int, prefix: String, target: HostileTarget, timeout: Double = 60) throws -> [ClientPool.Client] {
        var opened: [ClientPool.Client] = []
        let before = loggedIn
        let deadline = ClientPool.now + timeout
        while loggedIn - before < count && ClientPool.now < deadline {
            while opened.count < count && opened.count - (loggedIn - before) - closedByServer < 256 {
                opened.append(try open(target: target, greeting: "mode json\n\(prefix)\(opened.count)\n"))
            }
            pool.poll(timeout: 0.01)
        }
        guard loggedIn - before >= count else {
            throw BenchError("only \(loggedIn - before) of \(count) \(prefix)… students logged in within \(Int(timeout)) s")
        }
        return opened
    }

    /// Opens one connection; `greeting` is sent once it is established.
    func open(target: HostileTarget, greeting: String? = nil) throws -> ClientPool.Client {
        let index = nextIndex
        nextIndex += 1
        if let greeting { greetings[index] = greeting }
        return try pool.open(index: index, host: target.host, port: target.port)
    }

    func idle(timeout: Double) {
        let deadline = ClientPool.now + timeout
        repeat { pool.poll(timeout: max(0, min(0.05, deadline - ClientPool.now))) } while ClientPool.now < deadline
    }

    /// Closes every connection; the tally stops counting.
    func closeAll() {
        finished = true
        pool.closeAll()
    }

    /// "errors: throttled×12, line_too_long×3; 2 closed by the server".
    var tally: String {
        var parts: [String] = []
        if !errors.isEmpty {
            parts.append("errors: " + errors.sorted { $0.value > $1.value }.map { "\($0.key)×\($0.value)" }.joined(separator: ", "))
        }
        if closedByServer > 0 { parts.append("\(closedByServer) closed by the server") }
        return parts.joined(separator: "; ")
    }
}

/// A pace: `perSecond` events a second, spread evenly; `due(now)` says how
/// many are owed since the last call (never more than a second's worth).
struct Pace {
    let perSecond: Double
    private var last: Double?
    private var credit = 0.0

    init(perSecond: Double) { self.perSecond = perSecond }

    mutating func due(_ now: Double) -> Int {
        defer { last = now }
        guard let last else { return 1 }
        credit = min(perSecond, credit + (now - last) * perSecond)
        let whole = Int(credit)
        credit -= Double(whole)
        return whole
    }
}

/// Joins notes, skipping empty ones.
func notes(_ parts: String...) -> String { parts.filter { !$0.isEmpty }.joined(separator: "; ") }
