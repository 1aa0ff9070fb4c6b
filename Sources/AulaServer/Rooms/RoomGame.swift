import AulaGames

/// What a game (hangman, quiz, level...) plugs into a room. The room does the
/// generic part — members, host, spectators, chat, closing when empty — and
/// tells the game what happened; the game owns its rules, timers and commands.
public protocol RoomGame: AnyObject {
    /// The room kind, e.g. `hangman` (shown in `rooms`, sent in `room.joined`).
    var kind: String { get }
    /// How many players (not spectators) fit.
    var maxPlayers: Int { get }
    /// True while a round is being played (newcomers then watch).
    var isPlaying: Bool { get }
    /// One line about the room for `rooms` (difficulty, deck, level...).
    var about: Phrase { get }
    /// Whether classmates see the room in `rooms`: a room nobody else may join
    /// (a level with watchers off) is only counted. Call `RoomListing.changed()`
    /// when it changes. Default: listed.
    var isListed: Bool { get }
    /// The game's own commands (tried before the lobby's).
    var commands: CommandTable<GameCall> { get }

    /// Asked before the room exists: `ready(nil)` opens it, a refusal goes to
    /// `host` alone and no room is opened (a locked level: the student never
    /// sees a room open and close). May answer later, after a store read.
    /// Default: ready at once.
    func prepare(host: Player, _ ready: @escaping (Refusal?) -> Void)
    /// Called once, when the room exists with its host in it.
    func attach(to room: Room)
    /// Whether `player` may join, asked before anyone in the room hears of it
    /// (a refusal goes to the joiner alone); nil admits. Default: everyone.
    func admits(_ player: Player) -> Refusal?
    func playerJoined(_ player: Player, spectator: Bool)
    /// A member coming back who still has a place in the game being played (a
    /// quiz player who left or was kicked mid-quiz): they join as a player, not
    /// to watch (session 12: "watches until the next round", then "is back in
    /// the quiz"). Default: false.
    func takesBack(_ player: Player) -> Bool
    func playerLeft(_ player: Player)
    func playerDisconnected(_ player: Player)
    func playerReconnected(_ player: Player)
    /// A student `forget` deleted while their place was held: the room stops
    /// showing them (a round's points, a room's totals). Default: nothing.
    func playerForgotten(_ name: String)
    /// A line that is no command (a bare letter, an answer number). True if used.
    func bareInput(_ line: String, from player: Player) -> Bool
    /// The room is closing (empty, or a teacher closed it): stop timers.
    func roomClosed()
    /// The room is about to close with a round being played (a teacher's `room
    /// close`, the server stopping): the round ends and is saved as `skip`
    /// saves it (a hangman round `skipped`, a quiz as `quiz end` ends it), the
    /// points so far kept. True when a round was ended so. Default: false (a
    /// level keeps its program when its room closes; there is no round to save).
    func endBeforeClosing() -> Bool

    // Lesson controls from the teachers' console (SPEC §7, §12). Each returns
    // false when the game has nothing to do (e.g. no clock running). The
    // console tells the room (`paused`, `resumed`); while paused the game
    // refuses play with `paused` and lets nothing time out.
    /// Stops the room's clocks until `resume`.
    func pause() -> Bool
    func resume() -> Bool
    /// Next question / end the current round now.
    func skip() -> Bool
    /// Gives the current turn, question or level more time.
    func extend(by seconds: Double) -> Bool
    /// Seconds left on the clock a teacher controls (the question, turn or
    /// level), for `resumed`; nil when there is none.
    var lessonSecondsLeft: Double? { get }
    /// Whose clock `extend` lengthens when it is one player's (a hangman
    /// turn), so the others read that player's name, not "you"; nil when the
    /// clock is everyone's (a quiz question, a race, a level).
    var extendedPlayer: String? { get }
    /// True while a teacher holds the room's clock (`rooms` on the console
    /// says "paused", not "playing": a sweep after `pause all`).
    var isTeacherPaused: Bool { get }
    /// Session 11: the seconds this member has left on the clock a teacher
    /// controls (a quiz player's own, accommodated clock), said in the line
    /// that tells the room of an `extend`. Default: `lessonSecondsLeft`.
    func secondsLeft(for player: Player) -> Double?
    /// True when the game shows its new time itself after `extend` (a level's
    /// "459 seconds left of 540"): the console's line comes first, without it.
    var showsExtendedTime: Bool { get }
    /// True when what `skip` shows already says the teacher did it (a hangman
    /// round's "Your teacher ended the round…", a quiz question's "Your
    /// teacher closed this question."): no "moved the game on" line as well.
    var skipSaysWho: Bool { get }
    /// What the projector shows of the game now, as the events a page draws
    /// it from (an open quiz question with the seconds left, a hangman round's
    /// or race's state): sent when the board starts following the room and at
    /// the end of `/state` (session 12: `board follow` showed nothing until
    /// the room's next event). Default: nothing.
    var boardView: [Event] { get }
}

extension RoomGame {
    public func admits(_ player: Player) -> Refusal? { nil }
    public var isListed: Bool { true }
    public func prepare(host: Player, _ ready: @escaping (Refusal?) -> Void) { ready(nil) }
    public func playerDisconnected(_ player: Player) {}
    public func takesBack(_ player: Player) -> Bool { false }
    public func playerReconnected(_ player: Player) {}
    public func playerForgotten(_ name: String) {}
    public func bareInput(_ line: String, from player: Player) -> Bool { false }
    public func endBeforeClosing() -> Bool { false }
    public func pause() -> Bool { false }
    public func resume() -> Bool { false }
    public func skip() -> Bool { false }
    public func extend(by seconds: Double) -> Bool { false }
    public var lessonSecondsLeft: Double? { nil }
    public var extendedPlayer: String? { nil }
    public var isTeacherPaused: Bool { false }
    public func secondsLeft(for player: Player) -> Double? { lessonSecondsLeft }
    public var showsExtendedTime: Bool { false }
    public var skipSaysWho: Bool { false }
    public var boardView: [Event] { [] }
}

/// The context a game command runs in: who typed it, in which room.
public struct GameCall {
    /// The game's narrow port to the server (Rooms/RoomHost.swift), not the server itself.
    package let server: any RoomHost
    public let player: Player
    public let room: Room
}

/// Makes a game for `create KIND ...`; refuses with a reason when the arguments are wrong.
package typealias GameFactory = (_ server: any RoomHost, _ host: Player, _ args: Arguments) -> Result<RoomGame, Refusal>
