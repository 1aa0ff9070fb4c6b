import Foundation
import Synchronization

/// Rooms of players where one guess must reach every member: the same load
/// against Aula's hangman rooms and against the C baseline (`bench/baseline.c`).
/// Latency is measured from the guess leaving the player to the moment the
/// last member of the room has received its update.
///
/// A run is set up once (everyone connected, rooms playing) and then measured
/// in slices: the bench alternates slices of Aula and of the baseline, so a
/// machine that slows down for a while slows both, and the ratio holds.
final class FanoutBench {
    enum Server { case aula(deck: String), baseline }
    enum Pace { case perSecond(Double), saturation }

    struct Result: Codable {
        var latencies: [Double] = []
        var guesses = 0
        var updates = 0
        var seconds: Double = 0
        var refused = 0
        /// The server's CPU seconds (all threads) while measuring.
        var cpuUser: Double = 0
        var cpuSystem: Double = 0
        /// The CPU seconds of the server's first thread (Aula's event loop).
        var cpuMainThread: Double = 0

        var updatesPerSecond: Double { Double(updates) / max(seconds, 0.001) }
        var guessesPerSecond: Double { Double(guesses) / max(seconds, 0.001) }
        /// Server CPU microseconds per guess (user + system).
        var cpuPerGuess: Double { guesses > 0 ? (cpuUser + cpuSystem) / Double(guesses) * 1_000_000 : 0 }
        var mainThreadCPUPerGuess: Double { guesses > 0 ? cpuMainThread / Double(guesses) * 1_000_000 : 0 }

        mutating func add(_ other: Result) {
            latencies += other.latencies
            guesses += other.guesses
            updates += other.updates
            seconds += other.seconds
            refused += other.refused
            cpuUser += other.cpuUser
            cpuSystem += other.cpuSystem
            cpuMainThread += other.cpuMainThread
        }
    }

    final class Room {
        let index: Int
        var members: [ClientPool.Client] = []
        var id = ""
        var joined = 0
        var started = false
        var turn: String?
        var tried: Set<Character> = []
        var outstanding: (sender: Int, at: Double)?
        var received = 0
        var nextAt: Double = 0
        var sequence = 0
        init(index: Int) { self.index = index }
    }

    final class Member {
        let room: Room
        let slot: Int
        let name: String
        var loggedIn = false
        init(room: Room, slot: Int, name: String) {
            self.room = room
            self.slot = slot
            self.name = name
        }
    }

    static let letters = Array("eaosrnidlctumpbgvfhjqzyxkw")
    /// What each baseline update carries: about what one hangman guess sends
    /// to each member (the guess, the news line and the new state).
    static let baselinePayload = String(repeating: "x", count: 330)

    let rooms: Int
    let players = 5
    let pace: Pace
    let server: Server
    let port: Int
    let pid: Int32
    var setupTimeLimit: Double = 120

    private let pool: ClientPool
    private var allRooms: [Room] = []
    private var started = 0
    /// Guesses go out only while a slice runs.
    private var guessing = false
    private var measuring = false
    private var result = Result()
    /// Rooms by the time their next guess is due: no scan over every room.
    private var due = DueQueue()

    init(rooms: Int, pace: Pace, server: Server, port: Int, pid: Int32) throws {
        self.rooms = rooms
        self.pace = pace
        self.server = server
        self.port = port
        self.pid = pid
        pool = try ClientPool()
        runName = "b\(FanoutBench.runs.add(1, ordering: .relaxed).newValue)"
    }

    /// Names are unique per run: a run set up after another one on the same
    /// server must not take over the players the first one left behind.
    private static let runs = Atomic<Int>(0)
    private let runName: String

    deinit { pool.closeAll() }

    /// Lets go of every player: Aula's say `quit` (so the server keeps no
    /// reconnect grace for them) and the bench waits, at most 5 s, for the server to close them.
    func close() {
        if case .aula = server {
            for room in allRooms {
                for member in room.members { pool.send(member, "quit\n") }
            }
            let deadline = ClientPool.now + 5
            while pool.openCount > 0 && ClientPool.now < deadline { pool.poll(timeout: 0.01) }
        }
        pool.closeAll()
    }

