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
    /// Dropped connections and returns (session 12: a reconnect loop put 238
    /// lines on the host's screen in 6 s). Each name is in at most one of the
    /// two: the last thing that happened to it (dropped, or back).
    private(set) var dropped: [String] = []
    private(set) var back: [String] = []
    /// A flush is scheduled: everything goes into the batch until it runs,
    /// so the notices keep their order.
    var gathering: Bool { !joined.isEmpty || !left.isEmpty || !dropped.isEmpty || !back.isEmpty }

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

    mutating func gather(dropped name: String) -> Bool {
        let first = !gathering
        back.removeAll { $0 == name }
        if !dropped.contains(name) { dropped.append(name) }
        return first
    }

    mutating func gather(back name: String) -> Bool {
        let first = !gathering
        dropped.removeAll { $0 == name }
        if !back.contains(name) { back.append(name) }
        return first
    }

    /// The batch, emptied.
    mutating func take() -> (joined: [String], left: [String], dropped: [String], back: [String]) {
        defer { joined = []; left = []; dropped = []; back = [] }
        return (joined, left, dropped, back)
    }
}

/// `room.presence {room, joined, left, players, dropped, back}` — several
/// joins, leaves, dropped connections and returns told at once (see
/// `RoomNoticeBudget`); `players` is who plays now.
public struct RoomPresenceEvent: Event {
    public let room: String
    public let joined: [String]
    public let left: [String]
    public let players: [String]
    public var dropped: [String] = []
    public var back: [String] = []
    public var name: String { "room.presence" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("joined", .array(joined.map { .string($0) })),
         ("left", .array(left.map { .string($0) })), ("players", .array(players.map { .string($0) })),
         ("dropped", .array(dropped.map { .string($0) })), ("back", .array(back.map { .string($0) }))]
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
        if !dropped.isEmpty {
            lines.append(dropped.count == 1 ? t.say("room.dropped_one", t.paint(.name, dropped[0]))
                                            : t.say("room.dropped_many", Self.names(dropped, t)))
        }
        if !back.isEmpty {
            lines.append(back.count == 1 ? t.say("room.reconnected", t.paint(.name, back[0]))
                                         : t.say("room.back_many", Self.names(back, t)))
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

    /// A dropped connection, told to the others within the room's notice budget.
    func announceDropped(_ room: Room, _ player: Player) {
        if room.notices.mayTell(now: loop.now) {
            room.broadcast(InfoEvent("room.lost_connection", player.name, String(Int(config.reconnectGrace))), except: player)
        } else if room.notices.gather(dropped: player.name) {
            scheduleNotices(room)
        }
    }

    /// A player back within the grace, told to the others within the room's notice budget.
    func announceBack(_ room: Room, _ player: Player) {
        if room.notices.mayTell(now: loop.now) {
            room.broadcast(InfoEvent("room.reconnected", player.name), except: player)
        } else if room.notices.gather(back: player.name) {
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
                                             players: room.players.map(\.name), dropped: batch.dropped, back: batch.back))
        }
    }
}
