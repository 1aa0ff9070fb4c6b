import AulaGames

/// Which chats a teacher switched off with `chat off ROOM|lobby|all` (issue 13).
/// A group's lobby counts as a room (`lobby` switches every lobby); `all`
/// switches everything, rooms opened later included. Memory only: a restart
/// turns chat back on.
package struct ChatSwitch {
    /// `chat off all`: every room and lobby, now and later.
    private(set) var everywhere = false
    /// Room ids switched off, and `Self.lobby` for the lobbies.
    private(set) var rooms: Set<String> = []
    static let lobby = "\u{0}lobby"

    /// Whether chat is off in this room (nil: the lobby).
    func isOff(room: String?) -> Bool {
        everywhere || rooms.contains(room ?? Self.lobby)
    }

    /// `chat off|on all`.
    package mutating func setAll(off: Bool) {
        everywhere = off
        rooms = []
    }

    /// `chat off|on ROOM` (nil: the lobby). Turning one room back on while
    /// everything is off keeps the others off: they are listed one by one.
    package mutating func set(room: String?, off: Bool, openRooms: [String]) {
        let key = room ?? Self.lobby
        if everywhere {
            guard !off else { return }
            everywhere = false
            rooms = Set(openRooms + [Self.lobby])
        }
        if off { rooms.insert(key) } else { rooms.remove(key) }
    }
}

extension Server {
    /// `chat_off` when the teacher switched chat off where the player is. True when refused.
    func refuseChatOff(_ player: Player) -> Bool {
        guard chatGuard.switchedOff.isOff(room: player.room?.id) else { return false }
        player.send(ErrorEvent(code: "chat_off"))
        return true
    }

    /// The chat text with blocklisted words masked (`****`); each masked line
    /// is shown to the teachers at the console with its sender and what was typed.
    func moderateChat(_ text: String, from player: Player) -> String {
        let (masked, changed) = content.blocklist.mask(text)
        guard changed else { return text }
        let place = player.room?.id ?? "lobby:" + player.group.name
        log(.info, "chat.masked", ("name", player.name), ("group", player.group.name), ("where", place))
        if let room = player.room {
            adminConsole?.tellTeachers(InfoEvent("admin.chat_masked.room", player.name, room.id, text, style: .warn))
        } else {
            adminConsole?.tellTeachers(InfoEvent("admin.chat_masked.in_lobby", player.name, player.group.name, text,
                                                 style: .warn))
        }
        return masked
    }
}
