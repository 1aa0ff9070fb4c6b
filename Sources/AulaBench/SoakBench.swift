import Foundation
import AulaStore

/// `aula bench soak`: many students joining hangman rooms, playing, dropping
/// their connection at random and coming back, for a bounded time. At the end
/// it checks that nothing leaked (the server's open files and memory once
/// everyone has left) and that no finished round was lost (every round whose
/// end a student saw is in the database).
struct SoakBench {
    var clients: Int
    var duration: Double
    var roomSize = 4

    struct Result {
        var filesIdle = 0, filesPeak = 0, filesAfter = 0
        var rssIdle = 0, rssPeak = 0, rssAfter = 0
        var roundsSeen = 0, roundsSaved = 0
        var drops = 0, reconnects = 0, guesses = 0
        var integrity = ""
    }

    final class Seat {
        let index: Int
        let room: Int
        let name: String
        var client: ClientPool.Client?
        var turnIsMine = false
        var reconnectAt: Double?
        init(index: Int, room: Int, name: String) {
            self.index = index
            self.room = room
            self.name = name
        }
    }

    func run(server: ServerProcess, deck: String) throws -> Result {
        var result = Result()
        let pool = try ClientPool()
        var seats: [Seat] = []
        var roomIDs: [Int: String] = [:]
        var seenRounds = Set<Int>()
        var random = SystemRandomNumberGenerator()
        result.filesIdle = server.openFiles()
        result.rssIdle = server.residentBytes()

        func connect(_ seat: Seat) throws {
            let client = try pool.open(index: seat.index, host: "127.0.0.1", port: server.port)
            client.userData = seat
            seat.client = client
        }
        pool.onConnect = { client in
            guard let seat = client.userData as? Seat else { return }
            pool.send(client, "mode json\n\(seat.name)\n")
        }
        pool.onClose = { client in
            (client.userData as? Seat)?.client = nil
        }
        pool.onLine = { client, line in
            guard let seat = client.userData as? Seat, let ev = line.event else { return }
            switch ev {
            case "welcome":
                if line.contains("\"room\"") { break }
                if seat.index % roomSize == 0, roomIDs[seat.room] == nil {
                    pool.send(client, "create hangman easy \(deck)\nset turn 5\nstart\n")
                } else if let id = roomIDs[seat.room] {
                    pool.send(client, "join \(id)\n")
                }
            case "room.joined":
                if seat.index % roomSize == 0, roomIDs[seat.room] == nil, let id = line.string(after: "\"room\":\"") {
                    roomIDs[seat.room] = id
                    for other in seats where other.room == seat.room && other !== seat {
                        if let c = other.client, c.connected { pool.send(c, "join \(id)\n") }
                    }
                }
            case "hangman.state":
                seat.turnIsMine = line.string(after: "\"turn\":\"") == seat.name
            case "round.end":
                // Every member sees the same line: its hash names the round.
                seenRounds.insert(Array(UnsafeBufferPointer(rebasing: line.bytes[...])).hashValue)
                pool.send(client, "start\n")
            case "error":
                if line.contains("\"code\":\"no_such_room\"") { roomIDs[seat.room] = nil }
            default:
                break
            }
        }

        for i in 0..<clients {
            seats.append(Seat(index: i, room: i / roomSize, name: "s\(i)"))
        }
        var opened = 0
        let start = ClientPool.now
        let end = start + duration
        var nextTick = start
        let letters = Array("etaoinsrhdlcumwfgypbvkjxqz")
        while ClientPool.now < end {
            // Bring everyone in, a few hundred at a time.
            while opened < seats.count && opened - pool.openCount < 200 {
                try connect(seats[opened])
                opened += 1
            }
            let now = ClientPool.now
            if now >= nextTick {
                nextTick = now + 0.2
                for seat in seats {
                    if let at = seat.reconnectAt, now >= at, seat.client == nil {
                        seat.reconnectAt = nil
                        try connect(seat)
                        result.reconnects += 1
                    } else if let client = seat.client, client.connected {
                        if seat.turnIsMine {
                            seat.turnIsMine = false
                            pool.send(client, "\(letters.randomElement(using: &random) ?? "e")\n")
                            result.guesses += 1
                        }
                        // About one student in 300 drops each tick and comes back within 5 s.
                        if Int.random(in: 0..<300, using: &random) == 0 {
                            pool.close(client)
                            seat.client = nil
                            seat.reconnectAt = now + Double.random(in: 0.5..<5, using: &random)
                            result.drops += 1
                        }
                    }
                }
                result.filesPeak = max(result.filesPeak, server.openFiles())
                result.rssPeak = max(result.rssPeak, server.residentBytes())
            }
            pool.poll(timeout: 0.01)
        }
        pool.closeAll()
        // Everyone has left: give the server the reconnect grace to forget them.
        let settle = ClientPool.now + 3
        while ClientPool.now < settle { Thread.sleep(forTimeInterval: 0.1) }
        result.filesAfter = server.openFiles()
        result.rssAfter = server.residentBytes()
        result.roundsSeen = seenRounds.count
        server.stop(keepFiles: true)
        let db = try Database(path: server.databasePath)
        defer { db.close() }
        result.integrity = try db.integrityCheck()
        result.roundsSaved = try db.scalar("SELECT COUNT(*) FROM rounds").int ?? -1
        server.removeFiles()
        return result
    }
}
