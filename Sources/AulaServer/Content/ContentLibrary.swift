import Foundation
import AulaGames
import AulaContent

/// Everything read from the content folder (`Levels/`, `Decks/`), validated.
/// Bad files are reported as problems and left out; the rest is used.
public struct ContentLibrary: Sendable {
    public var blocklist: Blocklist = .empty
    /// Hangman word decks (`Decks/words/*.json`), valid ones only.
    public var wordDecks: [WordDeck] = []
    /// Where those decks came from and which word files are there (the word bank follows them: HangmanWordBank).
    public var wordFiles = WordFolder()
    /// Quiz decks (`Decks/quizzes/*.json`), valid ones only, sorted by file name.
    public var quizDecks: [QuizDeck] = []
    /// Ada's worlds, levels and notes (`Levels/`), valid ones only.
    public var levels = LevelLibrary(worlds: [], levels: [], notes: [:])

    public init() {}

    /// Nothing to play at all: the usual cause is a server started outside its
    /// folder (`./Levels`, `./Decks` are the default), which then ran quietly empty.
    public var isEmpty: Bool { wordDecks.isEmpty && quizDecks.isEmpty && levels.levels.isEmpty }

    /// No `Decks/blocklist.txt`: names and chat are not filtered (a server started
    /// outside its folder took "idiot" as a name; a re-play).
    public static func noBlocklistWarning(directory: String, _ language: Language) -> String {
        let folder = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL.path
        return Catalog.shared.text("check.no_blocklist", language, folder)
    }

    /// The warning for an empty library (start-up and `check-content`), naming the folder read.
    public static func emptyWarning(directory: String, _ language: Language) -> String {
        let folder = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL.path
        return Catalog.shared.text("check.no_content", language, folder)
    }

    /// One line per kind of content, for `check-content` and the start-up log.
    public func summary(_ language: Language) -> [String] {
        let catalog = Catalog.shared
        return [catalog.text("check.blocklist", language, String(blocklist.count)),
                catalog.text("check.word_decks", language, String(wordDecks.count),
                             String(wordDecks.reduce(0) { $0 + $1.words.count })),
                catalog.text("check.quiz_decks", language, String(quizDecks.count))]
            + quizDecks.flatMap { deck in
                ["  " + catalog.text(QuizDeckLoader.summary(deck), language)]
                    + (QuizDeckLoader.balanceWarning(deck).map { ["    " + catalog.text($0, language)] } ?? [])
            }
            + [catalog.text("check.levels", language, String(levels.worlds.count), String(levels.levels.count),
                            String(levels.noteIDs.count))]
    }

    /// Reads and validates the whole content folder.
    public static func load(directory: String) -> (ContentLibrary, [ContentProblem]) {
        var library = ContentLibrary()
        var problems: [ContentProblem] = []
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        let blocklistURL = root.appendingPathComponent("Decks/blocklist.txt")
        if let data = try? Data(contentsOf: blocklistURL) {
            // Never fail open: a damaged file is read leniently (its valid
            // words kept) and reported, rather than leaving no blocklist.
            let (text, lenient) = Blocklist.decode(data)
            library.blocklist = Blocklist(fileContents: text)
            if lenient {
                problems.append(ContentProblem(file: "Decks/blocklist.txt", field: "-",
                                               reason: Phrase("content.blocklist_lenient", [String(library.blocklist.count)])))
            } else if library.blocklist.count == 0 && !data.isEmpty {
                problems.append(ContentProblem(file: "Decks/blocklist.txt", field: "-", reason: Phrase("content.blocklist_empty")))
            }
        }
        let words = WordDeckLoader.read(contentDirectory: root, screen: library.blocklist.wordScreen)
        library.wordDecks = words.decks
        library.wordFiles = WordFolder(fileOfDeck: words.fileOfDeck, files: words.files, folderFound: words.folderFound)
        problems += words.problems
        let (quizDecks, quizProblems) = QuizDeckLoader.load(contentDirectory: root)
        library.quizDecks = quizDecks
        problems += quizProblems
        let (levels, levelProblems) = LevelLoader.load(contentDirectory: root)
        library.levels = levels
        problems += levelProblems
        // A kind of content that is simply not there (no `Decks/quizzes`, no
        // `Levels`) is not an error: that game just has nothing to offer, which
        // the summary shows as 0. Files that are there and wrong are problems.
        let fm = FileManager.default
        let absent: Set<String> = [
            fm.fileExists(atPath: root.appendingPathComponent("Decks/words").path) ? nil : "content.words.no_folder",
            fm.fileExists(atPath: root.appendingPathComponent("Decks/quizzes").path) ? nil : "content.quiz.folder_missing",
            fm.fileExists(atPath: root.appendingPathComponent("Levels").path) ? nil : "content.level.worlds_missing",
        ].compactMap { $0 }.reduce(into: Set<String>()) { $0.insert($1) }
        problems.removeAll { absent.contains($0.reason.key) }
        return (library, problems)
    }
}
