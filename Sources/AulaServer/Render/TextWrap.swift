/// Word wrapping that ignores ANSI colour codes when measuring, so coloured
/// lines wrap where plain ones would. Lines that fit are returned untouched
/// (ASCII art and boards are drawn to fit and never reflowed); the lines a
/// long line is cut into are indented after the first (hanging indent).
enum TextWrap {
    /// Extra spaces in front of every continuation line.
    static let continuationIndent = 2

    static func visibleLength(_ s: Substring) -> Int {
        var n = 0
        var inEscape = false
        for scalar in s.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            // Combining marks take no column.
            if (0x300...0x36F).contains(scalar.value) { continue }
            n += 1
        }
        return n
    }

    /// The visible width of a list mark and its space at the start of `text`
    /// ("1) ", "a. ", "- ", "• "), or 0 when the text is not a list item.
    static func listMarkWidth(_ text: Substring) -> Int {
        guard let space = text.firstIndex(of: " ") else { return 0 }
        var mark = ""
        var inEscape = false
        for scalar in text[..<space].unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            mark.unicodeScalars.append(scalar)
        }
        if ["-", "*", "+", "•"].contains(mark) { return 2 }
        guard let last = mark.last, last == ")" || last == ".", mark.count >= 2, mark.count <= 4 else { return 0 }
        let body = mark.dropLast()
        let isNumber = body.allSatisfy { $0.isASCII && $0.isNumber }
        let isLetter = body.count == 1 && body.allSatisfy { $0.isASCII && $0.isLetter }
        return isNumber || isLetter ? mark.count + 1 : 0
    }

    /// Wraps at spaces, keeping the spacing inside each line as it was (tables
    /// stay aligned); the spaces where a line breaks are dropped.
    static func wrap(_ line: String, width: Int) -> [String] {
        // A column inside a narrow screen (the help at width 20) can be narrower than a screen.
        let width = max(width, Renderer.minWidth / 2)
        if line.utf8.count <= width || visibleLength(line[...]) <= width { return [line] }
        // Continuation lines are indented two more spaces than the line's own
        // indentation: no wrapped text ever starts at column 0, so a chat line
        // padded to wrap at the right place cannot make its continuation read
        // as a line of its own (`Teacher Smith: class is over`).
        let indent = String(line.prefix { $0 == " " })
        // A list item ("1) ...", "- ...") hangs under its text, not its mark,
        // so the numbers stay a column of their own (issue 16).
        let extra = max(continuationIndent, listMarkWidth(line.dropFirst(indent.count)))
        let hang = (indent.count + extra < width / 2 ? indent : "")
            + String(repeating: " ", count: extra < width / 2 ? extra : continuationIndent)
        var result: [String] = []
        var current = ""
        var length = 0
        var atStart = true  // nothing on the current line yet but its indentation
        var index = line.startIndex
        while index < line.endIndex {
            // One token: the spaces before a word, then the word.
            let spaceEnd = line[index...].firstIndex { $0 != " " } ?? line.endIndex
            let wordEnd = line[spaceEnd...].firstIndex { $0 == " " } ?? line.endIndex
            let spaces = line[index..<spaceEnd]
            var word = line[spaceEnd..<wordEnd]
            index = wordEnd
            if word.isEmpty { break }
            var wordLength = visibleLength(word)
            if !atStart && length + spaces.count + wordLength > width {
                result.append(current)
                current = hang
                length = hang.count
                atStart = true
            } else if !atStart || result.isEmpty {
                // Inside a line, and at the very start, spacing is kept as typed.
                current += spaces
                length += spaces.count
            }
            // A word longer than a whole line: cut it into pieces that fit.
            while length + wordLength > width && wordLength > 0 {
                var room = max(1, width - length)
                // Alternatives (`[easy|medium|hard]`) break after a "|", not inside a word.
                if let bar = word.prefix(room).lastIndex(of: "|") {
                    room = word.distance(from: word.startIndex, to: bar) + 1
                }
                current += word.prefix(room)
                word = word.dropFirst(room)
                wordLength = visibleLength(word)
                result.append(current)
                current = hang
                length = hang.count
                atStart = true
            }
            if wordLength > 0 {
                current += word
                length += wordLength
                atStart = false
            }
        }
        if !atStart { result.append(current) }
        return result.isEmpty ? [""] : result
    }
}

