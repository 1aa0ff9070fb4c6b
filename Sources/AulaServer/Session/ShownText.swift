/// Free text a student sends to others (chat, so far the only one; team names
/// go through the name rules, Session/ShownNames.swift) loses what names may
/// not have either (SPEC §12 "Identity and limits"): default-ignorable code
/// points and blank fillers (U+3164, U+FFA0, U+115F, U+2800, U+034F, tag
/// characters, U+1D173…, U+FFFC), and combining marks beyond three on one
/// character (Zalgo). What emoji need stays: a zero-width joiner between two
/// emoji (👩‍💻), one variation selector after a character that has an emoji
/// form (❤️), the tags of a subdivision flag (🏴 + tags + cancel tag).
/// `TextCleaner` (AulaNet) already removed controls, escapes and bidi marks.
enum ShownText {
    /// Marks kept on one base character (Vietnamese needs two; Hebrew pointing three).
    static let maxMarksPerCharacter = 3

    /// Blank or object characters that are not default-ignorable, so the property misses them.
    static let blanks: Set<UInt32> = [0x3164, 0xFFA0, 0x115F, 0x1160, 0x2800, 0xFFFC, 0x034F, 0x17B4, 0x17B5]

    static func clean(_ text: String) -> String {
        // Nearly every line: printable ASCII, nothing to do.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var marks = 0
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            let value = scalar.value
            defer { i += 1 }
            // A subdivision flag: black flag, tag letters/digits, cancel tag — kept whole.
            if value == 0x1F3F4, let end = flagTagsEnd(scalars, after: i) {
                out.append(contentsOf: scalars[i...end])
                i = end
                marks = 0
                continue
            }
            // Selectors are marks and default-ignorable: decided before either rule.
            if (0xFE00...0xFE0F).contains(value) {
                // One presentation selector, right after a character with an emoji form.
                if value >= 0xFE0E, let before = out.last, before.value != 0xFE0F, before.value != 0xFE0E, isEmoji(before) {
                    out.append(scalar)
                }
                continue
            }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark:
                if blanks.contains(value) || scalar.properties.isDefaultIgnorableCodePoint { continue }
                marks += 1
                if marks <= maxMarksPerCharacter { out.append(scalar) }
                continue
            default: break
            }
            if value == 0x200D {
                // A joiner stays only between two emoji.
                if let before = out.last, i + 1 < scalars.count, isEmojiPart(before), isEmoji(scalars[i + 1]) {
                    out.append(scalar)
                }
                continue
            }
            if (0x1F3FB...0x1F3FF).contains(value) {
                // Skin tones: only after an emoji.
                if let before = out.last, isEmoji(before) { out.append(scalar) }
                continue
            }
            if blanks.contains(value) || scalar.properties.isDefaultIgnorableCodePoint { continue }
            marks = 0
            out.append(scalar)
        }
        return String(out)
    }

    /// The index of the cancel tag closing a subdivision flag's tags after `i`, or nil.
    private static func flagTagsEnd(_ scalars: [Unicode.Scalar], after i: Int) -> Int? {
        var j = i + 1
        while j < scalars.count, j - i <= 8 {
            let v = scalars[j].value
            if v == 0xE007F { return j > i + 1 ? j : nil }
            guard (0xE0030...0xE0039).contains(v) || (0xE0061...0xE007A).contains(v) else { return nil }
            j += 1
        }
        return nil
    }

    static func isEmoji(_ s: Unicode.Scalar) -> Bool {
        s.value > 0x7F && (s.properties.isEmojiPresentation || s.properties.isEmoji)
    }

    /// The end of an emoji so far: the emoji itself, its selector or its skin tone.
    private static func isEmojiPart(_ s: Unicode.Scalar) -> Bool {
        isEmoji(s) || s.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(s.value)
    }
}
