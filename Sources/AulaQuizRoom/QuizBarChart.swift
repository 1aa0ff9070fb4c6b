import AulaServer

/// The ASCII bar chart shown after each question: one row per answer, its
/// number (or, for a scale question, the range of the scale that picks it),
/// its text, a bar of `#` and the count. Laid out to fit the reader's width;
/// colour is added by the renderer afterwards, so the layout here is plain
/// text and easy to test.
public enum QuizBarChart {
    /// One laid-out row: every field already padded to its column.
    public struct Row: Equatable, Sendable {
        public let number: String
        public let label: String
        public let bar: String
        public let count: String
        /// The rest of a label too long for its column, one piece per line,
        /// shown under the label (a play test at 40 columns read "Chocolate
        /// caliente y u…": a narrow screen wraps rather than cuts).
        public var more: [String] = []

        /// The row as plain text: `  1 Japan   ### 3`.
        public var plain: String { "  \(number) \(label) \(bar)\(bar.isEmpty ? "" : " ")\(count)" }

        /// The lines under the row that carry the rest of its label, at the label's column.
        public var continuation: [String] {
            more.map { "  " + String(repeating: " ", count: number.count) + " " + $0 }
        }
    }

    /// Rows for these answers and counts, fitting in `width` columns. A bar has
    /// one `#` per vote while that fits; otherwise bars are scaled to the
    /// biggest count, and any answer with votes keeps at least one `#`.
    /// `numbers` names the rows (a scale's ranges); by default 1, 2, 3…
    public static func rows(labels: [String], counts: [Int], width: Int, numbers: [String]? = nil) -> [Row] {
        let n = min(labels.count, counts.count)
        guard n > 0 else { return [] }
        let names = (0..<n).map { i in numbers.flatMap { i < $0.count ? $0[i] : nil } ?? String(i + 1) }
        let numberWidth = names.map(\.count).max() ?? 1
        let countWidth = counts.prefix(n).map { String($0).count }.max() ?? 1
        let longest = labels.prefix(n).map(\.count).max() ?? 1
        // Keep at least ten columns for the bars.
        let room = max(4, width - 2 - numberWidth - 1 - 1 - 1 - countWidth - 10)
        // Labels use the width the client has (SPEC §12); a longer one wraps
        // under itself, and only a single word wider than the column is cut.
        let labelWidth = max(1, min(longest, room))
        let barRoom = max(1, width - 2 - numberWidth - 1 - labelWidth - 1 - 1 - countWidth)
        let most = counts.prefix(n).max() ?? 0
        var rows: [Row] = []
        for i in 0..<n {
            let count = max(0, counts[i])
            var length = count
            if most > barRoom {
                length = Int((Double(count) * Double(barRoom) / Double(most)).rounded())
                if count > 0 { length = max(1, length) }
            }
            let pieces = wrap(labels[i], to: labelWidth)
            var row = Row(number: names[i].leftPadded(numberWidth),
                          label: (pieces.first ?? "").rightPadded(labelWidth),
                          bar: String(repeating: "#", count: length),
                          count: String(count))
            row.more = Array(pieces.dropFirst())
            rows.append(row)
        }
        return rows
    }

    /// The text in pieces of at most `width` characters, broken between
    /// words; a word wider than that is cut, ending in "…".
    static func wrap(_ text: String, to width: Int) -> [String] {
        guard text.count > width else { return [text] }
        var pieces: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let word = shorten(String(word), to: width)
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                pieces.append(current)
                current = word
            }
        }
        if !current.isEmpty || pieces.isEmpty { pieces.append(current) }
        return pieces
    }

    /// The text cut to `width` characters, ending in "…" when it was cut.
    static func shorten(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(width)) }
        return String(text.prefix(width - 1)) + "…"
    }
}
