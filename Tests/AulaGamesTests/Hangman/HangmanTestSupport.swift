import Testing
@testable import AulaGames

/// Starts a round whose first turn falls to `first`, by trying seeds in order
/// (the draw itself is tested in `firstPlayerIsRandomFromSeed`).
func startRound(_ word: String, hint: String = "a test hint", players: [String],
                first: String? = nil, difficulty: HangmanDifficulty = .medium) -> HangmanRound {
    let wanted = first ?? players[0]
    for seed in UInt64(0)..<500 {
        var random = SeededRandom(seed: seed)
        if case .success(let start) = HangmanRound.start(
            word: WordEntry(word: word, hint: hint), players: players,
            difficulty: difficulty, random: &random, now: 0),
           start.round.turn == wanted {
            return start.round
        }
    }
    preconditionFailure("no seed gives \(wanted) the first turn")
}

extension HangmanRound {
    /// Applies an action the test expects to be accepted; a refusal records an issue.
    mutating func play(_ action: HangmanAction, now: Double = 1) -> [HangmanEvent] {
        switch apply(action, now: now) {
        case .success(let events): return events
        case .failure(let refusal):
            Issue.record("unexpected refusal \(refusal.code) for \(action)")
            return []
        }
    }

    /// The refusal code for an action the test expects to be refused.
    mutating func refusal(_ action: HangmanAction) -> String? {
        if case .failure(let refusal) = apply(action, now: 1) { return refusal.code }
        return nil
    }
}
