/// An accommodation a teacher gives one student: more time (×1.5, ×2...) or no
/// time limit. That student's countdown, deadline and speed points use their
/// own clock: `elapsed / (seconds × factor)`.
public enum QuizTimeMultiplier: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `factor` × the question's seconds; `.standard` is ×1.
    case factor(Double)
    /// No deadline. The question waits for this player (or for the host to close it).
    case untimed

    public static let standard = QuizTimeMultiplier.factor(1)
    /// The factors a teacher may give.
    public static let allowedFactors: ClosedRange<Double> = 1...4

    /// Reads `1`, `1.5`, `1,5`, `2`, `x2`, `×1.5`, `untimed` / `none` / `off`
    /// (also Spanish `sin` / `ilimitado`). Nil for anything else or a factor outside 1–4.
    public static func parse(_ text: String) -> QuizTimeMultiplier? {
        var t = text.lowercased().filter { $0 != " " }
        if ["untimed", "none", "off", "unlimited", "sin", "ilimitado", "sinlimite", "sinlímite"].contains(t) {
            return .untimed
        }
        if t.hasPrefix("x") || t.hasPrefix("×") { t.removeFirst() }
        t = String(t.map { $0 == "," ? "." : $0 })
        guard let v = Double(t), v.isFinite, allowedFactors.contains(v) else { return nil }
        return .factor(v)
    }

    /// The seconds this player gets on a question of `seconds`; nil when untimed.
    public func seconds(_ seconds: Int) -> Double? {
        switch self {
        case .factor(let f): return Double(seconds) * f
        case .untimed: return nil
        }
    }

    public var description: String {
        switch self {
        case .factor(let f): return f == f.rounded() ? "x\(Int(f))" : "x\(f)"
        case .untimed: return "untimed"
        }
    }
}
