import Foundation
import AulaGames
import AulaContent

/// Everything read from the content folder (`Levels/`, `Decks/`), validated.
/// Bad files are reported as problems and left out; the rest is used.
public struct ContentLibrary: Sendable {
    public var blocklist: Blocklist = .empty
    /// Hangman word decks (`Decks/words/*.json`), valid ones only. [hangman]
    public var wordDecks: [WordDeck] = []

    public init() {}

    /// One line per kind of content, for `check-content` and the start-up log.
    public func summary(_ language: Language) -> [String] {
        [Catalog.shared.text("check.blocklist", language, String(blocklist.count)),
         // [hangman]
         Catalog.shared.text("check.word_decks", language, String(wordDecks.count),
                             String(wordDecks.reduce(0) { $0 + $1.words.count }))]
    }

    /// Reads and validates the whole content folder.
    public static func load(directory: String) -> (ContentLibrary, [ContentProblem]) {
        var library = ContentLibrary()
        var problems: [ContentProblem] = []
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        let blocklistURL = root.appendingPathComponent("Decks/blocklist.txt")
        if let data = try? Data(contentsOf: blocklistURL) {
            if let text = String(data: data, encoding: .utf8) {
                library.blocklist = Blocklist(fileContents: text)
            } else {
                problems.append(ContentProblem(file: "Decks/blocklist.txt", field: "-", reason: Phrase("content.not_utf8")))
            }
        }
        // [hangman] word decks, checked with WordRules.
        let (decks, deckProblems) = WordDeckLoader.load(contentDirectory: root)
        library.wordDecks = decks
        problems += deckProblems
        return (library, problems)
    }
}
