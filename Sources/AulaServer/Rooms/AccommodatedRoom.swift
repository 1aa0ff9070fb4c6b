/// A teacher's `accommodate` given while the student is in a room (session 11:
/// the console said "Applied now" while the open level's clock ran on as
/// before). A game whose clock can follow the change at once conforms; the
/// console tells the teacher what happened to the open room.
package protocol AccommodatedRoom: AnyObject {
    /// `player.timeMultiplier` has just changed: follow it on the open clock when
    /// that gives the student time (more time, or no clock), never taking any away.
    func accommodationChanged(for player: Player) -> AccommodationOutcome
}

package enum AccommodationOutcome: Equatable {
    /// The open clock follows the change now (or there was no clock to change).
    case appliedNow
    /// The open level keeps its clock (the change would shorten or start it, or
    /// the level is a class challenge's shared clock): from the next level on.
    case fromNextLevel(level: String)
    /// A hangman turn keeps its clock (the change would shorten it or give an
    /// untimed turn a clock): from the student's next turn in that room.
    case fromNextTurn(room: String)
}
