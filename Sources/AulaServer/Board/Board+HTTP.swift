import AulaNet

/// The board's side of the network: one request head per socket, then a
/// whole response and a close, or an open event stream.
extension Board {
    package func connectionOpened(_ connection: Connection) {
        parsers[connection.id] = HTTPHeadParser()
    }

    package func connection(_ connection: Connection, received line: String) {}

    package func connection(_ connection: Connection, receivedBytes bytes: UnsafeBufferPointer<UInt8>) {
        // After the head, whatever a browser sends (nothing, for a stream) is ignored.
        guard var parser = parsers[connection.id] else { return }
        let result = parser.feed(bytes)
        parsers[connection.id] = parser
        switch result {
        case .needMore:
            return
        case .refused(let refusal):
            parsers[connection.id] = nil
            answer(connection, BoardHTTP.error(refusal.rawValue))
        case .request(let head):
            parsers[connection.id] = nil
            connection.markLoggedIn()  // the head arrived in time: the 10 s deadline lets go
            route(head, on: connection)
        }
    }

    package func connection(_ connection: Connection, notice: NetNotice) {
        switch notice {
        // A head too slow, or one a newer request from its address displaced
        // (`PreLoginFull.displaceOldest`): either way it did not arrive in time.
        case .loginTimeoutClosing, .displacedClosing: connection.send(bytes: BoardHTTP.error(408))
        default: break
        }
    }

    package func connectionClosed(_ connection: Connection, reason: CloseReason) {
        parsers[connection.id] = nil
        if let stream = streams.removeValue(forKey: connection.id) {
            pins.remove(stream.follow)
            scheduleTimers()
        }
    }

    package func refusalMessage(_ refusal: AdmissionRefusal) -> String {
        String(decoding: BoardHTTP.error(503), as: UTF8.self)
    }

    private func answer(_ connection: Connection, _ bytes: [UInt8]) {
        connection.send(bytes: bytes)
        connection.close()
    }

    private func route(_ head: HTTPRequestHead, on connection: Connection) {
        let isHead = head.method == .head
        guard key.allows(head) else { return answer(connection, BoardHTTP.error(403, head: isHead)) }
        let language = head.query["lang"].flatMap(Language.init(rawValue:)) ?? server?.config.language ?? .en
        // The page's own choice (its dropdown), for `/state` and `/events` only.
        let pinned = Self.pinned(head.query["follow"])
        switch head.path {
        case "/":
            answer(connection, BoardHTTP.response(status: 200, contentType: "text/html; charset=utf-8",
                                                  body: Array(BoardPage.html(language, key: key.required ? key.value : nil).utf8), head: isHead))
        case "/board.js":
            answer(connection, BoardHTTP.response(status: 200, contentType: "text/javascript; charset=utf-8",
                                                  body: Array(BoardPage.script.utf8), head: isHead))
        case "/board.css":
            answer(connection, BoardHTTP.response(status: 200, contentType: "text/css; charset=utf-8",
                                                  body: Array(BoardPage.style.utf8), head: isHead))
        case "/teacher":
            guard let server else { return answer(connection, BoardHTTP.error(503, head: isHead)) }
            answerTeacherPage(connection, server: server, language: language, head: isHead,
                              page: head.query["page"].flatMap { Int($0) })
        case "/state":
            answer(connection, BoardHTTP.response(status: 200, contentType: "application/json; charset=utf-8",
                                                  body: stateJSON(pinned: pinned), head: isHead))
        case "/events":
            if isHead {
                return answer(connection, BoardHTTP.response(status: 200, contentType: "text/event-stream",
                                                             body: [], head: true))
            }
            openStream(connection, resumeAfter: SSEWriter.resumeID(head), pinned: pinned)
        default:
            answer(connection, BoardHTTP.error(404, head: isHead))
        }
    }

