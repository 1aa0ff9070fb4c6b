import AulaGames

/// `paused {room, seconds_left}` — a teacher paused the room's game (SPEC §12):
/// no clock runs and play commands are refused with `paused` until `resumed`.
/// `seconds_left` is the time the held clock keeps (the projector shows it
/// stopped; session 12: a page loaded later counted on), null with no clock.
public struct PausedEvent: Event {
    public let room: String
    public let secondsLeft: Double?
    package init(room: String, secondsLeft: Double?) { self.room = room; self.secondsLeft = secondsLeft }
    public var name: String { "paused" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("seconds_left", secondsLeft.map { .int(Int(max(0, $0).rounded(.up))) } ?? .null)]
    }
    public func text(_ t: TextContext) -> [String] { [t.paint(.warn, t.say("lesson.paused"))] }
}

/// `resumed {room, seconds_left}` — the game runs again with the time that was
/// left (of the question, turn or level; null when that has no clock).
public struct ResumedEvent: Event {
    public let room: String
    public let secondsLeft: Double?
    package init(room: String, secondsLeft: Double?) { self.room = room; self.secondsLeft = secondsLeft }
    public var name: String { "resumed" }
    /// Whole seconds, rounded up (a clock at 0.2 s still shows 1).
    var wholeSeconds: Int? { secondsLeft.map { Int(max(0, $0).rounded(.up)) } }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("seconds_left", wholeSeconds.map { .int($0) } ?? .null)]
    }
    public func text(_ t: TextContext) -> [String] {
        guard let seconds = wholeSeconds else { return [t.paint(.warn, t.say("lesson.resumed"))] }
        // Reader mode says seconds in words, as a level's `time` does ("34 s" was read as "34 ese").
        let key = t.reader ? (seconds == 1 ? "lesson.resumed_left_reader_one" : "lesson.resumed_left_reader") : "lesson.resumed_left"
        return [t.paint(.warn, t.say(key, String(seconds)))]
    }
}
