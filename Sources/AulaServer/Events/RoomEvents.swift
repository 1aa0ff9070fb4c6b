import AulaGames

/// `room.joined {room, kind, players}` — you (or someone) joined a room; sent to the creator too.
public struct RoomJoinedEvent: Event {
    public let room: String
    public let kind: String
    public let player: String
    public let players: [String]
    public let spectator: Bool
    /// Back in a game they still have a place in (`RoomGame.takesBack`): said as that, once.
    /// Not part of the JSON (`spectator` is false).
    public var back = false
    package init(room: String, kind: String, player: String, players: [String], spectator: Bool) {
        self.room = room; self.kind = kind; self.player = player; self.players = players; self.spectator = spectator
    }
    public var name: String { "room.joined" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("kind", .string(kind)), ("player", .string(player)),
         ("players", .array(players.map { .string($0) })), ("spectator", .bool(spectator))]
    }
    public func text(_ t: TextContext) -> [String] {
        // A level room has one coder and no next round: its watchers just watch.
        let key = back ? "room.joined_back" : !spectator ? "room.joined" : (kind == "level" ? "room.joined_watching_level" : "room.joined_watching")
        return [t.say(key, t.paint(.name, player), room), t.say("room.players", players.joined(separator: ", "))]
    }
}

/// `room.left {room, player}` — someone left the room (or you did).
public struct RoomLeftEvent: Event {
    public let room: String
    public let player: String
    public let reason: Phrase?
    /// Sent to the one who left: said in the second person (a play test: Lucía
    /// read "Lucía left room level-6" about herself). Not part of the JSON.
    public var own = false
    public var name: String { "room.left" }
    /// `message` (session 10): why, when the room closed ("Your teacher closed the room.").
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        guard let reason else { return [("room", .string(room)), ("player", .string(player))] }
        return [("room", .string(room)), ("player", .string(player)), ("message", .string(t.say(reason)))]
    }
    public func text(_ t: TextContext) -> [String] {
        var line = own ? t.say("room.left.you", room) : t.say("room.left", t.paint(.name, player), room)
        if let reason { line += " " + t.say(reason) }
        return [line]
    }
}

/// `rooms {rooms:[{room, kind, host, players, spectators, playing}], page, pages, total}`
/// — the open rooms of your group, one page at a time.
public struct RoomsEvent: Event {
    public struct Entry: Sendable {
        public let room: String
        public let kind: String
        public let host: String
        public let players: Int
        public let maxPlayers: Int
        public let spectators: Int
        public let playing: Bool
        public let about: Phrase
    }
    public let rooms: [Entry]
    public let page: Int
    public let pages: Int
    public let total: Int
    /// Rooms of the group not listed: nobody else may join them (a level whose
    /// player works alone). A new field; `total` counts the listed ones, as before.
    public let unlisted: Int
    public init(rooms: [Entry], page: Int = 1, pages: Int = 1, total: Int? = nil, unlisted: Int = 0) {
        self.rooms = rooms
        self.page = page
        self.pages = pages
        self.total = total ?? rooms.count
        self.unlisted = unlisted
    }
    public var name: String { "rooms" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("rooms", .array(rooms.map {
            .object([("room", .string($0.room)), ("kind", .string($0.kind)), ("host", .string($0.host)),
                     ("players", .int($0.players)), ("max_players", .int($0.maxPlayers)),
                     ("spectators", .int($0.spectators)), ("playing", .bool($0.playing)),
                     ("about", .string(t.say($0.about)))])
        })), ("page", .int(page)), ("pages", .int(pages)), ("total", .int(total)), ("unlisted", .int(unlisted))]
    }
    public func text(_ t: TextContext) -> [String] {
        if total == 0 {
            guard unlisted > 0 else { return [t.say("rooms.none")] }
            return [t.say(unlisted == 1 ? "rooms.none_but_unlisted_one" : "rooms.none_but_unlisted", String(unlisted))]
        }
        let title = pages > 1 ? t.say("rooms.title_paged", String(total), String(page), String(pages))
            : t.say("rooms.title", String(total))
        var lines = [t.paint(.title, title)]
        for r in rooms {
            let state = t.say(r.playing ? "rooms.playing" : "rooms.waiting")
            lines.append("  " + t.say("rooms.row", t.paint(.name, r.room), t.say(r.about), r.host,
                                      "\(r.players)/\(r.maxPlayers)", String(r.spectators), state))
        }
        if page < pages { lines.append(t.say("rooms.next_page", String(page + 1))) }
        if unlisted > 0 { lines.append(t.say(unlisted == 1 ? "rooms.unlisted_one" : "rooms.unlisted", String(unlisted))) }
        lines.append(t.say("rooms.join_hint"))
        return lines
    }
}
