/// How `aula admin` draws the line being typed: on ONE row of the terminal,
/// scrolled sideways when it is wider than the window. Session 11: at 40
/// columns every key past the edge printed the prompt again on a new row —
/// `\r` and erase-line reach only the row the cursor is on, so a line that had
/// wrapped left its first rows behind on each redraw. Kept on one row (the
/// last column never written), the redraw is always `\r`, erase, prompt, text.
public struct InputLineView: Sendable {
    /// The first character of the line shown; those before it scrolled off to the left.
    public private(set) var offset = 0

    public init() {}

    /// The bytes that redraw the row: the prompt, the part of the line that
    /// fits, the cursor put back where it is in the line.
    public mutating func draw(prompt: String, line: [Character], cursor: Int, hidden: Bool, columns: Int) -> String {
        var out = "\r\u{1B}[K" + prompt
        guard !hidden else {
            offset = 0
            return out
        }
        // Room for the text; the last column stays empty for the cursor at the
        // end of the line, so the terminal never wraps.
        let room = max(1, columns - Self.width(prompt) - 1)
        let cursor = min(max(0, cursor), line.count)
        offset = min(offset, max(0, line.count - room))
        if cursor < offset { offset = cursor }
        if cursor > offset + room { offset = cursor - room }
        let end = min(line.count, offset + room)
        out += String(line[offset..<end])
        let back = end - cursor
        if back > 0 { out += "\u{1B}[\(back)D" }
        return out
    }

    /// Back to the start of a line (after Enter).
    public mutating func reset() { offset = 0 }

    /// Columns `text` takes on screen: its characters, colour escapes left out.
    public static func width(_ text: String) -> Int {
        var count = 0
        var escape = false
        for scalar in text.unicodeScalars {
            if escape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { escape = false }
                continue
            }
            if scalar == "\u{1B}" {
                escape = true
                continue
            }
            // Combining marks share their letter's column.
            if scalar.properties.generalCategory == .nonspacingMark || scalar.value < 0x20 { continue }
            count += 1
        }
        return count
    }
}
