import AulaGames
import AulaServer

/// `board follow ROOM|challenge|class|auto` (SPEC §12): what the projector
/// shows. `board` alone says the board's address and what it follows.
extension AdminCall {
    func boardCommand(_ args: Arguments) {
        guard let board = server.board else { return fail(code: "board_off") }
        guard let word = args[0] else {
            info("admin.board.address", server.boardURL ?? "")
            say(InfoEvent(phrases: [Phrase("admin.board.follow", [board.follow.shown])]))
            return done()
        }
        guard ["follow", "seguir"].contains(word.lowercased()), let target = args[1] else { return usage("admin.board") }
        let follow: Board.Follow
        switch target.lowercased() {
        case "auto": follow = .auto
        case "challenge", "reto": follow = .challenge
        case "class", "clase": follow = .classOnly
        default:
            // A level room (a challenge shows as its panel: `board follow challenge`) or one classmates
            // do not see in `rooms` is not on the board's menu either (session 10).
            guard let room = server.findRoom(target), board.followableRooms.contains(where: { $0 === room }) else {
                return fail(code: "no_such_room", target)
            }
            follow = .room(room.id)
        }
        board.setFollow(follow)
        say(InfoEvent(phrases: [Phrase("admin.board.follow", [follow.shown])], style: .good))
        done()
    }
}

// Not `CustomStringConvertible`: that would be a retroactive conformance from this module.
extension Board.Follow {
    /// A room's id as it is; `auto`, `challenge` and `class` in the console's
    /// language (session 11: the Spanish console said "sigue ahora: class").
    var shown: any PhraseArgumentConvertible {
        if case .room(let id) = self { return id }
        return Phrase.entry("admin.board.follow.\(word)")
    }
}
