import Testing
import AulaTestSupport
@testable import AulaServer

/// The Spanish catalog speaks neutral Spanish (common rules): one student is
/// "tú", a group is spoken of in the third person, never "vosotros" — played by
/// hand after issue 18, "¡Seguid!", "tenéis" and "Elegid … estéis" had slipped in.
@Suite(.lab) struct NeutralSpanishTests {
    /// Vosotros forms (and the old "Su docente les" of one line) as whole words.
    static let regional = ["seguid", "elegid", "tenéis", "estéis", "sois", "podéis", "vuestro", "vuestra",
                           "vuestros", "vuestras", "os", "su docente"]

    @Test func noSpanishMessageUsesVosotros() {
        for key in Catalog.shared.keys(.es).sorted() {
            let text = (Catalog.shared.template(key, .es) ?? "").lowercased()
            let words = text.split { !$0.isLetter }.map(String.init)
            let pairs = zip(words, words.dropFirst()).map { "\($0) \($1)" }
            for form in Self.regional {
                #expect(!(words.contains(form) || pairs.contains(form)), "\(key): \(text)")
            }
        }
    }

    /// Masculine generics for people (played by hand: "Todos han respondido",
    /// "{0} está silenciado", "desconectado (puede volver)"...). Adjectives
    /// that agree with a person; after a form of "haber" the participle does
    /// not agree ("te ha silenciado"), and "el chat silenciado" agrees with
    /// the chat, so those uses are allowed.
    static let genderedAdjectives = ["conectado", "conectados", "desconectado", "desconectados", "silenciado",
                                     "silenciados", "expulsado", "expulsados", "bienvenido", "bienvenidos",
                                     "importados", "atascado", "atascados", "invitado", "invitados"]
    static let notAPerson: Set<String> = ["ha", "has", "han", "he", "hemos", "haber", "habido", "chat"]
    /// Masculine nouns and articles for groups of people, as whole words or pairs.
    static let genderedWords = ["alumnos", "alumno", "jugador", "compañeros", "ellos", "espectadores", "profesores",
                                "profesor"]
    static let genderedPairs = ["los estudiantes", "los jugadores", "los docentes", "los participantes",
                                "el jugador", "el estudiante", "un estudiante", "alguien llamado", "estudiante llamado", "nadie nuevo",
                                "estudiantes nuevos", "juega solo"]
    /// "todos" alone speaks of people ("Todos han respondido", "a todos");
    /// "todos los juegos"/"todos los grupos" speak of things and are fine.
    static let thingsAfterTodos: Set<String> = ["juegos", "grupos", "mundos", "objetivos", "mazos", "niveles",
                                               "comandos", "pasos", "datos", "mensajes"]
    /// Command words stay as they are: the console's "jugadores" ("escribe
    /// jugadores") and the level room's "ajustar espectadores sí".
    static func isCommandUse(_ words: [String], _ index: Int) -> Bool {
        index > 0 && ["escribe", "usa", "ajustar"].contains(words[index - 1])
    }

    @Test func noSpanishMessageUsesMasculineGenericsForPeople() {
        for key in Catalog.shared.keys(.es).sorted() where !key.hasPrefix("usage.") {
            let text = (Catalog.shared.template(key, .es) ?? "").lowercased()
            let words = text.split { !$0.isLetter }.map(String.init)
            let pairs = zip(words, words.dropFirst()).map { "\($0) \($1)" }
            for (index, word) in words.enumerated() {
                if Self.genderedAdjectives.contains(word) {
                    #expect(index > 0 && Self.notAPerson.contains(words[index - 1]), "\(key): \(text)")
                }
                if (Self.genderedWords.contains(word) || word == "jugadores") && !Self.isCommandUse(words, index) {
                    Issue.record("\(key): “\(word)” in \(text)")
                }
                if word == "todos" {
                    let next = index + 2 < words.count && words[index + 1] == "los" ? words[index + 2] : ""
                    #expect(Self.thingsAfterTodos.contains(next), "\(key): \(text)")
                }
            }
            for pair in Self.genderedPairs where pairs.contains(pair) {
                Issue.record("\(key): “\(pair)” in \(text)")
            }
            #expect(!text.contains("/a") && !text.contains("@"), "\(key): \(text)")
        }
    }
}
