/// The gendered forms the Spanish texts avoid (README "Spanish in Aula":
/// gender-inclusive phrasing, never a generic masculine), shared by the
/// register checks of the catalog, the notes and the quiz decks (session 12:
/// the animal deck said "prefiero estar tranquilo", "Eres alegre, juguetón",
/// "Pregunto a un amigo", "entre todos"; the quiz said "Los 2 primeros").
public enum SpanishRegister {
    /// Nouns and pronouns for people in the masculine, as whole words.
    public static let genderedWords: Set<String> = [
        "amigo", "amigos", "juntos", "nosotros", "niños", "chicos", "alumnos", "compañeros",
    ]
    /// Adjectives that agree with the reader: flagged after a verb that makes
    /// them about a person ("eres tranquilo", "prefiero estar tranquilo"),
    /// not after a thing ("el jardín tranquilo", "si es divertido").
    public static let genderedAdjectives: Set<String> = [
        "tranquilo", "juguetón", "observador", "ingenioso", "creativo", "divertido", "curioso", "listo", "contento",
    ]
    static let personVerbs: Set<String> = ["eres", "soy", "estar", "estoy", "estás", "sientes", "siento"]
    /// Pairs of words that speak of people in the masculine.
    public static let genderedPairs: Set<String> = ["entre todos", "los tuyos", "primeros hasta"]

    /// The gendered forms found in a text (lowercased words and word pairs).
    public static func genderedForms(in text: String) -> [String] {
        let words = text.lowercased().split { !$0.isLetter }.map(String.init)
        let pairs = zip(words, words.dropFirst()).map { "\($0) \($1)" }
        var found = words.filter { genderedWords.contains($0) } + pairs.filter { genderedPairs.contains($0) }
        if let verb = words.firstIndex(where: { personVerbs.contains($0) }) {
            found += words[verb...].filter { genderedAdjectives.contains($0) }
        }
        return found
    }
}
