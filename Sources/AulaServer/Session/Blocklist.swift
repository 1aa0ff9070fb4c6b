import Foundation
import AulaStore

/// Words that may not appear in a player's name (`Decks/blocklist.txt`, one a
/// line, `#` comments). A plain line blocks a whole word (or the whole name run
/// together: `b_a-d`); a line starting with `*` also blocks the word inside
/// longer words (`*shit` blocks `ShitHead`). Substring matching is kept to a
/// short, chosen list because of the Scunthorpe problem: `cunt` inside a town,
/// `ass` in `Cassandra`, `porn` in Thai names, `anal` in `Analía`.
/// Both sides are compared by their look-alike key after undoing leetspeak
/// (`0`→o, `1`→i or l, `3`→e, `4`→a, `5`→s, `7`→t, `@`→a, `$`→s) and dropping
/// accents and separators, so `H1tl3r`, `ЅНІТ` and `s_h-i_t` are caught; a
/// word also counts without the digits around it (`Tonto99`).
public struct Blocklist: Sendable {
    let words: Set<String>
    let inside: [String]
    /// `inside`'s UTF-8 when ASCII (nil for the others): searched without a copy per name (issue 20).
    let insideASCII: [[UInt8]?]
    /// The blocked words with every run of a repeated letter cut to one
    /// (`bollocks` → `bolocks`), kept only when 4 letters or more remain, so
    /// `shiiiit` and `fuuuck` are caught but `ass` never turns into `as`.
    let collapsed: Set<String>

    public init(words: [String]) {
        var exact: Set<String> = []
        var inside: [String] = []
        for raw in words {
            let substring = raw.hasPrefix("*")
            let word = substring ? String(raw.dropFirst()) : raw
            for folded in Blocklist.fold(word) where folded.count >= 2 {
                exact.insert(folded)
                if substring && folded.count >= 3 { inside.append(folded) }
            }
        }
        self.words = exact
        self.inside = inside
        self.insideASCII = inside.map { Blocklist.isASCII($0) ? Array($0.utf8) : nil }
        self.collapsed = Set(exact.map { Blocklist.collapse($0) }.filter { $0.count >= 4 })
    }

