/// A player's answer to the open question as they saw it (session 11's play
/// test: a student back after a reconnect, or typing `question`, was not
/// shown the answer they had already given, though it counted).
public struct QuizShownAnswer: Equatable, Sendable {
    /// The 1-based numbers of the chosen answers in the order shown, ascending.
    public let numbers: [Int]
    /// A scale question: the value typed (1–10, up to two decimals); nil otherwise.
    public let scale: Double?
}

extension QuizGame {
    /// What this player has answered to the open question, as shown to them;
    /// nil when they have not answered or no question is open.
    public func shownAnswer(of player: String) -> QuizShownAnswer? {
        guard case .asking(let position) = phase, rounds.indices.contains(position),
              let given = rounds[position].answers[player] else { return nil }
        let shown = shownOrder(position: position)
        let numbers = given.choice.answers.compactMap { shown.firstIndex(of: $0) }.map { $0 + 1 }.sorted()
        return QuizShownAnswer(numbers: numbers, scale: given.choice.scale)
    }
}
