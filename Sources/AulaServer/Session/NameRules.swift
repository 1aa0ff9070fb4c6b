import AulaGames
import AulaStore

/// The rules for a player's name (SPEC §3, §12 "Identity and limits"): 2–16
/// characters, Unicode letters, digits, space, `-` and `_`, surrounding spaces
/// trimmed; nothing invisible, no fillers, at most two combining marks on a
/// letter, one script per word. Anything else makes the name invalid — names
/// are refused with the reason, never silently cleaned. Student names also may
/// not use a reserved word (`teacher`, `admin`...: see `NameLookAlike`).
public enum NameRules {
    public static let minLength = 2
    public static let maxLength = 16
    /// More marks than this on one letter is Zalgo text (Vietnamese needs two: ệ).
    public static let maxMarksPerLetter = 2

    /// The trimmed name, or the reason it cannot be used — for teacher and group
    /// names (no reserved words: a teacher may well be called `Admin`).
    public static func validate(_ raw: String, blocklist: Blocklist) -> Result<String, Refusal> {
        validate(raw, blocklist: blocklist, fastPath: true)
    }

    /// `fastPath: false` only for the tests that hold the fast path to the general one.
    static func validate(_ raw: String, blocklist: Blocklist, fastPath: Bool) -> Result<String, Refusal> {
        var folds = NameFolds()
        return validate(raw, blocklist: blocklist, fastPath: fastPath, folds: &folds)
    }

    /// `validate`, folding the name's words through `folds` (kept for the reserved words: issue 20).
    static func validate(_ raw: String, blocklist: Blocklist, fastPath: Bool,
                         folds: inout NameFolds) -> Result<String, Refusal> {
        let name = trimSpaces(raw)
        if name.isEmpty { return .failure(Refusal("name_invalid", Phrase("error.name_empty"))) }
        if fastPath, isPlainASCII(name) {
            // Nothing invisible, no marks, one script, one character a byte: only the
            // length and the blocklist can refuse it (issue 20: most names a class types).
            let count = name.utf8.count
            if count < minLength { return .failure(Refusal("name_invalid", Phrase("error.name_too_short", [String(minLength)]))) }
            if count > maxLength { return .failure(Refusal("name_invalid", Phrase("error.name_too_long", [String(maxLength)]))) }
            if blocklist.blocks(name, folds: &folds) { return .failure(Refusal("name_invalid", Phrase("error.name_blocked"))) }
            return .success(name)
        }
        // Before the length: invisible characters can make one blank grapheme.
        for scalar in name.unicodeScalars where NameLookAlike.isInvisible(scalar) {
            return .failure(Refusal("name_invalid", Phrase("error.name_invisible", [codePointName(scalar.value)])))
        }
        let count = name.count
        if count < minLength { return .failure(Refusal("name_invalid", Phrase("error.name_too_short", [String(minLength)]))) }
        if count > maxLength { return .failure(Refusal("name_invalid", Phrase("error.name_too_long", [String(maxLength)]))) }
        for scalar in name.unicodeScalars where !isAllowed(scalar) {
            let shown = scalar.properties.generalCategory == .control || scalar.value < 0x20 || scalar == "\u{FFFD}"
                ? codePointName(scalar.value) : String(scalar)
            return .failure(Refusal("name_invalid", Phrase("error.name_bad_character", [shown])))
        }
        if let refusal = NameLookAlike.markProblem(name) { return .failure(refusal) }
        if let word = NameLookAlike.mixedScriptWord(name) {
            return .failure(Refusal("name_invalid", Phrase("error.name_mixed_scripts", [word])))
        }
        if blocklist.blocks(name, folds: &folds) { return .failure(Refusal("name_invalid", Phrase("error.name_blocked"))) }
        return .success(name)
    }

    /// `validate` plus the reserved words: the rules for a student's name.
    public static func validateStudent(_ raw: String, blocklist: Blocklist) -> Result<String, Refusal> {
        validateStudent(raw, blocklist: blocklist, fastPath: true)
    }

    static func validateStudent(_ raw: String, blocklist: Blocklist, fastPath: Bool) -> Result<String, Refusal> {
        // The blocklist and the reserved words fold the same words: once (issue 20).
        var folds = NameFolds()
        let result = validate(raw, blocklist: blocklist, fastPath: fastPath, folds: &folds)
        guard case .success(let name) = result else { return result }
        // Only digits (a PIN typed ahead at Name: became the name the class saw, session 12).
        if !hasLetter(name) { return .failure(Refusal("name_invalid", Phrase("error.name_needs_letters"))) }
        if let word = NameLookAlike.reservedWord(in: name, folds: &folds) {
            return .failure(Refusal("name_invalid", Phrase("error.name_reserved", [word])))
        }
        return result
    }

    /// Names are unique within a group by their look-alike key: case, width,
    /// accents (`Alvaro` is `Álvaro`) and homoglyphs of other scripts do not make a new
    /// name (`NameKey.student`, the same key the stored student row uses).
    public static func key(_ name: String) -> String { NameKey.student(name) }

    /// A student's name has at least one letter: `2280` is a PIN, `12 34` a code.
    static func hasLetter(_ name: String) -> Bool {
        // An ASCII letter answers at once (nearly every name); the scalars only otherwise.
        if name.utf8.contains(where: { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) { return true }
        return name.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// Every byte an ASCII letter, digit, space, `-` or `_`.
    static func isPlainASCII(_ name: String) -> Bool {
        name.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
                || b == 0x20 || b == 0x2D || b == 0x5F
        }
    }

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

extension String {
    package func trimmingCharacters(in set: String) -> String {
        var sub = Substring(self)
        while let f = sub.first, set.contains(f) { sub = sub.dropFirst() }
        while let l = sub.last, set.contains(l) { sub = sub.dropLast() }
        return String(sub)
    }
}