    public init(fileContents: String) {
        let lines = fileContents.split(whereSeparator: \.isNewline).map { String($0).trimmingCharacters(in: " \t") }
        self.init(words: lines.filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }

    public static let empty = Blocklist(words: [])

    public var count: Int { words.count }

    /// The file's text: UTF-8 (a BOM dropped), UTF-16 with a BOM (Windows
    /// Notepad's "Unicode"), else UTF-8 read leniently. `lenient` says bad
    /// bytes were skipped, which the caller reports: a damaged file must never
    /// leave the server with no blocklist, nor silently with half of one.
    public static func decode(_ data: Data) -> (text: String, lenient: Bool) {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            let valid = String(validating: units, as: UTF16.self)
            return (valid ?? String(decoding: units, as: UTF16.self), valid == nil || bytes.count % 2 == 1)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let text = String(validating: body, as: UTF8.self) { return (text, false) }
        // Lossy: invalid bytes become U+FFFD, then every character that cannot
        // be in a word is a separator, so the valid words around them survive.
        let lossy = String(decoding: body, as: UTF8.self)
        let cleaned = String(String.UnicodeScalarView(lossy.unicodeScalars.map { scalar -> Unicode.Scalar in
            scalar == "\u{FFFD}" || scalar.properties.generalCategory == .control && scalar != "\n" ? "\n" : scalar
        }))
        return (cleaned, true)
    }

    /// A name is blocked when one of its words, or the whole name with its
    /// separators removed, is a blocked word; or when a `*` word is inside it.
    public func blocks(_ name: String) -> Bool {
        var folds = NameFolds()
        return blocks(name, folds: &folds)
    }

    /// `blocks`, folding through `folds`: a login's reserved-word check reuses them (issue 20).
    func blocks(_ name: String, folds memo: inout NameFolds) -> Bool {
        guard !words.isEmpty else { return false }
        let parts = memo.words(name)
        // Each word as typed, and without the digits around it (`Puta99`).
        let folds = parts.map { memo.fold($0) }
        var candidates = folds.flatMap { $0 }
        for part in parts {
            // A word with no digits around it is itself: its folds are in already (issue 20).
            let trimmed = Blocklist.trimDigits(part)
            if trimmed != part { candidates += memo.fold(trimmed) }
        }
        // A one-word name is its own run-together form: its folds are made and checked once (issue 20).
        let oneWord = parts.count == 1 && parts[0] == name
        let whole = oneWord ? folds[0] : memo.fold(name)
        if !oneWord { candidates += whole }
        if candidates.contains(where: isBlocked) { return true }
        return whole.contains(where: containsInsideWord)
    }

    /// A `*` word is inside this folded form (`Blocklist.contains` for each).
    func containsInsideWord(_ folded: String) -> Bool {
        guard Blocklist.isASCII(folded) else { return inside.contains { Blocklist.contains(folded, $0) } }
        var text = folded
        return text.withUTF8 { haystack in
            for (index, bytes) in insideASCII.enumerated() {
                if let bytes {
                    if bytes.withUnsafeBufferPointer({ Blocklist.bytes(haystack, contain: $0) }) { return true }
                } else if Blocklist.contains(folded, inside[index]) {
                    return true
                }
            }
            return false
        }
    }

    /// `text.contains(word)`. Foundation's `contains` compares by canonical
    /// equivalence (an ICU-backed search); for two plain ASCII strings that is
    /// a plain byte search, done here without it — a login folds every name
    /// against the `*` words (issue 20: name checks were ~15 % of a login's CPU).
    static func contains(_ text: String, _ word: String) -> Bool {
        guard !word.isEmpty, Blocklist.isASCII(text), Blocklist.isASCII(word) else { return text.contains(word) }
        // Searched in the strings' own UTF-8 storage: no copies (a name is
        // checked against every `*` word, two arrays each was ~100 mallocs a login).
        var text = text, word = word
        return text.withUTF8 { haystack in word.withUTF8 { needle in bytes(haystack, contain: needle) } }
    }

    static func bytes(_ haystack: UnsafeBufferPointer<UInt8>, contain needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        let first = needle[0], count = needle.count
        for start in 0...(haystack.count - count) where haystack[start] == first {
            var i = 1
            while i < count && haystack[start + i] == needle[i] { i += 1 }
            if i == count { return true }
        }
        return false
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    static func trimDigits(_ word: String) -> String {
        if Blocklist.isASCII(word) {
            // ASCII's only numbers are 0–9: no Character iteration (issue 20).
            let utf8 = word.utf8
            guard let first = utf8.firstIndex(where: { $0 < 0x30 || $0 > 0x39 }) else { return "" }
            guard let last = utf8.lastIndex(where: { $0 < 0x30 || $0 > 0x39 }) else { return "" }
            if first == utf8.startIndex && utf8.index(after: last) == utf8.endIndex { return word }
            return String(word[first...last])
        }
        return generalTrimDigits(word)
    }

    /// `trimDigits` for any text, a Character at a time (tests hold the ASCII path to it).
    static func generalTrimDigits(_ word: String) -> String {
        var sub = Substring(word)
        while let f = sub.first, f.isNumber { sub = sub.dropFirst() }
        while let l = sub.last, l.isNumber { sub = sub.dropLast() }
        return String(sub)
    }

    /// The comparison forms of a word: leetspeak undone (two forms when it has
    /// a `1`: i and l), look-alike key, accents and separators dropped.
    static func fold(_ s: String) -> [String] {
        if let forms = asciiForms(s) { return forms.map(comparisonKey) }
        return generalForms(s).map(comparisonKey)
    }

    /// `fold`'s forms before the key, for ASCII: the same replacements byte by
    /// byte (issue 20: building each form a `String(scalar)` at a time was most
    /// of a name's folding). Nil for anything else. Tests hold it to `generalForms`.
    static func asciiForms(_ s: String) -> [String]? {
        guard Blocklist.isASCII(s) else { return nil }
        var forms: [[UInt8]] = [[]]
        forms[0].reserveCapacity(s.utf8.count)
        for byte in s.utf8 {
            let one: UInt8
            switch byte {
            case 0x20, 0x2D, 0x5F, 0x2E: continue  // " ", "-", "_", "." fold to nothing
            case 0x30: one = 0x6F  // 0 → o
            case 0x21: one = 0x69  // ! → i
            case 0x31:  // 1 → i or l
                if forms.count < 8 {
                    forms = forms.flatMap { [$0 + [0x69], $0 + [0x6C]] }
                    continue
                }
                one = 0x69
            case 0x33: one = 0x65  // 3 → e
            case 0x34, 0x40: one = 0x61  // 4, @ → a
            case 0x35, 0x24: one = 0x73  // 5, $ → s
            case 0x37: one = 0x74  // 7 → t
            default: one = byte
            }
            for i in forms.indices { forms[i].append(one) }
        }
        return forms.map { String(decoding: $0, as: UTF8.self) }
    }

    /// `fold`'s forms before the key, for any text.
    static func generalForms(_ s: String) -> [String] {
        var forms = [""]
        for scalar in s.unicodeScalars {  // case is left to the look-alike key (Cyrillic capitals)
            let replacement: [String]
            switch scalar {
            case " ", "-", "_", ".": replacement = [""]
            case "0": replacement = ["o"]
            case "!": replacement = ["i"]
            case "1": replacement = ["i", "l"]
            case "3": replacement = ["e"]
            case "4", "@": replacement = ["a"]
            case "5", "$": replacement = ["s"]
            case "7": replacement = ["t"]
            default: replacement = [String(scalar)]
            }
            if replacement.count == 1 {
                for i in forms.indices { forms[i] += replacement[0] }
            } else if forms.count < 8 {
                forms = forms.flatMap { form in replacement.map { form + $0 } }
            } else {
                for i in forms.indices { forms[i] += replacement[0] }
            }
        }
        return forms
    }

    /// A form's look-alike key with accents (but ñ's tilde) and spaces dropped.
    /// Plain ASCII (nearly every name): decomposition changes nothing and there
    /// are no marks, so only the spaces go — the same key without Foundation's
    /// normalisation, which dominated a login's name check (issue 20).
    static func comparisonKey(_ form: String) -> String {
        // The look-alike key with its accents (`NameKey.student` drops them, ñ's tilde too).
        let student = NameSkeleton.key(form)
        guard Blocklist.isASCII(student) else { return markless(student) }
        return student.utf8.contains(0x20) ? String(decoding: student.utf8.filter { $0 != 0x20 }, as: UTF8.self) : student
    }

    /// The general path of `comparisonKey`, for any text (tests compare the two).
    static func markless(_ key: String) -> String {
        let kept = key.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
            let category = $0.properties.generalCategory
            // ñ keeps its tilde: `coño` is blocked, `cono` (a cone) is not.
            return $0 == "\u{303}" || category != .nonspacingMark && category != .spacingMark && $0 != " "
        }
        return String(String.UnicodeScalarView(kept))
    }
}
