/// Alphabetical order as a Spanish or English reader expects it (issue 16):
/// accents sort with their letter (`águila` next to `abeja`, not after
/// `zorro`), case does not matter, and `ñ` is a letter of its own after `n`.
/// Code-point order (what `<` and SQLite give) puts every accented word last.
package enum Collation {
    /// The sort key: lowercased, accents folded, `ñ` after every other `n…`.
    static func key(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.lowercased().unicodeScalars {
            switch scalar {
            case "ñ": out.append("n"); out.append("\u{7F}")  // after "nz", before "o"
            case "á", "à", "â", "ä", "ã": out.append("a")
            case "é", "è", "ê", "ë": out.append("e")
            case "í", "ì", "î", "ï": out.append("i")
            case "ó", "ò", "ô", "ö", "õ": out.append("o")
            case "ú", "ù", "û", "ü": out.append("u")
            case "ç": out.append("c")
            case "\u{303}":  // a combining tilde after "n" (decomposed ñ)
                if out.last == "n" { out.append("\u{7F}") }
            default:
                if (0x300...0x36F).contains(scalar.value) { continue }  // other combining accents
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `a` comes before `b`; equal keys fall back to code points so the order is total.
    package static func less(_ a: String, _ b: String) -> Bool {
        let ka = key(a), kb = key(b)
        return ka != kb ? ka < kb : a < b
    }

    static func sorted(_ words: [String]) -> [String] {
        words.map { (key($0), $0) }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1)
    }
}
