import AulaNet

/// The projector board (SPEC §12): an HTTP listener on the server's loop that
/// serves the page, a JSON snapshot and a Server-Sent Events stream of the
/// rooms' own JSON events. It only reads what the rooms broadcast; nothing it
/// does can block the loop (one bounded request head per socket, output
/// bounded per socket: a stalled browser is cut off).
package final class Board: ConnectionHandler {
    /// What the board follows (`board follow ROOM|challenge|class|auto`).
    package enum Follow: Equatable {
        case auto, room(String), challenge, classOnly

        package var word: String {
            switch self {
            case .auto: return "auto"
            case .room: return "room"
            case .challenge: return "challenge"
            case .classOnly: return "class"
            }
        }
    }

    weak var server: Server?
    let key: BoardKey
    var ring = BoardRing()
    package var follow = Follow.auto
    /// The room `auto` follows now (its newest activity), or "challenge".
    var autoTarget: String?
    /// When the followed room was last heard from, and whether its round ended.
    var targetHeardAt = 0.0
    var targetRoundEnded = false
    var lastClass: BoardClassSnapshot?
    /// Open event streams, by connection id.
    var streams: [UInt64: Stream] = [:]
    /// What the streams pinned with the page's dropdown.
    var pins = BoardPins()
    /// The rooms as last sent in `board.rooms` (id and kind), for the dropdown.
    var lastRooms: [String] = []
    var parsers: [UInt64: HTTPHeadParser] = [:]
    /// Everyone online, sorted, for the `/teacher` roster's pages (BoardTeacherRoster.swift).
    var rosterCache: Listings.Snapshot<Player>?
    /// The class challenge's panel as last sent by the level rooms (BoardChallenge.swift), until a new
    /// one starts or the class closes; the rooms of its students still playing (`auto` follows them).
    var challengePanel: BoardChallengeSnapshot?
    var challengeRooms: Set<String> = []
    /// Loop time the panel was sent (its clock counts from then).
    var panelAt = 0.0
    /// Students forgotten while this panel is up: the level rooms still name them.
    var panelForgotten: Set<String> = []
    /// Kicks of students forgotten since (`/teacher` does not list them), by player key, with their end.
    var forgottenKicks: [String: Double] = [:]
    var listener: Listener?
    private var heartbeatTimer: TimerID?
    private var classTimer: TimerID?

    static let heartbeatSeconds = 15.0
    static let classCheckSeconds = 1.0
    static let challengeTarget = "challenge"
    static let autoQuietSeconds = 5.0
    static let roomListCap = 200
    /// How long the page shows a teacher's broadcast (BoardScript.swift says the same).
    static let broadcastSeconds = 20.0
    /// The events that count as a room's activity for `auto`.
    static let activity: Set<String> = ["quiz.question", "quiz.tally", "hangman.state", "hangman.race",
                                        "level.result", "level.attempt"]

    init(server: Server, key: BoardKey) {
        self.server = server
        self.key = key
    }

    var port: Int? { listener?.port }

    /// The JSON of an event as the board shows it (the server's language).
    func json(_ event: Event) -> [UInt8] {
        var renderer = Renderer(language: server?.config.language ?? .en)
        renderer.mode = .json
        var bytes = renderer.renderBytes(event)
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        return bytes
    }

    // MARK: what the rooms say

    /// Called by `Room.broadcast`: when the board (or a page's own choice)
    /// follows the event's room it goes into the ring and to the streams that
    /// show it; other rooms' events cost one comparison, plus one look-up
    /// while some page pinned a room (2,000 busy rooms must not make the loop
    /// render 2,000 rooms' events for one projector).
    func observe(room: Room, _ event: Event) {
        // A level room's own events never reach the projector: the challenge
        // panel is sent whole by the level rooms (`showChallenge`); play in a
        // challenge room only keeps an `auto` board on the challenge.
        if room.kind == "level" {
            if case .auto = follow, !challengeRooms.isEmpty, challengeRooms.contains(room.id) { autoFollow(room, event) }
            return
        }
        if case .auto = follow { autoFollow(room, event) }
        let followed = follows(room: room.id, kind: room.kind)
        guard followed || (!pins.isEmpty && pins.wants(room: room.id, kind: room.kind)) else { return }
        publish(event, room: room, kind: room.kind)
        if followed, event.name == "round.end" { targetRoundEnded = true }
    }

    /// `auto`: the newest activity, but not a flicker between busy rooms — the
    /// board keeps a room until its round ends or it is quiet for
    /// `autoQuietSeconds`; a new quiz question always takes the board.
    private func autoFollow(_ room: Room, _ event: Event) {
        let target = room.kind == "level" ? Self.challengeTarget : room.id
        let now = server?.loop.now ?? 0
        // Chat, joins and leaves are not activity: only play moves the board.
        if autoTarget == target {
            if Self.activity.contains(event.name) {
                targetHeardAt = now
                targetRoundEnded = false
            }
            return
        }
        // The common case under load — another room while the followed one
        // is busy — is settled with a few comparisons, no hashing.
        let free = autoTarget == nil || targetRoundEnded || now - targetHeardAt >= Self.autoQuietSeconds
        let name = event.name
        guard free || name == "quiz.question", Self.activity.contains(name) else { return }
        // The teacher's game outranks the students' rooms (Board/BoardAutoRank.swift).
        guard autoMayMove(to: target, room: room, free: free) else { return }
        autoTarget = target
        targetHeardAt = now
        targetRoundEnded = false
        publish(BoardFollowEvent(mode: "auto", room: target == Self.challengeTarget ? nil : room.id, kind: room.kind))
        // The page starts over on a new target: the challenge's panel is sent whole
        // (a room's own event, published next, draws the room).
        if target == Self.challengeTarget { publishChallenge() }
    }

    /// Records an event and sends it to the streams that follow it.
    package func publish(_ event: Event, room: Room? = nil, kind: String? = nil) {
        publish(event, roomID: room?.id, kind: kind)
    }

    func publish(_ event: Event, roomID: String?, kind: String?) {
        // A broadcast is shown for its time: a page loaded later does not get it again.
        let expires = event.name == "broadcast" ? (server?.loop.now ?? 0) + Self.broadcastSeconds : nil
        let entry = ring.append(room: roomID, kind: kind, json: json(event), expires: expires, at: server?.loop.now ?? 0)
        let followed = follows(room: roomID, kind: kind)
        guard !streams.isEmpty, followed || !pins.isEmpty else { return }
        let frame = SSEWriter.frame(id: entry.id, data: entry.json)
        for stream in streams.values where sees(stream.follow, room: roomID, kind: kind, followed: followed) {
            stream.connection.send(bytes: frame)
        }
    }

    /// Whether the board (the console's choice) shows an event of this room.
    func follows(room: String?, kind: String?) -> Bool {
        Self.follows(follow, autoTarget: autoTarget, room: room, kind: kind)
    }

    /// Whether a page with its own choice (`pinned`, nil: the console's) shows it.
    func sees(_ pinned: Follow?, room: String?, kind: String?, followed: Bool? = nil) -> Bool {
        guard let pinned else { return followed ?? follows(room: room, kind: kind) }
        return Self.follows(pinned, autoTarget: nil, room: room, kind: kind)
    }

    /// `board follow …` from the console: the pages switch at once to what is
    /// followed now (BoardShowNow.swift). `auto` goes on showing the room or
    /// challenge followed before until other play takes the board.
    package func setFollow(_ new: Follow) {
        let old = follow, oldTarget = autoTarget
        follow = new
        autoTarget = nil
        switch new {
        case .room(let id):
            publish(BoardFollowEvent(mode: "room", room: id, kind: server?.rooms[id]?.kind))
        case .auto:
            if case .auto = old {
                autoTarget = oldTarget
            } else if case .room(let id) = old, server?.rooms[id] != nil {
                autoTarget = id
            } else if case .challenge = old, challengePanel.map({ !$0.ended }) == true {
                autoTarget = Self.challengeTarget
            }
            targetHeardAt = server?.loop.now ?? 0
            targetRoundEnded = false
            let room = autoTarget == Self.challengeTarget ? nil : autoTarget
            let kind = autoTarget == Self.challengeTarget ? "level" : room.flatMap { server?.rooms[$0]?.kind }
            publish(BoardFollowEvent(mode: "auto", room: room, kind: kind))
        default:
            publish(BoardFollowEvent(mode: new.word, room: nil, kind: nil))
        }
        showFollowedNow()
    }

    // MARK: the class on the screen

    func classSnapshot() -> BoardClassSnapshot? {
        guard let server, let session = server.classSession else { return nil }
        var students = 0, online = 0
        for player in server.players.values where player.group.id == session.group.id {
            students += 1
            if player.isConnected { online += 1 }
        }
        return BoardClassSnapshot(group: session.group.name, code: session.joinCode, students: students, online: online)
    }

    /// Once a second while someone watches: a changed class (opened, closed,
    /// someone joined) becomes one `board.class` event. Cheaper than hooks in
    /// every login path, and bounded (one pass over the online players).
    private func checkClass() {
        classTimer = nil
        let now = classSnapshot()
        if now != lastClass {
            lastClass = now
            publish(BoardClassEvent(snapshot: now))
        }
        // The page's dropdown lists the rooms: a room opened or closed is one
        // `board.rooms`. At most `roomListCap` of them (a class has far fewer;
        // a load test's thousands would only fill the ring with long lists).
        let listed = Array(followableRooms.prefix(Self.roomListCap))
        let rooms = listed.map { $0.kind + " " + $0.id }
        if rooms != lastRooms {
            lastRooms = rooms
            publish(BoardRoomsEvent(rooms: listed))
        }
        scheduleTimers()
    }

    func scheduleTimers() {
        guard let loop = server?.loop else { return }
        if streams.isEmpty {
            if let timer = heartbeatTimer { loop.cancel(timer); heartbeatTimer = nil }
            if let timer = classTimer { loop.cancel(timer); classTimer = nil }
            return
        }
        if heartbeatTimer == nil {
            heartbeatTimer = loop.schedule(after: Self.heartbeatSeconds) { [weak self] in
                guard let self else { return }
                self.heartbeatTimer = nil
                for stream in self.streams.values { stream.connection.send(bytes: SSEWriter.heartbeat) }
                self.scheduleTimers()
            }
        }
        if classTimer == nil {
            classTimer = loop.schedule(after: Self.classCheckSeconds) { [weak self] in self?.checkClass() }
        }
    }

    func stop() {
        listener?.close()
        streams = [:]
        pins = BoardPins()
        scheduleTimers()
    }
}
