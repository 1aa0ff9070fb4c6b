import AulaGames
import Foundation

/// Reads `Levels/` from a content folder: `worlds.json`, every level file
/// `Levels/<world>/<id>.json` and the notes `Levels/notes/<id>.<lang>.md`.
/// Invalid level files are skipped (and reported); valid ones are kept.
/// A world keeps its valid levels; XP problems are reported but kept.
public enum LevelLoader {
    /// `previous`: the levels in use before a console `reload`, by id; a level
    /// file that now fails keeps its previous version (said in a warning).
    public static func load(contentDirectory: URL, previous: [String: Level] = [:]) -> (LevelLibrary, [ContentProblem]) {
        let fm = FileManager.default
        let root = contentDirectory.appendingPathComponent("Levels")
        var problems: [ContentProblem] = []

        // Notes: "id.lang" -> text.
        var noteFiles: [String: [String: String]] = [:]
        let notesDir = root.appendingPathComponent("notes")
        for name in ((try? fm.contentsOfDirectory(atPath: notesDir.path)) ?? []).sorted() where name.hasSuffix(".md") {
            let parts = name.dropLast(3).split(separator: ".")
            guard parts.count == 2 else { continue }
            guard let text = try? String(contentsOf: notesDir.appendingPathComponent(name), encoding: .utf8) else {
                problems.append(LevelValidation.problem("Levels/notes/\(name)", "", "unreadable"))
                continue
            }
            noteFiles[String(parts[0]), default: [:]][String(parts[1])] = text
        }
        var noteKeys = Set<String>()
        for (id, langs) in noteFiles { for lang in langs.keys { noteKeys.insert("\(id).\(lang)") } }

        // Level files, one folder deep.
        var levels: [Level] = []
        var ids = Set<String>()
        let folders = ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        for folder in folders where folder != "notes" {
            var isDir: ObjCBool = false
            let dir = root.appendingPathComponent(folder)
            guard fm.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else { continue }
            for name in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where name.hasSuffix(".json") {
                let file = "Levels/\(folder)/\(name)"
                let (level, found) = decodeLevel(at: dir.appendingPathComponent(name), file: file,
                                                 expectedID: String(name.dropLast(5)), notes: noteKeys)
                problems += found
                guard let level, found.allSatisfy(\.isWarning) else {
                    if let old = previous[String(name.dropLast(5))], ids.insert(old.id).inserted {
                        problems.append(ContentProblem(file: file, field: "", reason: Phrase("content.reload.kept_previous"), isWarning: true))
                        levels.append(old)
                    }
                    continue
                }
                guard ids.insert(level.id).inserted else {
                    problems.append(LevelValidation.problem(file, "id", "duplicate_id", [level.id]))
                    continue
                }
                levels.append(level)
            }
        }

        // Worlds.
        let worldsFile = "Levels/worlds.json"
        var worlds: [World] = []
        if let data = fm.contents(atPath: root.appendingPathComponent("worlds.json").path) {
            do {
                let list = try JSONDecoder().decode(WorldList.self, from: data)
                let (kept, found) = checkWorlds(list.worlds, levels: levels, file: worldsFile)
                worlds = kept
                problems += found
            } catch {
                problems.append(problem(from: error, file: worldsFile))
            }
        } else {
            problems.append(LevelValidation.problem(worldsFile, "", "worlds_missing"))
        }
        return (LevelLibrary(worlds: worlds, levels: levels, notes: noteFiles), problems)
    }

