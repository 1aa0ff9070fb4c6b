import Testing
import AulaTestSupport
@testable import AulaServer

/// Two catalog parts defining one key: the first part's text wins silently
/// (session 9: `create quiz` on a server without quiz decks said "There are no
/// word decks on this server, so hangman can't be played" — the quiz's own
/// `error.no_decks` was shadowed by hangman's).
@Suite(.lab) struct CatalogKeyClashTests {
    @Test(arguments: [Language.en, Language.es]) func noKeyIsDefinedTwiceWithDifferentWords(language: Language) {
        var seen: [String: String] = [:]
        var clashes: [String] = []
        for part in Catalog.parts {
            for (key, text) in language == .en ? part.en : part.es {
                if let earlier = seen[key], earlier != text { clashes.append("\(key): \"\(earlier)\" / \"\(text)\"") }
                seen[key] = seen[key] ?? text
            }
        }
        #expect(clashes.isEmpty, "\(clashes.sorted().joined(separator: "\n"))")
    }
}
