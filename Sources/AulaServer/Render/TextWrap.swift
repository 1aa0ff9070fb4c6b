/// Word wrapping that ignores ANSI colour codes when measuring, so coloured
/// lines wrap where plain ones would. Lines that fit are returned untouched
/// (ASCII art and boards are drawn to fit and never reflowed).
enum TextWrap {
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

    static func wrap(_ line: String, width: Int) -> [String] {
        let width = max(width, Renderer.minWidth)
        if line.utf8.count <= width || visibleLength(line[...]) <= width { return [line] }
        // Continuation lines keep the line's indentation (when it leaves room).
        let indent = String(line.prefix { $0 == " " })
        let hang = indent.count < width / 2 ? indent : ""
        var result: [String] = []
        var current = hang
        var length = hang.count
        var empty = true
        func flush() {
            result.append(current)
            current = hang
            length = hang.count
            empty = true
        }
        for word in line.split(separator: " ") {
            var rest = word
            var wordLength = visibleLength(rest)
            if !empty && length + 1 + wordLength > width { flush() }
            if !empty {
                current += " "
                length += 1
            }
            // A word longer than the room left: cut it into pieces that fit.
            while length + wordLength > width && wordLength > 0 {
                let room = max(1, width - length)
                current += rest.prefix(room)
                rest = rest.dropFirst(room)
                wordLength = visibleLength(rest)
                empty = false
                flush()
            }
            if wordLength > 0 {
                current += rest
                length += wordLength
                empty = false
            }
        }
        if !empty { result.append(current) }
        return result.isEmpty ? [""] : result
    }
}

extension String {
    func trimmingSpaces() -> Substring {
        var s = self[...]
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
