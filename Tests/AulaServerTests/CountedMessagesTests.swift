import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// Session 12's play test: "The server closes in 1 seconds." ("1 segundos"), "The
/// players are now in 1 teams.", "Sent to 1 students.", "Group 3B still has 1
/// students". Every message that counts says one thing in the singular, through
/// the catalog's `{N|one|other}` (Catalog.swift), in English and Spanish.
@Suite(.lab) struct CountedMessagesTests {
    /// The plural nouns the catalogs count (a new counted message with one of
    /// these words and no `{N|one|other}` fails here).
    static let plurals: [Language: [String]] = [
        .en: ["seconds", "students", "teams", "minutes", "points", "votes", "lives", "letters", "questions",
              "words", "levels", "statements", "rounds", "attempts", "stars", "rows", "columns", "characters",
              "problems", "actions", "connections", "enemies", "keys", "walls", "blanks", "misses", "worlds",
              "notes", "tiles", "lines", "bytes", "others", "changes", "players", "decks", "groups", "names",
              "rooms", "answers", "hours", "days", "files", "steps", "classmates", "people", "results"],
        .es: ["segundos", "estudiantes", "equipos", "minutos", "puntos", "votos", "vidas", "letras", "preguntas",
              "palabras", "niveles", "instrucciones", "rondas", "intentos", "estrellas", "filas", "columnas",
              "caracteres", "problemas", "acciones", "conexiones", "enemigos", "llaves", "paredes", "huecos",
              "fallos", "mundos", "apuntes", "casillas", "líneas", "personas", "cambios", "mazos", "grupos",
              "nombres", "salas", "respuestas", "horas", "días", "archivos", "pasos", "puertas", "bloques"],
    ]

    /// Every message rendered with every argument `1` (as text and as JSON) has no "1 <plural>".
    @Test func everyCountedMessageSaysOneInTheSingular() throws {
        let catalog = Catalog.shared
        let ones: [any PhraseArgumentConvertible] = Array(repeating: "1", count: 10)
        for language in Language.allCases {
            let words = try #require(Self.plurals[language]).joined(separator: "|")
            let pattern = try NSRegularExpression(pattern: "(?<![0-9.,])1 (\(words))(?![\\p{L}])")
            var wrong: [String] = []
            for key in catalog.keys(language).sorted() {
                let text = catalog.text(Phrase(key, ones), language)
                var json: [UInt8] = []
                catalog.writeEscaped(Phrase(key, ones), language, into: &json)
                for shown in [text, String(decoding: json, as: UTF8.self)]
                where pattern.firstMatch(in: shown, range: NSRange(shown.startIndex..., in: shown)) != nil {
                    wrong.append("\(key): \(shown)")
                    break
                }
            }
            #expect(wrong == [], "\(language): \(wrong.joined(separator: "\n"))")
        }
    }

    /// The four lines of the play test, with 1 and with 2.
    @Test func thePlayTestsLinesReadRight() {
        let catalog = Catalog.shared
        func say(_ key: String, _ language: Language, _ args: String...) -> String {
            catalog.text(Phrase(key, args), language)
        }
        #expect(say("shutdown.in", .en, "1") == "The server closes in 1 second. Your results are saved.")
        #expect(say("shutdown.in", .en, "2") == "The server closes in 2 seconds. Your results are saved.")
        #expect(say("shutdown.in", .es, "1") == "El servidor se cierra en 1 segundo. Tus resultados están guardados.")
        #expect(say("quiz.teams.assigned", .en, "1") == "The players are now in 1 team.")
        #expect(say("quiz.teams.assigned", .es, "3") == "Quienes juegan están ahora en 3 equipos.")
        #expect(say("admin.broadcast.done", .en, "1") == "Sent to 1 student.")
        #expect(say("admin.broadcast.done", .es, "1") == "Enviado a 1 estudiante.")
        #expect(say("error.group_not_empty", .en, "3B", "1", "1").hasPrefix("Group 3B still has 1 student and 1 round,"))
        #expect(say("error.group_not_empty", .en, "3B", "2", "1").hasPrefix("Group 3B still has 2 students and 1 round,"))
        #expect(say("hangman.reader.turn_seconds", .es, "1") == "Queda 1 segundo.")
        #expect(say("hangman.reader.turn_seconds", .es, "5") == "Quedan 5 segundos.")
    }

    /// A choice is only read as one when well formed; other braces stay as they are.
    @Test func onlyAWellFormedChoiceIsRead() {
        let catalog = Catalog(parts: [CatalogPart(en: ["t.a": "{0} {0|cat|cats} {x|y} {0|a} {5|b|c}"], es: [:])])
        #expect(catalog.text(Phrase("t.a", ["1"]), .en) == "1 cat {x|y} {0|a} {5|b|c}")
        #expect(catalog.text(Phrase("t.a", ["3"]), .en) == "3 cats {x|y} {0|a} {5|b|c}")
    }
}
