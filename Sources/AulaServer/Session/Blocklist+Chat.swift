/// Chat moderation (issue 13): words of `Decks/blocklist.txt` are masked in
/// chat, never silently dropped, with the same folding as names — case,
/// accents, look-alike letters, leetspeak (`5h1t`), repeated letters
/// (`shiiit`), digits around a word (`puta99`). Chat matches whole words only,
/// even for `*` words: `Kinoshita`, `shiitake`, `Scunthorpe` and `cálculo`
/// must read as typed, so compounds (`shithead`) are listed as words of their own.
extension Blocklist {
    /// What a blocked word becomes: always four stars, so the length tells nothing.
    public static let maskText = "****"

    /// `text` with each blocked word replaced by `****` (punctuation around it
    /// kept), and whether anything was masked.
    public func mask(_ text: String) -> (text: String, masked: Bool) {
        guard !words.isEmpty else { return (text, false) }
        var out = ""
        var token = ""
        var masked = false
        func flush() {
            guard !token.isEmpty else { return }
            // `!` stands for i inside a word (`sh!t`) but is punctuation at its ends (`shit!`).
            let core = token.drop(while: { $0 == "!" })
            let lead = token.prefix(token.count - core.count)
            var end = core.endIndex
            while end > core.startIndex, core[core.index(before: end)] == "!" { end = core.index(before: end) }
            let word = String(core[core.startIndex..<end])
            if word.contains(where: \.isLetter), blocksWord(word) {
                out += lead + Blocklist.maskText + core[end...]
                masked = true
            } else {
                out += token
            }
            token = ""
        }
        for character in text {
            if Blocklist.isWordCharacter(character) {
                token.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return (out, masked)
    }

    /// One chat word: blocked as typed, or without the digits around it.
    func blocksWord(_ word: String) -> Bool {
        (Blocklist.fold(word) + Blocklist.fold(Blocklist.trimDigits(word))).contains(where: isBlocked)
    }

    /// A folded form is blocked when it is a listed word, or with runs of one
    /// letter cut to two (`asss` → `ass`); a word stretched by a run of three
    /// or more (`shiiit`) is also compared with every run cut to one (`shit`).
    /// Only stretched words: `assess` cut to one would read `ases`, as `asses` does.
    func isBlocked(_ folded: String) -> Bool {
        if words.contains(folded) { return true }
        let double = Blocklist.collapse(folded, keep: 2)
        if words.contains(double) { return true }
        guard double != folded else { return false }
        let single = Blocklist.collapse(folded)
        return single.count >= 4 && collapsed.contains(single)
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "@" || c == "$" || c == "!"
    }

    /// `s` with every run of one character cut to at most `keep`.
    static func collapse(_ s: String, keep: Int = 1) -> String {
        // ASCII but CR (CR LF is one Character): one byte a Character, no grapheme breaking (issue 20).
        if Blocklist.isASCII(s), !s.utf8.contains(0x0D) {
            var out: [UInt8] = []
            out.reserveCapacity(s.utf8.count)
            var last: UInt8?
            var run = 0
            for byte in s.utf8 {
                run = byte == last ? run + 1 : 1
                last = byte
                if run <= keep { out.append(byte) }
            }
            return out.count == s.utf8.count ? s : String(decoding: out, as: UTF8.self)
        }
        return generalCollapse(s, keep: keep)
    }

    /// `collapse` for any text, a Character at a time (tests hold the ASCII path to it).
    static func generalCollapse(_ s: String, keep: Int) -> String {
        var out = ""
        var last: Character?
        var run = 0
        for c in s {
            run = c == last ? run + 1 : 1
            last = c
            if run <= keep { out.append(c) }
        }
        return out
    }
}
