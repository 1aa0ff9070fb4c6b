/// The comparison forms (`Blocklist.fold`) of the words of one name, made at
/// most once per login line (issue 20). The blocklist and the reserved words
/// fold the same words — each word, its letters without digits, the whole name
/// run together — and folding (leetspeak forms, look-alike keys) was the
/// largest user-side cost of a login. `fold` is a pure function, so keeping its
/// answers for one name changes no rule: every check reads the same forms.
struct NameFolds {
    private var made: [(text: String, forms: [String])] = []
    private var split: (name: String, words: [String])?

    init() { made.reserveCapacity(6) }

    /// `Blocklist.fold(text)`, folded the first time this name asks for it.
    mutating func fold(_ text: String) -> [String] {
        // A handful of entries per name: a linear search beats hashing.
        for entry in made where entry.text == text { return entry.forms }
        let forms = Blocklist.fold(text)
        made.append((text, forms))
        return forms
    }

    /// The name's words (split at space, `-`, `_`), split the first time it is asked.
    mutating func words(_ name: String) -> [String] {
        if let split, split.name == name { return split.words }
        // One word (nearly every name): itself, without splitting (issue 20).
        if !name.isEmpty, !name.utf8.contains(where: { $0 == 0x20 || $0 == 0x2D || $0 == 0x5F }) {
            split = (name, [name])
            return [name]
        }
        let words = name.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).map(String.init)
        split = (name, words)
        return words
    }
}
