import AulaServer
import AulaGames

/// `timer {room, seconds_left}` — to the player whose hangman turn is about
/// to run out (at 10 s left, SPEC §12); the room gets an `info` instead.
public struct HangmanTimerEvent: Event {
    public let room: String
    public let secondsLeft: Int
    public var name: String { "timer" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("seconds_left", .int(secondsLeft))]
    }
    public func text(_ t: TextContext) -> [String] {
        [t.paint(.warn, t.say("hangman.turn_warning.you", String(secondsLeft)))]
    }
}
