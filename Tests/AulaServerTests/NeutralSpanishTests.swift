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
}
