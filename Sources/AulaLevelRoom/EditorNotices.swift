/// Which of the code editor's complaints were already said in this burst of
/// lines, so each is said once: a 5,000-line paste printed "The program is
/// full…" ~160 times and "Careful: about N statements…" ~30 times (play test,
/// session 8). A burst ends with a line the editor takes (for the refusals),
/// with the program back within the level's limit (for the warning), or with
/// a command (`code`, `.`, `del`, `ins`, `edit`, `clear`): then each may be said again.
struct EditorNotices {
    /// Codes of the refusals said (`program_too_long`, `program_too_big`).
    private var refusals: Set<String> = []
    private var overLimitSaid = false

    /// True the first time a refusal with this code comes in the burst.
    mutating func shouldRefuse(_ code: String) -> Bool { refusals.insert(code).inserted }

    /// A line went in: the next refusal is news again.
    mutating func lineAccepted() { refusals.removeAll() }

    /// True the first time the program is over the limit in the burst; false
    /// (and ready for next time) when it is within.
    mutating func shouldWarnOverLimit(over: Bool) -> Bool {
        guard over else {
            overLimitSaid = false
            return false
        }
        defer { overLimitSaid = true }
        return !overLimitSaid
    }

    /// A command: everything may be said again.
    mutating func commandTyped() { self = EditorNotices() }
}
