/// Which of the code editor's complaints were already said in this burst of
/// lines, so each is said once: a 5,000-line paste printed "The program is
/// full…" ~160 times and "Careful: about N statements…" ~30 times (play test,
/// session 8). A burst ends with a line the editor takes (for the refusals),
/// with the program back within the level's limit (for the warning), with a
/// command (`code`, `.`, `del`, `ins`, `edit`, `clear`), or after
/// `quietSeconds` without the complaint — a line typed by hand a moment
/// later is told again; the lines of one paste arrive well within that.
struct EditorNotices {
    static let quietSeconds: Double = 2

    /// Codes of the refusals said (`program_too_long`, `program_too_big`).
    private var refusals: Set<String> = []
    private var lastRefusal = -Double.infinity
    private var overLimitSaid = false
    private var lastOverLimit = -Double.infinity

    /// True the first time a refusal with this code comes in the burst.
    mutating func shouldRefuse(_ code: String, now: Double) -> Bool {
        if now - lastRefusal > EditorNotices.quietSeconds { refusals.removeAll() }
        lastRefusal = now
        return refusals.insert(code).inserted
    }

    /// A line went in: the next refusal is news again.
    mutating func lineAccepted() { refusals.removeAll() }

    /// True the first time the program is over the limit in the burst; false
    /// (and ready for next time) when it is within.
    mutating func shouldWarnOverLimit(over: Bool, now: Double) -> Bool {
        guard over else {
            overLimitSaid = false
            return false
        }
        if now - lastOverLimit > EditorNotices.quietSeconds { overLimitSaid = false }
        lastOverLimit = now
        defer { overLimitSaid = true }
        return !overLimitSaid
    }

    /// A command: everything may be said again.
    mutating func commandTyped() { self = EditorNotices() }
}
