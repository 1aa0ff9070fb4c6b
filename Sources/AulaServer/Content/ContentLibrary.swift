import Foundation
import AulaGames
import AulaContent

/// Everything read from the content folder (`Levels/`, `Decks/`), validated.
/// Bad files are reported as problems and left out; the rest is used.
public struct ContentLibrary: Sendable {
    public var blocklist: Blocklist = .empty
    /// Quiz decks (`Decks/quizzes/*.json`), valid ones only, sorted by file name. [quiz]
    public var quizDecks: [QuizDeck] = []

    public init() {}

    /// One line per kind of content, for `check-content` and the start-up log.
    public func summary(_ language: Language) -> [String] {
        [Catalog.shared.text("check.blocklist", language, String(blocklist.count))]
            + quizDecks.map { Catalog.shared.text(QuizDeckLoader.summary($0), language) }  // [quiz]
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
        // [quiz] quiz decks: bad files are reported and left out.
        let (quizDecks, quizProblems) = QuizDeckLoader.load(contentDirectory: root)
        library.quizDecks = quizDecks
        problems += quizProblems
        return (library, problems)
    }
}
