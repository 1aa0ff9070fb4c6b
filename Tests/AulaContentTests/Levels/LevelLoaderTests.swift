import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaContent

@Suite(.lab) struct LevelLoaderTests {
    /// Writes a content folder with the given files (path → text) and loads it.
    func load(_ files: [String: String]) throws -> (LevelLibrary, [ContentProblem]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aula-levels-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return LevelLoader.load(contentDirectory: dir)
    }

    static let good = """
    {"id": "w1-01", "title": "Go", "summary": "Walk.", "board": ["#####", "#..G#", "#####"],
     "ada": {"row": 1, "col": 1, "facing": "E", "health": 3}, "goal": ["reach_goal"],
     "time_limit": 60, "max_statements": 5, "par_statements": 2, "commands": ["walk"], "notes_unlocked": ["n1"]}
    """
    static let notes = ["Levels/notes/n1.en.md": "# Note", "Levels/notes/n1.es.md": "# Apunte"]
    static let worlds = #"{"worlds": [{"id": "w1", "title": "One", "xp_required": 0, "levels": ["w1-01"]}]}"#

    func reasons(_ problems: [ContentProblem]) -> [String] { problems.map { "\($0.file) \($0.field) \($0.reason.key)" } }

    @Test func aValidFolderLoadsWithoutProblems() throws {
        var files = LevelLoaderTests.notes
        files["Levels/worlds.json"] = LevelLoaderTests.worlds
        files["Levels/w1/w1-01.json"] = LevelLoaderTests.good
        let (library, problems) = try load(files)
        #expect(problems.isEmpty, "\(problems)")
        #expect(library.level(id: "w1-01")?.title == "Go")
        #expect(library.note(id: "n1", language: "es") == "# Apunte")
        #expect(library.worlds.map(\.levels) == [["w1-01"]])
    }

    @Test func badLevelFilesNameFileFieldAndReasonAndAreSkipped() throws {
        func level(_ edit: (inout [String: Any]) -> Void) throws -> String {
            var object = try JSONSerialization.jsonObject(with: Data(LevelLoaderTests.good.utf8)) as? [String: Any] ?? [:]
            edit(&object)
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        var files = LevelLoaderTests.notes
        files["Levels/worlds.json"] = #"{"worlds": [{"id": "w1", "title": "One", "levels": ["w1-01", "w1-02", "nope"]}]}"#
        files["Levels/w1/w1-01.json"] = LevelLoaderTests.good
        files["Levels/w1/w1-02.json"] = try level { $0["id"] = "w1-99" }
        files["Levels/w1/w1-03.json"] = try level { $0["id"] = "w1-03"; $0["board"] = ["#####", "#..G", "#####"] }
        files["Levels/w1/w1-04.json"] = try level { $0["id"] = "w1-04"; $0["board"] = ["#####", "#.XG#", "#####"] }
        files["Levels/w1/w1-05.json"] = try level { $0["id"] = "w1-05"; $0["ada"] = ["row": 0, "col": 0, "facing": "E"] }
        files["Levels/w1/w1-06.json"] = try level {
            $0["id"] = "w1-06"; $0["items"] = [["kind": "iron", "random_positions": [[1, 2], [0, 2], [9, 9]]], ["kind": "gold", "row": 1, "col": 2]]
        }
        files["Levels/w1/w1-07.json"] = try level { $0["id"] = "w1-07"; $0["goal"] = ["reach_goal", "win"]; $0["commands"] = ["walk", "fly"] }
        files["Levels/w1/w1-08.json"] = try level { $0["id"] = "w1-08"; $0["par_statements"] = 9; $0["languages"] = ["python"] }
        files["Levels/w1/w1-09.json"] = try level { $0["id"] = "w1-09"; $0["notes_unlocked"] = ["missing"] }
        files["Levels/w1/w1-10.json"] = try level { $0["id"] = "w1-10"; $0.removeValue(forKey: "board") }
        files["Levels/w1/w1-11.json"] = "{ not json"
        files["Levels/w1/w1-12.json"] = try level { $0["id"] = "w1-12"; $0["max_statements"] = "many" }
        let (library, problems) = try load(files)
        let found = reasons(problems)
        let expected = [
            "Levels/w1/w1-02.json id content.level.id_mismatch",
            "Levels/w1/w1-03.json board[1] content.level.board_not_rectangular",
            "Levels/w1/w1-04.json board[1] content.level.unknown_tile",
            "Levels/w1/w1-05.json ada content.level.ada_in_wall",
            "Levels/w1/w1-06.json items[0].random_positions[1] content.level.position_in_wall",
            "Levels/w1/w1-06.json items[0].random_positions[2] content.level.position_off_board",
            "Levels/w1/w1-06.json items[1].kind content.level.unknown_item",
            "Levels/w1/w1-06.json items[0].random_positions[0] content.level.position_taken",
            "Levels/w1/w1-07.json goal[1] content.level.unknown_goal",
            "Levels/w1/w1-07.json commands[1] content.level.unknown_command",
            "Levels/w1/w1-08.json par_statements content.level.par_over_max",
            "Levels/w1/w1-08.json languages[0] content.level.unknown_language",
            "Levels/w1/w1-09.json notes_unlocked[0] content.level.note_missing",
            "Levels/w1/w1-10.json board content.level.missing_field",
            "Levels/w1/w1-11.json  content.level.bad_json",
            "Levels/w1/w1-12.json max_statements content.level.wrong_type",
            "Levels/worlds.json worlds[0].levels[1] content.level.world_unknown_level",
            "Levels/worlds.json worlds[0].levels[2] content.level.world_unknown_level",
        ]
        for e in expected { #expect(found.contains(e), "missing problem: \(e)\nfound: \(found)") }
        #expect(library.levels.map(\.id) == ["w1-01"])
        #expect(library.worlds.first?.levels == ["w1-01"])
    }

    @Test func missingWorldsAndUnreachableXPAreReported() throws {
        var files = LevelLoaderTests.notes
        files["Levels/w1/w1-01.json"] = LevelLoaderTests.good
        let (_, noWorlds) = try load(files)
        #expect(reasons(noWorlds) == ["Levels/worlds.json  content.level.worlds_missing"])

        files["Levels/w1/w1-02.json"] = LevelLoaderTests.good.replacingOccurrences(of: "\"w1-01\"", with: "\"w1-02\"")
            .replacingOccurrences(of: "\"commands\"", with: "\"xp_required\": 50, \"commands\"")
        files["Levels/worlds.json"] = #"{"worlds": [{"id": "w1", "title": "One", "levels": ["w1-01", "w1-02"]}]}"#
        let (_, xp) = try load(files)
        #expect(reasons(xp) == ["Levels/worlds.json worlds[0].levels[1] content.level.xp_unreachable"])
        #expect(xp.first?.reason.args == ["w1-02", "50", "10"])
    }
}
