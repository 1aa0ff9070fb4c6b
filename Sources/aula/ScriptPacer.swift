import Foundation

/// Keeps `aula admin --script` under the console's lines-per-second limit
/// (session 11: a 40-line script of quick commands had lines dropped as
/// "Too many lines at once" after ~19 and stopped). At most `perSecond`
/// lines go in any `window` seconds; the window is a little over a second
/// so lines that arrive bunched still fit the server's one-second count.
struct ScriptPacer {
    let perSecond: Int
    let window: Double
    private var sent: [Double] = []

    /// `limit`: the console's lines per second (`--lines-per-second`, AULA_LINES_PER_SECOND, 20).
    init(limit: Int, window: Double = 1.25) {
        // A margin under the limit: the login's own lines and a late second count too.
        perSecond = max(1, limit - max(1, limit / 5))
        self.window = window
    }

    /// How long to wait before sending a line at `now` (0: send now); the line counts as sent then.
    mutating func delay(at now: Double) -> Double {
        sent.removeAll { now - $0 >= window }
        var wait = 0.0
        if sent.count >= perSecond, let oldest = sent.dropLast(perSecond - 1).last {
            wait = max(0, oldest + window - now)
        }
        sent.append(now + wait)
        return wait
    }

    /// Waits as long as needed, then lets the line go.
    mutating func pace() {
        let wait = delay(at: Date().timeIntervalSinceReferenceDate)
        if wait > 0 { usleep(UInt32(min(wait, 5) * 1_000_000)) }
    }
}
