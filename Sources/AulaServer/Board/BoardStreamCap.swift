import AulaNet

/// Event streams per address (session 11: 64 `GET /events` from one client
/// kept the projector's new page out with 503 until they were let go). Past
/// the cap the OLDEST stream of that address closes — a newcomer is never
/// refused for it, and a page whose stream closed reconnects by itself
/// (`retry: 2000`). Another machine's streams are never touched, so a
/// projector already streaming keeps working while a student floods.
extension Board {
    /// How many streams `address` may hold: the server's own machine (the
    /// projector, the teacher's `/teacher` page, a reload or two) gets more.
    func streamCap(for address: String) -> Int {
        let config = server?.config ?? ServerConfig()
        let ownMachine = address == "127.0.0.1" || address == "::1"
        return max(1, ownMachine ? config.boardStreamsOwnMachine : config.boardStreamsPerAddress)
    }

    /// Makes room for one more stream from `address`: closes its oldest
    /// streams until it is under its cap. A few dozen streams at most: a scan.
    func evictStreams(over address: String) {
        let cap = streamCap(for: address)
        var own = streams.values.filter { $0.connection.peerAddress == address }
        guard own.count >= cap else { return }
        own.sort { $0.connection.id < $1.connection.id }
        for stream in own.prefix(own.count - cap + 1) {
            // Out of the table now, so the newcomer counts right; the close
            // (flushed, then the socket goes) reaches `connectionClosed` later.
            streams[stream.connection.id] = nil
            pins.remove(stream.follow)
            stream.connection.close()
        }
        server?.log(.debug, "board.stream_evicted", ("peer", address), ("cap", String(cap)))
    }
}
