/// How a graded quiz turns answers into points (`set scoring speed|accuracy`).
/// Personality decks always score 10 per answered question plus the team bonus.
public enum QuizScoring: String, Codable, Sendable, CaseIterable {
    /// Correct answers score `round(5 + 5 × time left / seconds)`: 10 at once, 5 at the bell.
    case speed
    /// 10 per correct answer; total answer time only breaks ties, so a slow
    /// reader is never ranked below a faster student with fewer correct answers.
    case accuracy

    /// Reads the host's word, English or Spanish (`speed`/`velocidad`/`rapidez`,
    /// `accuracy`/`precision`/`precisión`/`aciertos`).
    public static func parse(_ text: String) -> QuizScoring? {
        switch text.lowercased() {
        case "speed", "velocidad", "rapidez": return .speed
        case "accuracy", "precision", "precisión", "aciertos": return .accuracy
        default: return nil
        }
    }
}

/// The arithmetic of quiz points, kept apart so each formula can be checked alone.
/// Every rounding here is "half away from zero" (2.5 → 3), the school rule.
public enum QuizPoints {
    /// Points for answering a personality question in time.
    public static let perAnswer = 10
    /// Bonus to each member when the whole team answered with one and the same type.
    public static let teamBonus = 5
    /// Points for a correct answer under accuracy scoring (SPEC §12: 10, so a
    /// quiz weighs about what a level or a couple of hangman rounds do).
    public static let perCorrect = 10

    /// `round(5 + 5 × (1 - elapsed/seconds))` with `elapsed` held to 0…seconds,
    /// so a correct answer is worth 5–10. `seconds` is the player's own
    /// seconds (question seconds × their multiplier).
    public static func speed(elapsed: Double, seconds: Double) -> Int {
        guard seconds > 0, elapsed.isFinite else { return perCorrect }
        let e = min(max(elapsed, 0), seconds)
        // 10 - 5·e/s is the same formula, with less floating-point drift.
        return Int((10 - 5 * e / seconds).rounded(.toNearestOrAwayFromZero))
    }

    /// A team's points: the mean of its members' points, rounded half away from zero.
    public static func teamMean(_ points: [Int]) -> Int {
        guard !points.isEmpty else { return 0 }
        let sum = points.reduce(0, +), n = points.count
        // Exact integer rounding of sum/n, halves away from zero.
        return sum >= 0 ? (2 * sum + n) / (2 * n) : -((2 * -sum + n) / (2 * n))
    }
}
