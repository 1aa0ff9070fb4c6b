import AulaGames

/// Join and leave notices, per room (session 11: 5 connections from one
/// address sending `join` / `leave` put 540 lines on the host's screen in
/// 4 s, past the chat budget). The one joining or leaving always reads their
/// own notice at once; the others read up to `burst` notices at once and
/// then `rate` a second. Past that, names are gathered and told in one go a
/// second later ("Ana, Ben and 7 others joined room hangman-3."), so a whole
/// class arriving together is still seen, and a loop of joins costs the room
/// a handful of lines a second.
struct RoomNoticeBudget {
    static let rate = 1.0
    static let burst = 6.0
    /// How long names gather before they are told.
    static let gatherSeconds = 1.0

    private var bucket: TokenBucket?
    /// Names gathered since the last notice that went out, each once, in order.
    private(set) var joined: [String] = []
    private(set) var left: [String] = []
    /// A flush is scheduled: everything goes into the batch until it runs,
    /// so the notices keep their order.
    var gathering: Bool { !joined.isEmpty || !left.isEmpty }

    /// Whether a notice may go out on its own now.
    mutating func mayTell(now: Double) -> Bool {
        if gathering { return false }
        var current = bucket ?? TokenBucket(rate: Self.rate, burst: Self.burst, now: now)
        defer { bucket = current }
        return current.take(at: now)
    }

    /// Gathers a name; returns true when this starts a batch (schedule its flush).
    mutating func gather(joined name: String) -> Bool {
        let first = !gathering
        if !joined.contains(name) { joined.append(name) }
        return first
    }

    mutating func gather(left name: String) -> Bool {
        let first = !gathering
        if !left.contains(name) { left.append(name) }
        return first
    }

    /// The batch, emptied.
    mutating func take() -> (joined: [String], left: [String]) {
        defer { joined = []; left = [] }
        return (joined, left)
    }
}

/// `room.presence {room, joined, left, players}` — several joins and leaves
/// told at once (see `RoomNoticeBudget`); `players` is who plays now.
public struct RoomPresenceEvent: Event {
    public let room: String
    public let joined: [String]
    public let left: [String]
    public let players: [String]
    public var name: String { "room.presence" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("joined", .array(joined.map { .string($0) })),
         ("left", .array(left.map { .string($0) })), ("players", .array(players.map { .string($0) }))]
    }

    public func text(_ t: TextContext) -> [String] {
        var lines: [String] = []
        if !joined.isEmpty {
            lines.append(joined.count == 1 ? t.say("room.joined", t.paint(.name, joined[0]), room)
                                           : t.say("room.joined_many", Self.names(joined, t), room))
        }
        if !left.isEmpty {
            lines.append(left.count == 1 ? t.say("room.left", t.paint(.name, left[0]), room)
                                         : t.say("room.left_many", Self.names(left, t), room))
        }
        lines.append(t.say("room.players", players.joined(separator: ", ")))
        return lines
    }

    /// "Ana and Ben", "Ana, Ben and Carla", "Ana, Ben and 7 others".
    static func names(_ names: [String], _ t: TextContext) -> String {
        let painted = names.map { t.paint(.name, $0) }
        if painted.count <= 3 {
            return t.say("room.names_and", painted.dropLast().joined(separator: ", "), painted[painted.count - 1])
        }
        return t.say("room.names_and_others", painted.prefix(2).joined(separator: ", "), String(painted.count - 2))
    }
}

extension Server {
    /// `join`: the newcomer reads it at once; the room within its notice budget.
    func announceJoined(_ room: Room, _ player: Player, spectator: Bool, back: Bool = false) {
        var event = RoomJoinedEvent(room: room.id, kind: room.kind, player: player.name,
                                    players: room.players.map(\.name), spectator: spectator)
        event.back = back
        player.send(event)
        if room.notices.mayTell(now: loop.now) {
            room.broadcast(event, except: player)
        } else if room.notices.gather(joined: player.name) {
            scheduleNotices(room)
        }
    }

    /// `leave` (or a drop): told to the others within the room's notice budget.
    func announceLeft(_ room: Room, _ player: Player, reason: Phrase?) {
        if room.notices.mayTell(now: loop.now) {
            room.broadcast(RoomLeftEvent(room: room.id, player: player.name, reason: reason), except: player)
        } else if room.notices.gather(left: player.name) {
            scheduleNotices(room)
        }
    }

    private func scheduleNotices(_ room: Room) {
        _ = loop.schedule(after: RoomNoticeBudget.gatherSeconds) { [weak self, weak room] in
            guard let self, let room else { return }
            let batch = room.notices.take()
            // A room that closed meanwhile told its members already.
            guard self.rooms[room.id] === room, !room.members.isEmpty || !room.watchers.isEmpty else { return }
            room.broadcast(RoomPresenceEvent(room: room.id, joined: batch.joined, left: batch.left,
                                             players: room.players.map(\.name)))
        }
    }
}
