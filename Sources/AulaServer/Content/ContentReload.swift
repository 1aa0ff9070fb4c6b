import Foundation
import AulaContent
import AulaGames

/// What the console's `reload` keeps of the content loaded before (session 10):
/// a reload otherwise takes what a start would, problems left out.
public enum ContentReload {
    /// The blocklist files that `ContentLibrary.load` reads leniently or finds empty.
    static let damagedBlocklist: Set<String> = ["content.blocklist_lenient", "content.blocklist_empty"]

    /// A damaged blocklist file must not weaken the name filter mid-lesson:
    /// the old list stays while it had words and the new file is damaged.
    public static func keepsOldBlocklist(_ problems: [ContentProblem], old: Blocklist) -> Bool {
        old.count > 0 && problems.contains { damagedBlocklist.contains($0.reason.key) }
    }

    /// `Levels/` is gone: if levels were loaded, it was moved away by mistake (a
    /// re-play: the course emptied and students read "There is no level"), so the
    /// levels loaded before stay and the console is told. Reads the disk: off the loop.
    public static func levelsFolderGone(_ directory: String) -> Bool {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        return !FileManager.default.fileExists(atPath: root.appendingPathComponent("Levels").path)
    }

    /// None of `Levels/`, `Decks/words/`, `Decks/quizzes/` is there: the folder
    /// moved or the server runs elsewhere, so a reload would empty the class.
    public static func foldersGone(_ directory: String) -> Bool {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        return !["Levels", "Decks/words", "Decks/quizzes"].contains {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }
    }
}
