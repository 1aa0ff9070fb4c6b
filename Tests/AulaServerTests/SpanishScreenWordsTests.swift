import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaLevelRoom

/// Session 12 (a blind student in Spanish): English words on Spanish screens
/// are mispronounced by a Spanish screen reader — "XP", "Quizzes", golf's
/// "par" ("pair" in Spanish), and help listing English names beside the
/// Spanish ones as if they were the same.
@Suite(.lab) struct SpanishScreenWordsTests {
    /// English words no Spanish text may use (room ids like `quiz-2` are typed, not words).
    static let english: Set<String> = ["xp", "quiz", "quizzes", "par", "score", "round", "level", "hangman"]

    @Test func noSpanishTextUsesTheseEnglishWords() {
        for key in Catalog.shared.keys(.es).sorted() where !key.hasPrefix("usage.") {
            let text = Catalog.shared.template(key, .es) ?? ""
            // Words, with what joins an identifier kept whole: a room id (`quiz-3`), a
            // field name (`par_statements`), a folder (`Decks/quizzes/`).
            let words = text.split { !($0.isLetter || $0.isNumber || "-_/".contains($0)) }.map { $0.lowercased() }
            for word in words where Self.english.contains(word) {
                Issue.record("\(key): “\(word)” in \(text)")
            }
        }
    }

    @Test func theLevelScreensSayExperienceAndTheBestKnownSolutionInSpanish() {
        let t = TextContext(language: .es, reader: true, color: false, width: 40)
        #expect(t.say("level.progress.xp", "10", "10") == "+10 de experiencia (ahora tienes 10).")
        #expect(t.say("me.xp", "30", "3") == "Experiencia: 30, 3 niveles resueltos.")
        #expect(t.say("level.result.stars", "★★★", "4", "4") == "Estrellas: ★★★ (4 instrucciones; la mejor solución conocida usa 4).")
        #expect(t.say("help.quiz.set").hasPrefix("Cuestionarios con nota:"))
    }

    @Test func spanishHelpNamesTheSpanishWordsFirstAndTheEnglishOnesAsSuch() {
        let es = TextContext(language: .es, reader: true, color: false, width: 40)
        let en = TextContext(language: .en, reader: true, color: false, width: 40)
        let create = HelpEntry(id: "create", name: "create", aliases: ["crear"])
        #expect(Server.helpNames(create, es) == "Nombres: crear; también en inglés: create")
        #expect(Server.helpNames(create, en) == "Names: create, crear")
        let quit = HelpEntry(id: "quit", name: "quit", aliases: ["salir", "adios", "adiós", "exit"])
        #expect(Server.helpNames(quit, es) == "Nombres: salir, adios, adiós; también en inglés: quit, exit")
        let colour = HelpEntry(id: "color", name: "color", aliases: ["colour", "colores"])
        #expect(Server.helpNames(colour, es) == "Nombres: color, colores; también en inglés: colour")
    }
}
