/// Text from others, made fit for a screen reader (session 12: a classmate's
/// `───── 🎉` was read aloud as "box drawings light horizontal" five times).
enum ReaderText {
    /// The text with every run of box-drawing, block and emoji characters
    /// (and the spaces between them) taken out; "" when nothing else was there.
    static func withoutDrawing(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x2000 }) else { return text }
        var out = ""
        var pendingSpace = false
        for character in text {
            if isDrawing(character) {
                pendingSpace = !out.isEmpty
                continue
            }
            if character == " " {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.append(character)
        }
        return out
    }

    /// Box drawing, block elements, geometric shapes, arrows' dingbats and emoji.
    static func isDrawing(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        switch first.value {
        case 0x2500...0x25FF, 0x2B00...0x2BFF: return true   // box drawing, blocks, shapes, arrows
        case 0..<0x2000: return false                        // letters, digits (keycaps' base), punctuation
        default:
            let p = first.properties
            return p.isEmojiPresentation || p.isEmoji || character.unicodeScalars.contains { $0.value == 0xFE0F }
        }
    }
}
