import AulaServer

/// The ASCII bar chart shown after each question: one row per answer, its
/// number, its (possibly shortened) text, a bar of `#` and the count. Laid out
/// to fit the reader's width; colour is added by the renderer afterwards, so
/// the layout here is plain text and easy to test.
public enum QuizBarChart {
    /// One laid-out row: every field already padded to its column.
    public struct Row: Equatable, Sendable {
        public let number: String
        public let label: String
        public let bar: String
        public let count: String

        /// The row as plain text: `  1 Japan   ### 3`.
        public var plain: String { "  \(number) \(label) \(bar)\(bar.isEmpty ? "" : " ")\(count)" }
    }

    /// Rows for these answers and counts, fitting in `width` columns. A bar has
    /// one `#` per vote while that fits; otherwise bars are scaled to the
    /// biggest count, and any answer with votes keeps at least one `#`.
    public static func rows(labels: [String], counts: [Int], width: Int) -> [Row] {
        let n = min(labels.count, counts.count)
        guard n > 0 else { return [] }
        let numberWidth = String(n).count
        let countWidth = counts.prefix(n).map { String($0).count }.max() ?? 1
        let longest = labels.prefix(n).map(\.count).max() ?? 1
        // Keep at least ten columns for the bars.
        let room = max(4, width - 2 - numberWidth - 1 - 1 - 1 - countWidth - 10)
        // Labels use the width the client has (SPEC §12): cut only when the
        // screen leaves no room beside a ten-column bar.
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
            rows.append(Row(number: String(i + 1).leftPadded(numberWidth),
                            label: shorten(labels[i], to: labelWidth).rightPadded(labelWidth),
                            bar: String(repeating: "#", count: length),
                            count: String(count)))
        }
        return rows
    }

    /// The text cut to `width` characters, ending in "…" when it was cut.
    static func shorten(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(width)) }
        return String(text.prefix(width - 1)) + "…"
    }
}
