/// Something a player (or the server on a player's behalf) does in a round.
public enum HangmanAction: Equatable, Sendable {
    /// A player types a letter on their turn (`a`, or `guess a`).
    case guess(_ player: String, _ text: String)
    /// A player tries the whole word (`solve WORD`).
    case solve(_ player: String, _ text: String)
    /// The player's turn timer ran out (also while they are disconnected).
    case timeout(_ player: String)
    /// The player left the room; they are out of the round for good.
    case leave(_ player: String)

    /// Guesses, solves and timeouts: what a teacher's pause holds.
    var isPlay: Bool {
        if case .leave = self { return false }
        return true
    }
}
