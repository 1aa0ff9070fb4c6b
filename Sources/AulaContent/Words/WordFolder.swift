import AulaGames

/// What `WordDeckLoader.read` found in Decks/words: the valid decks, the file
/// each came from and every .json file there, read or not. The word bank
/// follows the files (session 10): a deck whose file is gone stops serving its
/// file's words, while one whose file is there but broken keeps what it had.
public struct WordFolder: Sendable {
    public var decks: [WordDeck] = []
    /// Deck id → its file name inside Decks/words (`cocina-es.json`).
    public var fileOfDeck: [String: String] = [:]
    /// Every .json file name in Decks/words.
    public var files: Set<String> = []
    /// Decks/words was there: without it (a server started outside its folder)
    /// no deck is taken as deleted.
    public var folderFound = false
    public var problems: [ContentProblem] = []

    public init(decks: [WordDeck] = [], fileOfDeck: [String: String] = [:], files: Set<String> = [],
                folderFound: Bool = false, problems: [ContentProblem] = []) {
        self.decks = decks
        self.fileOfDeck = fileOfDeck
        self.files = files
        self.folderFound = folderFound
        self.problems = problems
    }
}

/// Which words and hints may not go into a deck (the server's blocklist, which
/// AulaContent does not know): a word it matches is left out with a warning.
public struct WordScreen: Sendable {
    public let blocksWord: @Sendable (String) -> Bool
    public let blocksHint: @Sendable (String) -> Bool

    public init(blocksWord: @escaping @Sendable (String) -> Bool, blocksHint: @escaping @Sendable (String) -> Bool) {
        self.blocksWord = blocksWord
        self.blocksHint = blocksHint
    }

    public static let none = WordScreen(blocksWord: { _ in false }, blocksHint: { _ in false })
}
