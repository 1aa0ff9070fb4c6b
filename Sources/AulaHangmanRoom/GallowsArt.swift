/// The hangman's gallows as plain ASCII: 7 lines of 10 columns that grow with
/// the misses. Text mode draws it beside the word for the player whose turn it
/// is (their misses out of their starting lives); reader mode describes it in
/// words instead (`hangman.reader.gallows`), never drawing it.
public enum GallowsArt {
    public static let width = 10
    public static let height = 7
    /// Strokes of the full drawing: ground, post, beam, rope, head, body,
    /// two arms, two legs.
    public static let strokes = 10

    /// The drawing after `misses` of `maxLives` lives lost. The strokes are
    /// spread over the lives, so any number of lives ends on the full figure
    /// when the last one goes (4 lives: 3, 5, 8, 10 strokes); nothing is drawn
    /// before the first miss. Every line is padded to `width` columns.
    public static func lines(misses: Int, maxLives: Int) -> [String] {
        let shown = strokesShown(misses: misses, maxLives: maxLives)
        func on(_ stroke: Int) -> Bool { shown >= stroke }
        let post = on(2) ? "  |" : "   "
        var rows = [String](repeating: "", count: height)
        rows[0] = on(3) ? "  +----+" : ""
        rows[1] = post + (on(4) ? "    |" : "")
        rows[2] = post + (on(5) ? "    O" : "")
        rows[3] = post + (on(8) ? "   /|\\" : on(7) ? "   /|" : on(6) ? "    |" : "")
        rows[4] = post + (on(10) ? "   / \\" : on(9) ? "   /" : "")
        rows[5] = post
        rows[6] = on(1) ? String(repeating: "=", count: width) : ""
        return rows.map { $0.count < width ? $0 + String(repeating: " ", count: width - $0.count) : $0 }
    }

    /// How many strokes are drawn: misses scaled to the lives, rounded up.
    public static func strokesShown(misses: Int, maxLives: Int) -> Int {
        guard misses > 0 else { return 0 }
        guard maxLives > 0, misses < maxLives else { return strokes }
        return (misses * strokes + maxLives - 1) / maxLives
    }
}
