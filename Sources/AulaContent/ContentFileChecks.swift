import Foundation
import AulaGames

/// Checks on the content folder's files as files, apart from what is in them
/// (session 10, a teacher writing their own content):
/// - a file the loaders skip for its name (`ext-es.txt`, `deck.JSON`) is
///   named in a warning, not ignored silently;
/// - a file that is not JSON because it is not UTF-8 (Latin-1, Windows-1252:
///   what many editors save) is told so, and how to save it.
public enum ContentFileChecks {
    /// The folders the loaders read `*.json` from, relative to the content folder;
    /// each folder under `Levels/` (a world's levels) is added when found.
    static let jsonFolders = ["Decks/words", "Decks/quizzes"]

    /// A warning for each file in a content folder that is not read because
    /// its name does not end in `.json` (hidden files and `Levels/notes` aside).
    public static func ignoredFiles(contentDirectory root: URL) -> [ContentProblem] {
        let fm = FileManager.default
        var folders = jsonFolders
        let levels = root.appendingPathComponent("Levels")
        for name in ((try? fm.contentsOfDirectory(atPath: levels.path)) ?? []).sorted() where name != "notes" && !name.hasPrefix(".") {
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: levels.appendingPathComponent(name).path, isDirectory: &isDir), isDir.boolValue {
                folders.append("Levels/\(name)")
            }
        }
        var out: [ContentProblem] = []
        for folder in folders {
            let dir = root.appendingPathComponent(folder)
            for name in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
            where !name.hasSuffix(".json") && !name.hasPrefix(".") {
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: dir.appendingPathComponent(name).path, isDirectory: &isDir), !isDir.boolValue else { continue }
                let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
                var base = stem.isEmpty ? name : stem
                if base.lowercased().hasSuffix(".json") { base = String(base.dropLast(5)) }  // `x.json.bak`
                let suggested = base + ".json"
                out.append(ContentProblem(file: "\(folder)/\(name)", field: "",
                                          reason: Phrase("content.file.ignored_extension", [suggested]), isWarning: true))
            }
        }
        return out
    }

    /// The reasons that mean "this file is not JSON" in each loader.
    static let notJSONReasons: Set<String> = ["content.words.not_json", "content.quiz.json", "content.level.bad_json"]

    /// Problems as found, with "not JSON" replaced by "not UTF-8" where the
    /// file's bytes are not UTF-8 (the JSON readers only say it is not JSON).
    public static func explainingEncoding(_ problems: [ContentProblem], contentDirectory root: URL) -> [ContentProblem] {
        problems.map { problem in
            guard notJSONReasons.contains(problem.reason.key),
                  let data = FileManager.default.contents(atPath: root.appendingPathComponent(problem.file).path),
                  !isUTF8(data) else { return problem }
            return ContentProblem(file: problem.file, field: "", reason: Phrase("content.file.not_utf8"), isWarning: problem.isWarning)
        }
    }

    /// Valid UTF-8 (a UTF-16 file with its byte-order mark is read by the JSON readers, so it passes too).
    static func isUTF8(_ data: Data) -> Bool {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) { return true }
        return String(validating: data, as: UTF8.self) != nil
    }
}
