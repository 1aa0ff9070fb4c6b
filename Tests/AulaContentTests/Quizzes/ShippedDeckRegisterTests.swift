import Foundation
import Testing
import AulaTestSupport
import AulaContent
import AulaGames

/// README "Spanish in Aula" on the shipped Spanish quiz decks (session 12: the
/// animal deck spoke in the masculine — "prefiero estar tranquilo", "Eres
/// alegre, juguetón", "Pregunto a un amigo", "entre todos"), and no "1 = …"
/// that a screen reader reads as "1 igual".
@Suite(.lab) struct ShippedDeckRegisterTests {
    @Test func spanishQuizDecksUseTheCourseRegister() throws {
        let decks = QuizDeckLoader.load(contentDirectory: ShippedQuizDecksTests.root).0.filter { $0.lang == "es" }
        #expect(decks.count >= 3)
        for deck in decks {
            var texts = [deck.title, deck.description]
            texts += deck.types.flatMap { [$0.title, $0.definition] }
            texts += deck.questions.flatMap { [$0.text] + $0.answers.map(\.text) }
            for text in texts {
                #expect(SpanishRegister.genderedForms(in: text) == [], "\(deck.id): \(text)")
                #expect(!text.contains(" = "), "\(deck.id): \(text)")
            }
        }
    }
}
