import AulaGames

/// The rules for a player's name (SPEC §3): 2–16 characters, Unicode letters,
/// digits, space, `-` and `_`, surrounding spaces trimmed. Anything else makes
/// the name invalid — names are refused, never silently cleaned.
public enum NameRules {
    public static let minLength = 2
    public static let maxLength = 16

    /// The trimmed name, or the reason it cannot be used.
    public static func validate(_ raw: String, blocklist: Blocklist) -> Result<String, Refusal> {
        let name = trimSpaces(raw)
        if name.isEmpty { return .failure(Refusal("name_invalid", Phrase("error.name_empty"))) }
        let count = name.count
        if count < minLength { return .failure(Refusal("name_invalid", Phrase("error.name_too_short", [String(minLength)]))) }
        if count > maxLength { return .failure(Refusal("name_invalid", Phrase("error.name_too_long", [String(maxLength)]))) }
        for scalar in name.unicodeScalars where !isAllowed(scalar) {
            let shown = scalar.properties.generalCategory == .control || scalar.value < 0x20 || scalar == "\u{FFFD}"
                ? codePointName(scalar.value) : String(scalar)
            return .failure(Refusal("name_invalid", Phrase("error.name_bad_character", [shown])))
        }
        if blocklist.blocks(name) { return .failure(Refusal("name_invalid", Phrase("error.name_blocked"))) }
        return .success(name)
    }

    /// Names are unique case-insensitively within a group.
    public static func key(_ name: String) -> String { name.lowercased() }

    static func isAllowed(_ s: Unicode.Scalar) -> Bool {
        if s == " " || s == "-" || s == "_" { return true }
        if s == "\u{FFFD}" { return false }
        let p = s.properties
        if p.isAlphabetic { return true }
        switch p.generalCategory {
        case .decimalNumber: return true
        // Combining accents typed as separate characters (e.g. e + ´).
        case .nonspacingMark, .spacingMark: return true
        default: return false
        }
    }

    static func trimSpaces(_ s: String) -> String {
        var sub = Substring(s)
        while let f = sub.first, f == " " || f == "\t" { sub = sub.dropFirst() }
        while let l = sub.last, l == " " || l == "\t" { sub = sub.dropLast() }
        return String(sub)
    }
}

/// `U+001B` style, to name an invisible character in a refusal.
func codePointName(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

/// Words that may not appear in a player's name (`Decks/blocklist.txt`, one a line).
public struct Blocklist: Sendable {
    let words: Set<String>

    public init(words: [String]) {
        self.words = Set(words.map { Blocklist.fold($0) }.filter { $0.count >= 2 })
    }

    public init(fileContents: String) {
        let lines = fileContents.split(whereSeparator: \.isNewline).map { String($0).trimmingCharacters(in: " \t") }
        self.init(words: lines.filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }

    public static let empty = Blocklist(words: [])

    public var count: Int { words.count }

    /// A name is blocked when one of its words, or the whole name with its
    /// separators removed (`b_a-d`), is a blocked word — ignoring case, accents
    /// and digit look-alikes. Whole words only, so "Cassandra" is fine.
    public func blocks(_ name: String) -> Bool {
        guard !words.isEmpty else { return false }
        var candidates = name.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).map { Blocklist.fold(String($0)) }
        candidates.append(Blocklist.fold(name))
        return candidates.contains { words.contains($0) }
    }

    static func fold(_ s: String) -> String {
        var out = ""
        for scalar in s.lowercased().unicodeScalars {
            switch scalar {
            case " ", "-", "_": continue
            case "á", "à", "ä", "â": out += "a"
            case "é", "è", "ë", "ê": out += "e"
            case "í", "ì", "ï", "î": out += "i"
            case "ó", "ò", "ö", "ô": out += "o"
            case "ú", "ù", "ü", "û": out += "u"
            case "0": out += "o"
            case "1": out += "i"
            case "3": out += "e"
            case "4": out += "a"
            case "5": out += "s"
            default:
                if scalar.properties.generalCategory == .nonspacingMark { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var sub = Substring(self)
        while let f = sub.first, set.contains(f) { sub = sub.dropFirst() }
        while let l = sub.last, set.contains(l) { sub = sub.dropLast() }
        return String(sub)
    }
}
