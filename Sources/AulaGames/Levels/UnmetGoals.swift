/// A goal of the level that does not hold when a run stops unsolved, and how
/// much of it is left ("1 iron block left", "the goal was not reached").
/// `level.result` lists them as `missing` (issue 14).
public struct UnmetGoal: Sendable, Equatable {
    public let goal: LevelGoal
    /// Items or enemies still there (0 for `reach_goal`).
    public let left: Int
    public let phrase: Phrase

    public init(goal: LevelGoal, left: Int, phrase: Phrase) {
        self.goal = goal
        self.left = left
        self.phrase = phrase
    }
}

extension BoardState {
    /// The level's goals that do not hold now, in the level's order.
    public func unmetGoals(_ goals: [LevelGoal]) -> [UnmetGoal] {
        goals.compactMap { goal -> UnmetGoal? in
            guard !holds(goal) else { return nil }
            let left: Int
            switch goal {
            case .reachGoal: return UnmetGoal(goal: goal, left: 0, phrase: Phrase("level.unmet.reach_goal"))
            case .breakIron: left = ironLeft
            case .collectKeys: left = keysLeft
            case .defeatEnemies: left = enemiesLeft
            }
            let word = goal == .breakIron ? "iron" : (goal == .collectKeys ? "keys" : "enemies")
            return UnmetGoal(goal: goal, left: left, phrase: Phrase("level.unmet.\(word)_\(left == 1 ? "one" : "many")", ["\(left)"]))
        }
    }
}
