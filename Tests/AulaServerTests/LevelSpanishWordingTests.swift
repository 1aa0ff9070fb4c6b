import Testing
import AulaTestSupport
@testable import AulaServer

/// Neutral Spanish in the level rooms' lines (play test, session 8: a student
/// moved into a class challenge was "trasladado", masculine). Kept apart from
/// `NeutralSpanishTests`' shared lists; the same rule: a participle agreeing
/// with a person is gendered, after a form of "haber" it is not.
@Suite(.lab) struct LevelSpanishWordingTests {
    static let gendered: Set<String> = ["trasladado", "trasladados", "movido", "movidos"]

    @Test func noLevelRoomLineSpeaksOfTheStudentInTheMasculine() {
        for key in Catalog.shared.keys(.es).sorted() where key.hasPrefix("level.") {
            let text = (Catalog.shared.template(key, .es) ?? "").lowercased()
            let words = text.split { !$0.isLetter }.map(String.init)
            for (index, word) in words.enumerated() where Self.gendered.contains(word) {
                let afterHaber = index > 0 && NeutralSpanishTests.notAPerson.contains(words[index - 1])
                #expect(afterHaber, "\(key): \(text)")
            }
        }
    }
}