    // MARK: Set-up

    /// Connects every player, a bounded number of logins at a time, and waits
    /// until every room has started playing.
    func setUp() throws {
        pool.onConnect = { [unowned self] client in
            guard let member = client.userData as? Member else { return }
            switch server {
            case .aula: pool.send(client, "mode json\n\(member.name)\n")
            case .baseline: pool.send(client, "JOIN \(member.room.index)\n")
            }
        }
        pool.onLine = { [unowned self] client, line in
            guard let member = client.userData as? Member else { return }
            switch server {
            case .baseline: baselineLine(line, member)
            case .aula(let deck): aulaLine(line, member, client, deck: deck)
            }
        }
        var pending: [(Room, Int)] = []
        for r in 0..<rooms {
            let room = Room(index: r)
            allRooms.append(room)
            for k in 0..<players { pending.append((room, k)) }
        }
        let setupDeadline = ClientPool.now + setupTimeLimit
        var opened = 0
        while started < rooms {
            guard ClientPool.now < setupDeadline else {
                throw BenchError("only \(started) of \(rooms) rooms started within \(Int(setupTimeLimit)) s")
            }
            while opened < pending.count && opened - started * players < 512 {
                let (room, slot) = pending[opened]
                let client = try pool.open(index: opened, host: "127.0.0.1", port: port)
                client.userData = Member(room: room, slot: slot, name: "\(runName)r\(room.index)p\(slot)")
                room.members.append(client)
                opened += 1
            }
            pool.poll(timeout: 0.01)
        }
    }

    // MARK: Measuring

    /// One slice: the rooms' first guesses staggered over a second, a warm-up,
    /// `duration` seconds measured, then no new guesses until the ones in
    /// flight have arrived (at most two seconds).
    func measure(warmup: Double, duration: Double) -> Result {
        result = Result()
        due = DueQueue()
        var random = SystemRandomNumberGenerator()
        let begin = ClientPool.now
        for room in allRooms where room.outstanding == nil {
            room.nextAt = begin + Double.random(in: 0..<1, using: &random)
            due.push(room.nextAt, room.index)
        }
        guessing = true
        let warmupEnd = begin + warmup
        let end = warmupEnd + duration
        var measureStart = warmupEnd
        var cpuStart = (user: 0.0, system: 0.0)
        var mainStart = (user: 0.0, system: 0.0)
        while true {
            let now = ClientPool.now
            if !measuring && now >= warmupEnd {
                measuring = true
                measureStart = now
                cpuStart = ProcessStats.cpuSeconds(pid: pid)
                mainStart = ProcessStats.mainThreadCPUSeconds(pid: pid)
            }
            if now >= end { break }
            while let (at, index) = due.peek(), at <= now {
                due.pop()
                let room = allRooms[index]
                // A room waiting for its turn to be known guesses when the state arrives.
                guard room.outstanding == nil, room.nextAt <= now else { continue }
                if case .aula = server, room.turn == nil { continue }
                sendGuess(room, now: now)
            }
            let wait = due.peek().map { max(0, min(0.001, $0.0 - now)) } ?? 0.001
            pool.poll(timeout: wait)
        }
        let cpuEnd = ProcessStats.cpuSeconds(pid: pid)
        let mainEnd = ProcessStats.mainThreadCPUSeconds(pid: pid)
        result.cpuMainThread = (mainEnd.user + mainEnd.system) - (mainStart.user + mainStart.system)
        result.seconds = ClientPool.now - measureStart
        result.cpuUser = cpuEnd.user - cpuStart.user
        result.cpuSystem = cpuEnd.system - cpuStart.system
        measuring = false
        guessing = false
        let drainEnd = ClientPool.now + 2
        while ClientPool.now < drainEnd && allRooms.contains(where: { $0.outstanding != nil }) {
            pool.poll(timeout: 0.01)
        }
        return result
    }

