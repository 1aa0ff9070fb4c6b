import Testing
import AulaTestSupport
import AulaGames
import AulaContent
@testable import AulaServer

/// Every phrase key the games and content checks can produce exists in both
/// catalogs, so no player ever sees a raw key.
@Suite(.lab) struct CatalogCoverageTests {
    private func missing(_ keys: [String]) -> [String] {
        keys.filter { key in Language.allCases.contains { Catalog.shared.template(key, $0) == nil } }.sorted()
    }

    @Test func hangmanPhrasesAreInBothCatalogs() {
        #expect(!HangmanPhrases.allKeys.isEmpty)
        #expect(missing(HangmanPhrases.allKeys) == [])
        #expect(missing(WordDeckLoader.problemKeys) == [])
    }

    @Test func quizPhrasesAreInBothCatalogs() {
        #expect(!QuizPhrases.allKeys.isEmpty)
        #expect(missing(QuizPhrases.allKeys) == [])
    }

    @Test func levelPhrasesAreInBothCatalogs() {
        #expect(!LevelPhrases.allKeys.isEmpty)
        #expect(missing(LevelPhrases.allKeys) == [])
    }
}
