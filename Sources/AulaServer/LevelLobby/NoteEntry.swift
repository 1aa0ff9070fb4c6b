import AulaGames

/// A note's id, title (its first `# ` heading) and the name a student types
/// for it (`notes girar`), in both languages. A Spanish screen names a note
/// by its Spanish name; any of its names, in either language, opens it
/// (session 12: "Apunte nuevo: Girar" but `apuntes girar` found nothing —
/// only the English id `turning` did).
package struct NoteEntry: Sendable {
    package let id: String
    package let en: String
    package let es: String
    /// What to type in Spanish: the note's `<!-- name: … -->` line, else its
    /// folded title up to a colon (`Girar` → `girar`, `Si no: else` → `si-no`).
    package let esName: String

    package init(id: String, library: LevelLibrary) {
        self.id = id
        let spanish = library.note(id: id, language: "es")
        en = NoteEntry.title(library.note(id: id, language: "en")) ?? id
        es = NoteEntry.title(spanish) ?? en
        esName = NoteEntry.declaredName(spanish) ?? NoteEntry.fold(es.split(separator: ":").first.map(String.init) ?? es)
    }

    package func title(_ t: TextContext) -> String { t.language == .es ? es : en }

    /// The name to type for this note on this screen (`notes turning`, `apuntes girar`).
    package func typed(_ t: TextContext) -> String {
        t.language == .es && !esName.isEmpty ? esName : id
    }

    /// True when `word` names this note in either language: its id, its
    /// Spanish name, or either title (folded: case and accents aside, spaces
    /// as dashes; a title's part before a colon counts too).
    package func isNamed(_ word: String) -> Bool {
        let typed = NoteEntry.fold(word)
        guard !typed.isEmpty else { return false }
        if typed == id.lowercased() || typed == esName { return true }
        for title in [en, es] {
            if typed == NoteEntry.fold(title) { return true }
            if let head = title.split(separator: ":").first, typed == NoteEntry.fold(String(head)) { return true }
        }
        return false
    }

    static func title(_ markdown: String?) -> String? {
        guard let markdown else { return nil }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = String(raw).trimmingCharacters(in: " \t\r")
            if line.isEmpty { continue }
            return String(line.drop { $0 == "#" }).trimmingCharacters(in: " \t")
        }
        return nil
    }

    /// The `<!-- name: … -->` line of a note (its first ten lines), folded.
    static func declaredName(_ markdown: String?) -> String? {
        guard let markdown else { return nil }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: true).prefix(10) {
            let line = String(raw).trimmingCharacters(in: " \t\r")
            guard let marker = LevelNoteText.comment(line), marker.hasPrefix("name:") else { continue }
            let name = fold(String(marker.dropFirst("name:".count)))
            return name.isEmpty ? nil : name
        }
        return nil
    }

    /// Lowercase letters without accents (`ñ` kept) and digits; spaces and
    /// dashes become one dash; anything else goes. At most 64 characters.
    static func fold(_ text: String) -> String {
        var out = ""
        for c in text.prefix(64) {
            if let letter = HangmanLetters.fold(c) {
                out.append(letter)
            } else if c.isASCII, c.isNumber {
                out.append(c)
            } else if c == " " || c == "-" || c == "_", !out.isEmpty, out.last != "-" {
                out.append("-")
            }
        }
        while out.last == "-" { out.removeLast() }
        return out
    }
}