    /// An event stream: the head, then what the browser missed (when it says
    /// what it saw last and that is still in the ring), then live events.
    private func openStream(_ connection: Connection, resumeAfter: UInt64?, pinned: Follow?) {
        evictStreams(over: connection.peerAddress)
        connection.send(bytes: BoardHTTP.streamHead)
        if let after = resumeAfter {
            if let missed = ring.after(after, now: server?.loop.now ?? 0) {
                for entry in missed where sees(pinned, room: entry.room, kind: entry.kind) {
                    connection.send(bytes: SSEWriter.frame(id: entry.id, data: entry.json))
                }
            } else {
                connection.send(bytes: SSEWriter.frame(id: ring.lastID, data: json(BoardResetEvent())))
            }
        }
        streams[connection.id] = Stream(connection: connection, follow: pinned)
        pins.add(pinned)
        scheduleTimers()
    }

    /// `/state`: what a page that just loaded needs — the class, what the
    /// board follows, the rooms, and the recent events of what it follows
    /// (or of what the page pinned with its dropdown).
    func stateJSON(pinned: Follow? = nil) -> [UInt8] {
        var rooms: [JSON] = []
        for room in followableRooms {
            rooms.append(.object([("id", .string(room.id)), ("kind", .string(room.kind)),
                                  ("players", .int(room.players.count))]))
        }
        let classFields = classSnapshot()?.fields ?? [("open", .bool(false))]
        let followed: JSON
        switch follow {
        case .room(let id): followed = .string(id)
        case .auto: followed = autoTarget.map(JSON.string) ?? .null
        default: followed = .null
        }
        var out = Array(#"{"ev":"board.state","class":"#.utf8)
        out += JSON.object(classFields).serializedBytes
        out += Array(#","follow":"#.utf8)
        out += JSON.object([("mode", .string(follow.word)), ("room", followed)]).serializedBytes
        out += Array(#","pinned":"#.utf8)
        out += (pinned.map { JSON.string($0.query) } ?? .null).serializedBytes
        out += Array(#","rooms":"#.utf8)
        out += JSON.array(rooms).serializedBytes
        out += Array(#","student_port":"#.utf8)
        out += Array(String(server?.studentPort ?? 4000).utf8)
        out += Array(#","last_event_id":"#.utf8)
        out += Array(String(ring.lastID).utf8)
        // The recent events of what is followed, oldest first, so the page can
        // draw the question or word on screen now without waiting for the next one.
        out += Array(#","recent":["#.utf8)
        let recent = ring.current(now: server?.loop.now ?? 0).filter { sees(pinned, room: $0.room, kind: $0.kind) }.suffix(64)
        for (index, entry) in recent.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += entry.json
        }
        // Then what is shown as it stands now: the challenge panel with its clock,
        // or the shown room's state (its open question with the seconds left, and
        // `paused` with the time the held clock keeps).
        var now: [[UInt8]] = []
        if sees(pinned, room: Self.challengeTarget, kind: "level"), let panel = currentPanelJSON() { now.append(panel) }
        if let room = shownRoom(pinned: pinned) { now += roomNow(room).map { json($0) } }
        for (index, event) in now.enumerated() {
            if index > 0 || !recent.isEmpty { out.append(UInt8(ascii: ",")) }
            out += event
        }
        out += Array("]".utf8)
        // How old each of `recent` is, in seconds (those of now are new): a page
        // opened mid-question counts down from the time really left.
        let time = server?.loop.now ?? 0
        out += Array(#","ages":["#.utf8)
        var ages = recent.map { entry -> String in
            let tenths = Int((max(0, time - entry.at) * 10).rounded())
            return "\(tenths / 10).\(tenths % 10)"
        }
        ages += now.map { _ in "0.0" }
        out += Array(ages.joined(separator: ",").utf8)
        out += Array("]".utf8)
        // The shown room's pause, whichever events are above.
        out += Array(#","paused":"#.utf8)
        out += pausedJSON(pinned: pinned).serializedBytes
        out += Array("}".utf8)
        return out
    }
}
