/// The class challenge as the projector shows it (play test, session 10): the
/// level rooms send the whole panel whenever it changes — its students by
/// name with their state now, the shared clock, the leaderboard once it ends —
/// and the board shows only that. The rooms' own events (results, attempts,
/// code lines, steps) never reach the board: they named rows by room id, kept
/// the solo games' "solved", and carried program lines to the projector.
package struct BoardChallengeSnapshot: Equatable {
    package enum State: String, Sendable {
        case working, solved, timeUp = "time_up", left, kicked
    }

    package struct Row: Equatable {
        package let name: String
        /// The room the student plays it in (not shown: `auto` follows the challenge by it).
        package let room: String
        package var state: State
        package let stars: Int
        package init(name: String, room: String, state: State, stars: Int) {
            self.name = name; self.room = room; self.state = state; self.stars = stars
        }
    }

    package struct Standing: Equatable {
        package let rank: Int
        package let name: String
        package let points: Int
        package init(rank: Int, name: String, points: Int) { self.rank = rank; self.name = name; self.points = points }
    }

    /// Tells one challenge from the next (a new one resets the panel).
    package let id: Double
    package let level: String
    /// The shared clock when this was sent; the page counts down from it.
    package var secondsLeft: Double
    package var paused: Bool
    package var ended: Bool
    /// In the order they were put in.
    package var rows: [Row]
    /// The class leaderboard for it, once it ended.
    package var leaderboard: [Standing]?
    /// Its students' group (whose kicks make "left" read "kicked").
    package var group: GroupRef?

    package init(id: Double, level: String, secondsLeft: Double, paused: Bool, ended: Bool, rows: [Row],
                 leaderboard: [Standing]?) {
        self.id = id; self.level = level; self.secondsLeft = secondsLeft; self.paused = paused
        self.ended = ended; self.rows = rows; self.leaderboard = leaderboard
    }

    /// The same panel, the clock within a second of where the page's own countdown has it.
    func sameButClock(_ other: BoardChallengeSnapshot) -> Bool {
        var moved = other
        moved.secondsLeft = secondsLeft
        return moved == self && (paused || abs(other.secondsLeft - secondsLeft) < 1.5)
    }

    /// Without one student (forgotten: `forget GROUP/NAME`).
    mutating func remove(name: String) {
        rows.removeAll { $0.name == name }
        leaderboard?.removeAll { $0.name == name }
    }
}

/// `board.challenge {level, seconds_left, paused, ended, rows:[{name, state, stars}], leaderboard}`
/// — the whole challenge panel (docs/protocol.md). `state` is `working`,
/// `solved`, `time_up`, `left` or `kicked`; `leaderboard` is null until it ends.
struct BoardChallengeEvent: Event {
    let snapshot: BoardChallengeSnapshot
    var name: String { "board.challenge" }
    func fields(_ t: TextContext) -> [(String, JSON)] {
        let s = snapshot
        let rows: [JSON] = s.rows.map {
            .object([("name", .string($0.name)), ("state", .string($0.state.rawValue)), ("stars", .int($0.stars))])
        }
        let board: JSON = s.leaderboard.map { rows in
            .array(rows.map { .object([("rank", .int($0.rank)), ("name", .string($0.name)), ("points", .int($0.points))]) })
        } ?? .null
        return [("level", .string(s.level)), ("seconds_left", .int(Int(s.secondsLeft.rounded(.up)))),
                ("paused", .bool(s.paused)), ("ended", .bool(s.ended)), ("rows", .array(rows)), ("leaderboard", board)]
    }
    func text(_ t: TextContext) -> [String] { [] }
}

/// `board.closed {room}`: a room closed — a page showing it goes back to
/// waiting, its "Paused" banner goes, a page that pinned it follows the console again.
struct BoardClosedEvent: Event {
    let room: String
    var name: String { "board.closed" }
    func fields(_ t: TextContext) -> [(String, JSON)] { [("room", .string(room))] }
    func text(_ t: TextContext) -> [String] { [] }
}

/// `board.cleared`: the class closed or a new one opened — what the pages
/// show of the last one goes (the session's leaderboard may follow).
struct BoardClearedEvent: Event {
    var name: String { "board.cleared" }
    func fields(_ t: TextContext) -> [(String, JSON)] { [] }
    func text(_ t: TextContext) -> [String] { [] }
}

/// `board.forget {name}`: a student was forgotten — open pages take the name
/// off what they show. Sent to open streams only, never kept in the replay.
struct BoardForgetEvent: Event {
    let student: String
    var name: String { "board.forget" }
    func fields(_ t: TextContext) -> [(String, JSON)] { [("name", .string(student))] }
    func text(_ t: TextContext) -> [String] { [] }
}

extension Board {
    /// The level rooms say the challenge changed (started, a student placed,
    /// solved, out of time, left, clock paused or extended, ended).
    package func showChallenge(_ new: BoardChallengeSnapshot) {
        var snapshot = new
        if challengePanel?.id != snapshot.id { panelForgotten = [] }
        // Who left because a teacher kicked them reads "kicked" (the kick is held before the room closes).
        if let server {
            let now = server.kickNow
            for index in snapshot.rows.indices where snapshot.rows[index].state == .left {
                let name = snapshot.rows[index].name
                let held = snapshot.group.map { server.kicks.names[server.playerKey($0, name)] }
                    ?? server.kicks.names.values.first { $0.name == name }
                if let held, held.until > now { snapshot.rows[index].state = .kicked }
            }
        }
        for name in panelForgotten { snapshot.remove(name: name) }
        // `pause all` tells it once per room: only a change the page would show is sent.
        if let old = currentPanel(), old.sameButClock(snapshot) { return }
        let started = challengePanel?.id != snapshot.id
        challengePanel = snapshot
        panelAt = server?.loop.now ?? 0
        challengeRooms = snapshot.ended ? [] : Set(snapshot.rows.filter { $0.state == .working }.map(\.room))
        // A challenge starting takes an `auto` board, as a new quiz question does.
        if started, case .auto = follow, autoTarget != Self.challengeTarget {
            autoTarget = Self.challengeTarget
            targetHeardAt = server?.loop.now ?? 0
            targetRoundEnded = false
            publish(BoardFollowEvent(mode: "auto", room: nil, kind: "level"))
        }
        if snapshot.ended, autoTarget == Self.challengeTarget { targetRoundEnded = true }
        publishChallenge()
    }

    /// The panel with its clock as it stands now (it was sent at `panelAt`).
    func currentPanel() -> BoardChallengeSnapshot? {
        guard var panel = challengePanel else { return nil }
        if !panel.paused && !panel.ended {
            panel.secondsLeft = max(0, panel.secondsLeft - max(0, (server?.loop.now ?? panelAt) - panelAt))
        }
        return panel
    }

    /// For `/state`: the panel now, so a page loaded mid-challenge counts down
    /// from the real time left (the replay's last panel may be minutes old).
    func currentPanelJSON() -> [UInt8]? {
        currentPanel().map { json(BoardChallengeEvent(snapshot: $0)) }
    }

    /// The panel as it is now, to every page that follows the challenge.
    func publishChallenge() {
        guard let panel = currentPanel() else { return }
        publish(BoardChallengeEvent(snapshot: panel), roomID: Self.challengeTarget, kind: "level")
    }
}