    private func sendGuess(_ room: Room, now: Double) {
        guard guessing else { return }
        switch server {
        case .aula:
            guard let turn = room.turn, let slot = room.members.firstIndex(where: { ($0.userData as? Member)?.name == turn }),
                  let letter = FanoutBench.letters.first(where: { !room.tried.contains($0) }) else { return }
            room.tried.insert(letter)
            room.outstanding = (slot, now)
            room.received = 0
            pool.send(room.members[slot], "\(letter)\n")
        case .baseline:
            let slot = room.sequence % room.members.count
            room.sequence += 1
            room.outstanding = (slot, now)
            room.received = 0
            pool.send(room.members[slot], "G \(room.index) \(room.sequence) \(FanoutBench.baselinePayload)\n")
        }
    }

    private func delivered(_ room: Room, now: Double) {
        guard let outstanding = room.outstanding else { return }
        room.received += 1
        if measuring { result.updates += 1 }
        guard room.received >= room.members.count else { return }
        if measuring {
            result.latencies.append(now - outstanding.at)
            result.guesses += 1
        }
        room.outstanding = nil
        switch pace {
        case .perSecond(let rate): room.nextAt = outstanding.at + 1 / rate
        case .saturation: room.nextAt = now
        }
        if guessing { due.push(room.nextAt, room.index) }
    }

    // MARK: What the clients read

    private func baselineLine(_ line: Line, _ member: Member) {
        let room = member.room
        if line.hasPrefix("G ") {
            delivered(room, now: ClientPool.now)
        } else if line.hasPrefix("JOINED") {
            room.joined += 1
            if room.joined == room.members.count {
                room.started = true
                started += 1
            }
        }
    }

    private func aulaLine(_ line: Line, _ member: Member, _ client: ClientPool.Client, deck: String) {
        let room = member.room
        let now = ClientPool.now
        // The hot lines first, matched on bytes without building strings.
        if line.hasPrefix("{\"ev\":\"hangman.guess\"") {
            delivered(room, now: now)
            return
        }
        if line.hasPrefix("{\"ev\":\"info\"") || line.hasPrefix("{\"ev\":\"chat\"") { return }
        if line.hasPrefix("{\"ev\":\"hangman.state\"") {
            // Every member gets the state; one copy is enough to follow the turn.
            guard member.slot == 0 else { return }
            room.turn = line.string(after: "\"turn\":\"")
            room.tried = Set(line.strings(after: "\"tried\":[").compactMap(\.first))
            if room.outstanding == nil, room.turn != nil, now >= room.nextAt {
                sendGuess(room, now: now)
            }
            return
        }
        guard let ev = line.event else { return }
        switch ev {
        case "welcome":
            member.loggedIn = true
            if member.slot == 0 {
                pool.send(client, "create hangman hard \(deck)\nset turn 300\n")
            } else if !room.id.isEmpty {
                pool.send(client, "join \(room.id)\n")
            }
        case "room.joined":
            guard member.slot == 0 else { return }
            if room.id.isEmpty, let id = line.string(after: "\"room\":\"") {
                room.id = id
                for other in room.members.dropFirst() where (other.userData as? Member)?.loggedIn == true {
                    pool.send(other, "join \(id)\n")
                }
            }
            let count = line.strings(after: "\"players\":[").count
            if count >= room.members.count && !room.started {
                room.started = true
                started += 1
                pool.send(client, "start\n")
            }
        case "round.end":
            room.outstanding = nil
            room.turn = nil
            if member.slot == 0 { pool.send(client, "start\n") }
        case "error":
            if let outstanding = room.outstanding, outstanding.sender == member.slot {
                room.outstanding = nil
                if guessing { due.push(now, room.index) }
                if measuring { result.refused += 1 }
            }
        default:
            break
        }
    }
}

/// A min-heap of (time, room index): which room guesses next.
struct DueQueue {
    private var heap: [(Double, Int)] = []

    mutating func push(_ at: Double, _ index: Int) {
        heap.append((at, index))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].0 < heap[parent].0 else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    func peek() -> (Double, Int)? { heap.first }

    mutating func pop() {
        guard !heap.isEmpty else { return }
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count && heap[left].0 < heap[smallest].0 { smallest = left }
            if right < heap.count && heap[right].0 < heap[smallest].0 { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
