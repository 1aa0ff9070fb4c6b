/// Events only the board needs (`board.*`, docs/protocol.md). They never go
/// to students, so they have no text form.
struct BoardFollowEvent: Event {
    /// `auto`, `room`, `challenge` or `class`.
    let mode: String
    /// The room followed now (null: none yet, or `class`).
    let room: String?
    let kind: String?
    var name: String { "board.follow" }
    func fields(_ t: TextContext) -> [(String, JSON)] {
        [("mode", .string(mode)), ("room", room.map(JSON.string) ?? .null), ("kind", kind.map(JSON.string) ?? .null)]
    }
    func text(_ t: TextContext) -> [String] { [] }
}

/// The open class as the projector shows it: name, join code (shown on the
/// screen on purpose: it is how students get in) and how many are in.
struct BoardClassEvent: Event {
    let snapshot: BoardClassSnapshot?
    var name: String { "board.class" }
    func fields(_ t: TextContext) -> [(String, JSON)] { snapshot?.fields ?? [("open", .bool(false))] }
    func text(_ t: TextContext) -> [String] { [] }
}

struct BoardClassSnapshot: Equatable {
    let group: String
    let code: String
    let students: Int
    let online: Int

    var fields: [(String, JSON)] {
        [("open", .bool(true)), ("group", .string(group)), ("code", .string(code)),
         ("students", .int(students)), ("online", .int(online))]
    }
}

/// Sent to a resuming stream whose `Last-Event-ID` fell out of the ring: the
/// page must reload `/state`.
struct BoardResetEvent: Event {
    var name: String { "board.reset" }
    func fields(_ t: TextContext) -> [(String, JSON)] { [] }
    func text(_ t: TextContext) -> [String] { [] }
}

/// How many have answered the open quiz question (never who or what).
package struct BoardAnsweredEvent: Event {
    package let room: String
    package let index: Int
    package let answered: Int
    package let players: Int

    package init(room: String, index: Int, answered: Int, players: Int) {
        self.room = room
        self.index = index
        self.answered = answered
        self.players = players
    }
    package var name: String { "board.answered" }
    package func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("index", .int(index)), ("answered", .int(answered)), ("players", .int(players))]
    }
    package func text(_ t: TextContext) -> [String] { [] }
}

/// The open rooms, for the page's follow dropdown: sent when a room opens or
/// closes (checked once a second while a stream is open). Ids and game kinds only.
struct BoardRoomsEvent: Event {
    let rooms: [(id: String, kind: String)]
    init(rooms: [Room]) { self.rooms = rooms.map { ($0.id, $0.kind) } }
    var name: String { "board.rooms" }
    func fields(_ t: TextContext) -> [(String, JSON)] {
        [("rooms", .array(rooms.map { .object([("id", .string($0.id)), ("kind", .string($0.kind))]) }))]
    }
    func text(_ t: TextContext) -> [String] { [] }
}
