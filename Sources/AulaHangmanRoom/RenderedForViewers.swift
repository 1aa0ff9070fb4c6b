import AulaServer
import AulaGames
import AulaNet

/// What a room was told, rendered once per way of reading and kind of
/// viewer: a JSON room (everyone reads the same) costs one render, a room of
/// text readers a few (the state's last line differs for the one whose turn
/// it is and for those who are out).
struct RenderedForViewers {
    private struct Key: Equatable {
        let renderer: Renderer
        let viewerKind: Int
    }

    /// The first rendering kept inline (a JSON room needs no other), the
    /// rest in a list: no array allocated for a room that reads alike.
    private var first: (key: Key, bytes: [UInt8])?
    private var rendered: [(key: Key, bytes: [UInt8])] = []

    mutating func send(_ told: [Event], _ view: HangmanView?, room: String, to client: Client, viewer: String?) {
        let connection = client.connection
        guard connection.isOpen else { return }
        let renderer = client.renderer
        var kind = 0
        if let view, renderer.mode == .text {
            if let viewer, viewer == view.turn {
                kind = 1
            } else if let viewer, !view.lives.contains(where: { $0.name == viewer && $0.lives > 0 }) {
                kind = 2
            } else {
                kind = 3
            }
            // The one who just missed sees their own gallows: a rendering of their own.
            if let viewer, viewer == view.lastMissBy { kind += 4 }
        }
        let key = Key(renderer: renderer, viewerKind: kind)
        if let first, first.key == key {
            if !first.bytes.isEmpty { connection.send(bytes: first.bytes) }
            return
        }
        for entry in rendered where entry.key == key {
            if !entry.bytes.isEmpty { connection.send(bytes: entry.bytes) }
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)  // a guess, its news and the state: ~300–550 bytes
        for event in told { renderer.render(event, into: &bytes) }
        if let view { renderer.render(HangmanStateEvent(room: room, view: view, viewer: viewer), into: &bytes) }
        if first == nil { first = (key, bytes) } else { rendered.append((key, bytes)) }
        if !bytes.isEmpty { connection.send(bytes: bytes) }
    }
}
