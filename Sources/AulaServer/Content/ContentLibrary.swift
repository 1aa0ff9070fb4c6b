import Foundation
import AulaGames
import AulaContent

/// Everything read from the content folder (`Levels/`, `Decks/`), validated.
/// Bad files are reported as problems and left out; the rest is used.
public struct ContentLibrary: Sendable {
    public var blocklist: Blocklist = .empty
    /// Ada's worlds, levels and notes (`Levels/`).
    public var levels: LevelLibrary = .empty

    public init() {}

    /// One line per kind of content, for `check-content` and the start-up log.
    public func summary(_ language: Language) -> [String] {
        [Catalog.shared.text("check.blocklist", language, String(blocklist.count)),
         // levels (main's ContentMessages has this key; on merge take main's ContentLibrary)
         Catalog.shared.text("check.levels", language, String(levels.worlds.count), String(levels.levels.count),
                             String(levels.noteIDs.count))]
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
        // levels
        let (levels, levelProblems) = LevelLoader.load(contentDirectory: root)
        library.levels = levels
        problems += levelProblems
        return (library, problems)
    }
}
