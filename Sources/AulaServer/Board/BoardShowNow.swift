/// What a board shows at once when it starts following something (play test,
/// session 12): `board follow quiz-6` left the page on hangman-5 until quiz-6
/// sent an event, and a page loaded while a quiz was paused counted its clock
/// on. The followed room's state now — its game's view, then `paused` with the
/// time the held clock keeps — follows each `board.follow` and ends `/state`.
extension Board {
    /// The room's state now, as the events a page draws it from.
    func roomNow(_ room: Room) -> [Event] {
        var events = room.game.boardView
        if room.game.isTeacherPaused {
            events.append(PausedEvent(room: room.id, secondsLeft: room.game.lessonSecondsLeft))
        }
        return events
    }

    /// The room a page shows: its own choice, else the console's (`auto`'s room);
    /// nil for the challenge, the class, nothing yet, or a room that closed.
    func shownRoom(pinned: Follow?) -> Room? {
        let id: String?
        switch pinned ?? follow {
        case .room(let room): id = room
        case .auto: id = pinned == nil && autoTarget != Self.challengeTarget ? autoTarget : nil
        case .challenge, .classOnly: id = nil
        }
        guard let id, let room = server?.rooms[id], room.kind != "level" else { return nil }
        return room
    }

    /// After a `board.follow`: what is followed now, to the pages — the room's
    /// state, or the challenge's panel (which also carries its pause).
    func showFollowedNow() {
        if let room = shownRoom(pinned: nil) {
            for event in roomNow(room) { publish(event, room: room, kind: room.kind) }
        } else if follows(room: Self.challengeTarget, kind: "level") {
            publishChallenge()
        }
    }

    /// `/state`'s `paused`: the shown room's held clock, or null.
    func pausedJSON(pinned: Follow?) -> JSON {
        guard let room = shownRoom(pinned: pinned), room.game.isTeacherPaused else { return .null }
        let left = room.game.lessonSecondsLeft.map { JSON.int(Int(max(0, $0).rounded(.up))) } ?? .null
        return .object([("room", .string(room.id)), ("seconds_left", left)])
    }
}
