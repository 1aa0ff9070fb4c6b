import AulaGames

// What the core (the lobby, the dispatcher, the teachers' console) needs of the level rooms,
// which live in their own module (AulaLevelRoom) the core cannot import. Like `HostedQuiz`.

/// A level room's game as the console (`code STUDENT`) and the dispatcher (the activity
/// note for `submit`) see it. `LevelRoomGame` conforms (AulaLevelRoom/LevelRoomGame.swift).
package protocol LevelRoomState: RoomGame {
    /// The level being played.
    var levelID: String { get }
    /// The lines in the room's code editor.
    var codeLines: [String] { get }
    /// A class challenge's level still being played here: `play` does not leave it.
    var isChallengeRunning: Bool { get }
    /// A room a class challenge opened (playing, solved or out of time): `reset` leaves it open.
    var isChallengeRoom: Bool { get }
    /// Solved, out of time or closed: nothing to pause, resume or extend (session 11).
    var isFinished: Bool { get }
}

/// One student's line of `challenge status`.
package struct ChallengeStatusRow: Equatable {
    package let name: String
    package let room: String
    package let runs: Int
    package let submits: Int
    package let solved: Bool
    package let stars: Int
    /// Seconds left on the student's own clock; nil when the room is done or untimed.
    package let secondsLeft: Double?
    package let finished: Bool
    /// Left the challenge (`leave`) before solving it: said as such, as the board does.
    package var left = false
    /// The room closed because the teacher kicked the student (session 11: it read "left it").
    package var kicked = false
    /// Dropped, their room held for the reconnect grace (session 11: it read "working").
    package var away = false

    package init(name: String, room: String, runs: Int, submits: Int, solved: Bool, stars: Int,
                 secondsLeft: Double?, finished: Bool) {
        self.name = name
        self.room = room
        self.runs = runs
        self.submits = submits
        self.solved = solved
        self.stars = stars
        self.secondsLeft = secondsLeft
        self.finished = finished
    }
}

/// The running class challenge as `challenge status` sees it (`ClassChallenge` conforms).
package protocol RunningChallengeStatus: AnyObject {
    var levelID: String { get }
    /// Every student in it, in the order they were put in.
    func status() -> [ChallengeStatusRow]
    /// Seconds left on the shared clock.
    func secondsLeft(now: Double) -> Double
}

/// The level rooms' hub (`LevelRooms`, registered as `server.classChallenges`) offers this too.
package protocol ClassChallengeStatus: AnyObject {
    /// The running challenge; nil when none runs (or it ended).
    var runningChallengeStatus: (any RunningChallengeStatus)? { get }
}

/// Text the level rooms and the console both print: a clock (`m:ss`) and a numbered code line.
package enum LevelCodeText {
    /// 125 seconds as "2:05" (rounded up: 0.2 s left still shows 0:01).
    package static func clockText(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded(.up)))
        let rest = s % 60
        return "\(s / 60):" + (rest < 10 ? "0" : "") + String(rest)
    }

    /// A code line with its number right-aligned to `width` (reader mode says it in words).
    package static func numbered(_ n: Int, _ line: String, width: Int, _ t: TextContext) -> String {
        if t.reader { return t.say("level.code.reader_line", String(n), line.isEmpty ? t.say("level.code.blank") : line) }
        let number = String(n)
        let padded = String(repeating: " ", count: max(0, width - number.count)) + number
        return t.paint(.dim, padded + " |") + " " + t.paint(.code, line)
    }
}
