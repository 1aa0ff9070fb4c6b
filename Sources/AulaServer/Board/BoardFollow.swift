import AulaNet

/// What a board page follows. The console sets the board's own choice
/// (`board follow …`); a page may pin another with its dropdown (`?follow=`
/// on `/state` and `/events`) — client-side, nothing is written.
extension Board {
    /// Whether an event of `room` (nil: board-wide) of game `kind` is shown under `follow`.
    /// `autoTarget` is what `auto` follows now (a room id or `challengeTarget`).
    static func follows(_ follow: Follow, autoTarget: String?, room: String?, kind: String?) -> Bool {
        guard let room else { return true }
        switch follow {
        case .auto:
            if autoTarget == challengeTarget { return kind == "level" }
            return autoTarget == room
        case .room(let id): return id == room
        case .challenge: return kind == "level"
        case .classOnly: return false
        }
    }

    /// A page's `?follow=`: nil (absent, empty or `auto`) means what the console says.
    static func pinned(_ query: String?) -> Follow? {
        guard let word = query, !word.isEmpty else { return nil }
        switch word {
        case "auto": return nil
        case "challenge": return .challenge
        case "class": return .classOnly
        default: return .room(word)
        }
    }

    /// One open event stream: its socket, and the page's own choice (nil: the console's).
    struct Stream {
        let connection: Connection
        let follow: Follow?
    }
}

/// How many open streams pinned each room, or the challenge, so a room's
/// event costs one dictionary look-up only while some page pinned a room and
/// nothing at all otherwise (2,000 busy rooms, one projector).
struct BoardPins {
    private(set) var rooms: [String: Int] = [:]
    private(set) var challenge = 0

    var isEmpty: Bool { rooms.isEmpty && challenge == 0 }

    mutating func add(_ follow: Board.Follow?) {
        switch follow {
        case .room(let id): rooms[id, default: 0] += 1
        case .challenge: challenge += 1
        default: break
        }
    }

    mutating func remove(_ follow: Board.Follow?) {
        switch follow {
        case .room(let id):
            let left = (rooms[id] ?? 1) - 1
            rooms[id] = left > 0 ? left : nil
        case .challenge: challenge = max(0, challenge - 1)
        default: break
        }
    }

    /// Whether some page pinned this room (or the challenge, for a level room).
    func wants(room: String, kind: String) -> Bool {
        (challenge > 0 && kind == "level") || rooms[room] != nil
    }
}

extension Board.Follow {
    /// The `?follow=` word for this choice (a room's id for a room).
    var query: String {
        if case .room(let id) = self { return id }
        return word
    }
}
