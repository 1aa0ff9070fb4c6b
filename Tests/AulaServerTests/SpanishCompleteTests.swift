import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// Issue 16: Spanish without English left in it, English complete too.
@Suite(.lab) struct SpanishCompleteTests {
    /// Texts that are rightly the same in both languages: formats, symbols,
    /// names and words Spanish borrows ("PIN", "chat", "JSON").
    static let sameInBoth: Set<String> = [
        "PIN:", "{0}", "{0}: {1}", "{0} ({1})", "{0}) {1}", "  {0}", "OK", "JSON", "chat", "ranking", "color",
        "TinTin++", "{0} s",  // seconds: the SI symbol in both languages
        "{0} min", "{0} h", "{0} d",  // minutes, hours, days: symbols accepted with the SI, likewise (board2)
    ]

    /// A text is format-only when nothing but placeholders, digits and punctuation remain.
    static func formatOnly(_ s: String) -> Bool {
        var t = s
        while let r = t.range(of: #"\{[0-9]+\}"#, options: .regularExpression) { t.removeSubrange(r) }
        return !t.contains { $0.isLetter }
    }

    @Test func everyKeyHasASpanishTextThatIsNotTheEnglishOne() {
        let catalog = Catalog.shared
        let en = catalog.keys(.en), es = catalog.keys(.es)
        #expect(en.subtracting(es).sorted() == [], "keys missing in Spanish")
        #expect(es.subtracting(en).sorted() == [], "keys missing in English")
        var empty: [String] = [], same: [String] = []
        for key in en.sorted() {
            guard let e = catalog.template(key, .en), let s = catalog.template(key, .es) else { continue }
            if s.trimmingCharacters(in: .whitespaces).isEmpty || e.trimmingCharacters(in: .whitespaces).isEmpty { empty.append(key) }
            else if s == e && !Self.sameInBoth.contains(s) && !Self.formatOnly(s) && !SpanishCompleteTests.allowedKeys.contains(key) {
                same.append(key)
            }
        }
        #expect(empty == [])
        #expect(same == [], "Spanish identical to English: \(same.map { "\($0)=\(catalog.template($0, .es) ?? "")" })")
    }

    /// Keys whose text is a proper name or code, the same in any language.
    static let allowedKeys: Set<String> = [
        "admin.prompt", "admin.error_line",  // "admin>", "error: {0}": the same word in Spanish
        "level.facing_letter.N", "level.facing_letter.E", "level.facing_letter.S",  // compass letters (O for west differs)
    ]

    @Test func spanishMessagesNeverNameEnglishCommands() {
        // Each English command word a Spanish message once told students to type.
        let english = ["escribe start", "team Cohetes", "crear hangman", "crear quiz", "crear level", "lector off",
                       "Bienvenido", "El profesor", "baraja", "vestíbulo", "[hangman|", "text|json", "[easy|"]
        for key in Catalog.shared.keys(.es).sorted() {
            let text = Catalog.shared.template(key, .es) ?? ""
            for word in english { #expect(!text.contains(word), "\(key): \(text)") }
        }
    }

    @Test func theSpanishHelpShowsOnlyWordsTheServerAccepts() {
        let usage = Catalog.shared.text("usage.create", .es)
        #expect(usage == "crear ahorcado [carrera] [fácil|medio|difícil] [mazo] | crear cuestionario MAZO | crear nivel NIVEL")
        for word in ["fácil", "medio", "difícil"] { #expect(HangmanDifficulty(word: word) != nil) }
        for game in ["ahorcado", "cuestionario", "nivel"] { #expect(Server.gameNames[game] != nil) }
        #expect(LobbyCommands.table.find("crear") != nil && LobbyCommands.table.find("ranking") != nil)
    }

    @Test func aLeaderboardTitleNamesTheGameInTheReadersLanguage() {
        let title = Phrase("top.title_game", ["3B", Phrase.entry("top.game.hangman")])
        #expect(Catalog.shared.text(title, .es) == "Clasificación — 3B — ahorcado")
        #expect(Catalog.shared.text(title, .en) == "Leaderboard — 3B — hangman")
    }

    @Test func didYouMeanOffersTheReadersOwnLanguage() {
        let en = LobbyCommands.table.words(in: .en), es = LobbyCommands.table.words(in: .es)
        #expect(Suggestion.closest(to: "clear", in: en) != "crear")
        #expect(Suggestion.closest(to: "jion", in: en) == "join")
        #expect(Suggestion.closest(to: "cear", in: es) == "crear")
        #expect(!es.contains("join") && !en.contains("unirse"))
    }

    @Test func wordListsSortAsAReaderExpects() {
        let words = ["zorro", "águila", "ñu", "nube", "oso", "Abeja", "árbol"]
        #expect(Collation.sorted(words) == ["Abeja", "águila", "árbol", "nube", "ñu", "oso", "zorro"])
        #expect(Collation.less("ñandú", "oca") && Collation.less("nutria", "ñandú"))
    }
}
