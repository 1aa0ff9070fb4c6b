import Foundation

/// Rooms of players where one guess must reach every member: the same load
/// against Aula's hangman rooms and against the C baseline (`bench/baseline.c`).
/// Latency is measured from the guess leaving the player to the moment the
/// last member of the room has received its update.
struct FanoutBench {
    enum Server { case aula(deck: String), baseline }
    enum Pace { case perSecond(Double), saturation }

    var rooms: Int
    var players = 5
    var warmup: Double = 2
    var duration: Double
    var pace: Pace
    var setupTimeLimit: Double = 120

    struct Result {
        var latencies: [Double] = []
        var guesses = 0
        var updates = 0
        var seconds: Double = 0
        var refused = 0
        var roomsPlaying = 0
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

    func run(port: Int, server: Server) throws -> Result {
        let pool = try ClientPool()
        var result = Result()
        var allRooms: [Room] = []
        var measuring = false
        var measuringStarted = false
        var measureStart = 0.0
        var started = 0
        // Rooms by the time their next guess is due: no scan over every room.
        var due = DueQueue()

        func sendGuess(_ room: Room, now: Double) {
            switch server {
            case .aula:
                guard let turn = room.turn, let slot = room.members.firstIndex(where: { ($0.userData as? Member)?.name == turn }),
                      let letter = FanoutBench.letters.first(where: { !room.tried.contains($0) }) else { return }
                room.tried.insert(letter)
                room.outstanding = (slot, now)
                room.received = 0
                pool.send(room.members[slot], "\(letter)\r\n")
            case .baseline:
                let slot = room.sequence % room.members.count
                room.sequence += 1
                room.outstanding = (slot, now)
                room.received = 0
                pool.send(room.members[slot], "G \(room.index) \(room.sequence) \(FanoutBench.baselinePayload)\r\n")
            }
        }

        func delivered(_ room: Room, now: Double) {
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
            due.push(room.nextAt, room.index)
        }

        pool.onConnect = { client in
            guard let member = client.userData as? Member else { return }
            switch server {
            case .aula: pool.send(client, "mode json\r\n\(member.name)\r\n")
            case .baseline: pool.send(client, "JOIN \(member.room.index)\r\n")
            }
        }
        pool.onLine = { client, line in
            guard let member = client.userData as? Member else { return }
            let room = member.room
            let now = ClientPool.now
            switch server {
            case .baseline:
                if line.hasPrefix("G ") {
                    delivered(room, now: now)
                } else if line.hasPrefix("JOINED") {
                    room.joined += 1
                    if room.joined == room.members.count { room.started = true; started += 1 }
                }
            case .aula(let deck):
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
                    if room.outstanding == nil, room.turn != nil, now >= room.nextAt, measuringStarted {
                        sendGuess(room, now: now)
                    }
                    return
                }
                guard let ev = line.event else { return }
                switch ev {
                case "welcome":
                    member.loggedIn = true
                    if member.slot == 0 {
                        pool.send(client, "create hangman hard \(deck)\r\nset turn 300\r\n")
                    } else if !room.id.isEmpty {
                        pool.send(client, "join \(room.id)\r\n")
                    }
                case "room.joined":
                    if member.slot == 0 {
                        if room.id.isEmpty, let id = line.string(after: "\"room\":\"") {
                            room.id = id
                            for other in room.members.dropFirst() where (other.userData as? Member)?.loggedIn == true {
                                pool.send(other, "join \(id)\r\n")
                            }
                        }
                        let count = line.strings(after: "\"players\":[").count
                        if count >= room.members.count && !room.started {
                            room.started = true
                            started += 1
                            pool.send(client, "start\r\n")
                        }
                    }
                case "round.end":
                    room.outstanding = nil
                    room.turn = nil
                    if member.slot == 0 { pool.send(client, "start\r\n") }
                case "error":
                    if let outstanding = room.outstanding, outstanding.sender == member.slot {
                        room.outstanding = nil
                        due.push(now, room.index)
                        if measuring { result.refused += 1 }
                    }
                default:
                    break
                }
            }
        }

        // Connect everyone, a bounded number of logins at a time.
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
                client.userData = Member(room: room, slot: slot, name: "r\(room.index)p\(slot)")
                room.members.append(client)
                opened += 1
            }
            pool.poll(timeout: 0.01)
        }
        // Stagger the rooms' first guesses over one second, then warm up, then measure.
        var random = SystemRandomNumberGenerator()
        let begin = ClientPool.now
        for room in allRooms {
            room.nextAt = begin + Double.random(in: 0..<1, using: &random)
            due.push(room.nextAt, room.index)
        }
        measuringStarted = true
        let warmupEnd = begin + warmup
        let end = warmupEnd + duration
        while true {
            let now = ClientPool.now
            if !measuring && now >= warmupEnd {
                measuring = true
                measureStart = now
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
        result.seconds = ClientPool.now - measureStart
        result.roomsPlaying = started
        pool.closeAll()
        return result
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
