import AulaGames

/// The class challenge (SPEC §6, §7): every student of the session put into the
/// same level at once, on one shared clock, with a class leaderboard at the
/// end. The level rooms implement it; the teachers' console drives it through
/// `server.classChallenges`.
public protocol ClassChallenges: AnyObject {
    /// Starts a challenge on `levelID` for `minutes` (nil: the level's own time
    /// limit). Returns how many students were put into it, or why not.
    func startChallenge(levelID: String, minutes: Double?, startedBy teacher: String) -> Result<Int, Refusal>
    /// Ends the running challenge now (the leaderboard is printed as at its end).
    func stopChallenge() -> Result<Void, Refusal>
    /// The running challenge's level and seconds left, if any.
    var runningChallenge: (levelID: String, secondsLeft: Double)? { get }
    /// A student of the session logged in while a challenge runs: they join it
    /// on the same shared clock (a latecomer does not get extra time).
    func studentArrived(_ player: Player)
    /// `play LEVEL` by a student who left the running challenge on that level:
    /// back into it (true), or nothing to rejoin (false).
    func rejoinChallenge(_ player: Player, levelID: String) -> Bool
    /// A student `forget` deleted: out of the running challenge's rows and leaderboard.
    func studentForgotten(_ player: Player)
}
