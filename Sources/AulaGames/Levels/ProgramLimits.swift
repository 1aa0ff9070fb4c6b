/// Size caps on a student's program, so that no program — however long or
/// deeply built — can exhaust the server's stack or hold its CPU (SPEC §12).
/// The parser refuses a program over a cap with a `program_too_big` error at
/// the line and column where it went over; the run stops an over-budget
/// program with the reason `too_slow`.
///
/// Why these numbers: the longest real solutions are a few hundred
/// characters and a few dozen nodes per condition; the caps are ten to a
/// hundred times that. The expression cap is what keeps every recursive walk
/// of a tree (compiler, evaluator, `==`, the tree's own release) shallow: a
/// left-leaning chain of 256 nodes is at most 256 frames deep.
public enum ProgramLimits {
    /// Bytes of program text (UTF-8), the same as the editor holds.
    public static let maxSourceBytes = 16 * 1024
    /// Tokens (names, numbers, symbols) in the whole program.
    public static let maxTokens = 8_192
    /// Statements in the whole program, nested ones included.
    public static let maxStatements = 1_000
    /// Nodes (numbers, names, sensors, operators) in one expression.
    public static let maxExpressionNodes = 256
    /// Operations one run may do: each step counts one and each evaluated
    /// expression node one more. 10,000 steps of a 20-node condition fit; an
    /// endless loop testing a 256-node condition does not.
    public static let maxOperations = 300_000
}

/// A wall-clock budget for a run, injected so the rules stay deterministic:
/// `expired` is asked now and then during a run (the server passes a clock
/// check; tests pass a fixed answer). When it says yes the run ends `too_slow`.
public struct RunDeadline: Sendable {
    public let expired: @Sendable () -> Bool

    public init(expired: @escaping @Sendable () -> Bool) {
        self.expired = expired
    }
}