    /// Decodes and checks one level file.
    public static func decodeLevel(at url: URL, file: String, expectedID: String, notes: Set<String>) -> (Level?, [ContentProblem]) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return (nil, [LevelValidation.problem(file, "", "unreadable")])
        }
        do {
            let level = try JSONDecoder().decode(Level.self, from: data)
            let fields = (try? JSONDecoder().decode(LevelFieldNames.self, from: data)) ?? LevelFieldNames()
            return (level, fields.problems(file: file) + LevelValidation.check(level, file: file, expectedID: expectedID, notes: notes))
        } catch {
            return (nil, [problem(from: error, file: file)])
        }
    }

    /// Worlds keep only existing, not yet listed levels; XP must never go down
    /// along the order and must be reachable with the XP of earlier levels.
    static func checkWorlds(_ worlds: [World], levels: [Level], file: String) -> ([World], [ContentProblem]) {
        var problems: [ContentProblem] = []
        let byID = Dictionary(levels.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var listed = Set<String>()
        var kept: [World] = []
        var available = 0       // XP a player can have earned before this level
        var previousNeed = 0
        for (w, world) in worlds.enumerated() {
            var ids: [String] = []
            if world.levels.isEmpty { problems.append(LevelValidation.problem(file, "worlds[\(w)].levels", "world_empty")) }
            for (i, id) in world.levels.enumerated() {
                let field = "worlds[\(w)].levels[\(i)]"
                guard let level = byID[id] else {
                    problems.append(LevelValidation.problem(file, field, "world_unknown_level", [id])); continue
                }
                guard listed.insert(id).inserted else {
                    problems.append(LevelValidation.problem(file, field, "world_duplicate_level", [id])); continue
                }
                let need = max(world.xpRequired, level.xpRequired)
                if need < previousNeed {
                    // Says the fix (session 10): the world's XP, or an earlier world, or a challenge.
                    problems.append(LevelValidation.problem(file, field, "xp_order", [id, "\(need)", "\(previousNeed)", world.id]))
                } else if need > available {
                    problems.append(LevelValidation.problem(file, field, "xp_unreachable", [id, "\(need)", "\(available)"]))
                }
                previousNeed = max(previousNeed, need)
                available += level.xpReward
                ids.append(id)
            }
            var keptWorld = world
            keptWorld.levels = ids
            kept.append(keptWorld)
        }
        // A level in no world is playable by its id but not on the map: say so
        // (a warning; the level loads).
        for level in levels where !listed.contains(level.id) {
            var warning = LevelValidation.problem(file, "worlds", "not_on_map", [level.id])
            warning.isWarning = true
            problems.append(warning)
        }
        return (kept, problems)
    }

    /// A decoding failure as a problem naming the field.
    static func problem(from error: any Error, file: String) -> ContentProblem {
        func path(_ keys: [any CodingKey]) -> String {
            var out = ""
            for k in keys {
                if let i = k.intValue { out += "[\(i)]" } else { out += out.isEmpty ? k.stringValue : ".\(k.stringValue)" }
            }
            return out
        }
        guard let error = error as? DecodingError else { return LevelValidation.problem(file, "", "bad_json") }
        switch error {
        case .keyNotFound(let key, let context):
            return LevelValidation.problem(file, path(context.codingPath + [key]), "missing_field")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return LevelValidation.problem(file, path(context.codingPath), "wrong_type")
        case .dataCorrupted(let context):
            return LevelValidation.problem(file, path(context.codingPath), context.codingPath.isEmpty ? "bad_json" : "wrong_type")
        @unknown default:
            return LevelValidation.problem(file, "", "bad_json")
        }
    }
}

/// Which of the renamed or alternative fields a level file wrote, read apart
/// from `Level` because the model keeps only the meaning: `board` with
/// `boards` is an error; the old `max_lines`/`par_lines` are read as
/// `max_statements`/`par_statements` with a warning (SPEC §12).
struct LevelFieldNames: Decodable {
    var board: [String]?
    var boards: [[String]]?
    var maxLines: Int?
    var parLines: Int?

    enum CodingKeys: String, CodingKey {
        case board, boards, maxLines = "max_lines", parLines = "par_lines"
    }

    init() {}

    func problems(file: String) -> [ContentProblem] {
        var out: [ContentProblem] = []
        if board != nil, boards != nil { out.append(LevelValidation.problem(file, "boards", "board_and_boards")) }
        if boards?.isEmpty == true { out.append(LevelValidation.problem(file, "boards", "board_empty")) }
        for (old, new, present) in [("max_lines", "max_statements", maxLines != nil), ("par_lines", "par_statements", parLines != nil)]
        where present {
            var warning = LevelValidation.problem(file, old, "legacy_field", [old, new])
            warning.isWarning = true
            out.append(warning)
        }
        return out
    }
}
