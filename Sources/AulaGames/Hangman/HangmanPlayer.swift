/// Where a player stands in the round.
public enum HangmanPlayerStatus: String, Equatable, Sendable {
    /// Has lives and takes turns.
    case playing
    /// Lost every life; watches the rest of the round.
    case out
    /// Missed three turns in a row; watches the rest of the round.
    case spectator
    /// Left the room.
    case left
}

/// One player of a round: lives, misses, points and standing.
public struct HangmanPlayer: Equatable, Sendable {
    public let name: String
    public internal(set) var lives: Int
    /// Lives lost so far (wrong letters and wrong solves); drives the gallows.
    public internal(set) var misses: Int
    public internal(set) var status: HangmanPlayerStatus
    /// Points earned in this round.
    public internal(set) var points: Int
    /// Turn timeouts in a row; three make the player a spectator.
    public internal(set) var timeoutsInARow: Int

    public init(name: String, lives: Int) {
        self.name = name
        self.lives = lives
        self.misses = 0
        self.status = .playing
        self.points = 0
        self.timeoutsInARow = 0
    }

    /// Whether the player still takes turns (playing with lives left).
    public var canPlay: Bool { status == .playing && lives > 0 }
}

/// A player's points in a round (for `round.end`'s `round:[{name, points}]`).
public struct HangmanScore: Equatable, Sendable {
    public let name: String
    public let points: Int

    public init(name: String, points: Int) {
        self.name = name
        self.points = points
    }
}
