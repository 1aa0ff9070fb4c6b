import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaContent

/// Session 10's checks a teacher can act on: an unreachable goal, a level in
/// no world, a quiz type no answer names, files skipped for their name, files
/// not saved as UTF-8, and the XP order message naming the world.
@Suite(.lab) struct ContentChecksTests {
    /// Writes a content folder with the given files (path → bytes) and returns it.
    func folder(_ files: [String: Data]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aula-checks-\(UUID().uuidString)")
        for (path, data) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return dir
    }

    func level(_ board: [String], ada: (Int, Int) = (1, 1), items: [LevelItem] = [], commands: [String] = ["walk", "turnLeft", "turnRight"],
               boards: [[String]]? = nil) -> Level {
        Level(id: "t-01", title: "T", summary: "S", board: board, ada: AdaStart(row: ada.0, col: ada.1, facing: "E", health: 3),
              items: items, goal: ["reach_goal"], commands: commands, boards: boards)
    }

    func reasons(_ level: Level) -> [String] {
        LevelValidation.check(level, file: "Levels/t/t-01.json", expectedID: "t-01", notes: []).map { "\($0.field) \($0.reason.key)" }
    }

    @Test func aWalledOffGoalIsAProblemNamingTheBoard() {
        #expect(reasons(level(["#######", "#..#.G#", "#######"])) == ["board content.level.goal_unreachable"])
        #expect(reasons(level(["#######", "#...~G#", "#######"])) == [], "water costs health but does not block")
        #expect(reasons(level(["#####", "#...#", "#.#.#", "#..G#", "#####"])) == [], "a way round is a way")
    }

    @Test func ironBlocksOnlyWithoutHitAndDoorsOpenOnlyWithAReachableKey() {
        let iron = [LevelItem(kind: "iron", row: 1, col: 3)]
        #expect(reasons(level(["######", "#...G#", "######"], items: iron)) == ["board content.level.goal_unreachable"])
        #expect(reasons(level(["######", "#...G#", "######"], items: iron, commands: ["walk", "hit"])) == [])
        let keyCommands = ["walk", "turnLeft", "turnRight", "pick", "use"]
        let door = ["#######", "#..D.G#", "#######"]
        #expect(reasons(level(door, commands: keyCommands)) == ["board content.level.goal_unreachable"], "no key at all")
        #expect(reasons(level(door, items: [LevelItem(kind: "key", row: 1, col: 2)], commands: keyCommands)) == [])
        #expect(reasons(level(door, items: [LevelItem(kind: "key", row: 1, col: 4)], commands: keyCommands))
                == ["board content.level.goal_unreachable"], "the key is behind the door")
        #expect(reasons(level(door, items: [LevelItem(kind: "key", row: 1, col: 2)], commands: ["walk", "pick"]))
                == ["board content.level.goal_unreachable"], "use is not unlocked")
    }

    @Test func aLayoutWithTheKeyShutAwayIsNamed() {
        let board = ["########", "#..D..G#", "#####.##", "#####.##", "########"]
        let key = LevelItem(kind: "key", randomPositions: [[1, 2], [3, 5]])
        let found = LevelValidation.check(level(board, items: [key], commands: ["walk", "turnRight", "pick", "use"]),
                                          file: "Levels/t/t-01.json", expectedID: "t-01", notes: [])
        #expect(found.map(\.reason.key) == ["content.level.goal_unreachable_layout"])
        #expect(found.first?.reason.args.last == "key [3, 5]")
        // Board variants: the one with the wall is named.
        let variants = level(["#####", "#..G#", "#####"], boards: [["#####", "#..G#", "#####"], ["#####", "#.#G#", "#####"]])
        #expect(reasons(variants) == ["boards[1] content.level.goal_unreachable_layout"])
    }

    @Test func theShippedLevelsAreAllReachable() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let (library, problems) = LevelLoader.load(contentDirectory: root)
        #expect(library.levels.count >= 15)
        #expect(problems.filter { $0.reason.key.hasPrefix("content.level.goal_unreachable") } == [])
    }

    @Test func aLevelInNoWorldIsWarnedAboutAndLoads() throws {
        let good = LevelLoaderTests.good
        let dir = try folder([
            "Levels/worlds.json": Data(LevelLoaderTests.worlds.utf8),
            "Levels/w1/w1-01.json": Data(good.utf8),
            "Levels/w5/w5-09.json": Data(good.replacingOccurrences(of: "\"w1-01\"", with: "\"w5-09\"").utf8),
            "Levels/notes/n1.en.md": Data("# N".utf8), "Levels/notes/n1.es.md": Data("# A".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let (library, problems) = LevelLoader.load(contentDirectory: dir)
        #expect(problems.map { "\($0.field) \($0.reason.key) \($0.isWarning)" } == ["worlds content.level.not_on_map true"])
        #expect(problems.first?.reason.args == ["w5-09"])
        #expect(library.level(id: "w5-09") != nil)
    }

    @Test func aNewWorldNeedingLessXPSaysWhichWorldToRaise() throws {
        let second = LevelLoaderTests.good.replacingOccurrences(of: "\"w1-01\"", with: "\"w5-01\"")
        let worlds = #"{"worlds": [{"id": "w1", "title": "One", "xp_required": 0, "levels": ["w1-01", "w1-02"]}, "#
            + #"{"id": "w5", "title": "Five", "xp_required": 0, "levels": ["w5-01"]}]}"#
        let dir = try folder([
            "Levels/worlds.json": Data(worlds.utf8),
            "Levels/w1/w1-01.json": Data(LevelLoaderTests.good.utf8),
            "Levels/w1/w1-02.json": Data(LevelLoaderTests.good.replacingOccurrences(of: "\"w1-01\"", with: "\"w1-02\"")
                .replacingOccurrences(of: "\"commands\"", with: "\"xp_required\": 10, \"commands\"").utf8),
            "Levels/w5/w5-01.json": Data(second.utf8),
            "Levels/notes/n1.en.md": Data("# N".utf8), "Levels/notes/n1.es.md": Data("# A".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, problems) = LevelLoader.load(contentDirectory: dir)
        let order = problems.first { $0.reason.key == "content.level.xp_order" }
        #expect(order?.field == "worlds[1].levels[0]")
        #expect(order?.reason.args == ["w5-01", "0", "10", "w5"])
    }

    static let personality = """
    {"id": "pets-en", "title": "Pets", "lang": "en", "description": "Which pet?",
     "types": [{"key": "cat", "title": "Cat", "definition": "Calm"}, {"key": "dog", "title": "Dog", "definition": "Loyal"},
               {"key": "fish", "title": "Fish", "definition": "Quiet"}],
     "questions": [{"kind": "single", "text": "Morning?", "answers": [{"text": "Sleep", "type": "cat"}, {"text": "Run", "type": "dog"}]}]}
    """

    @Test func aPersonalityTypeNoAnswerNamesIsWarnedAbout() throws {
        let dir = try folder(["Decks/quizzes/pets-en.json": Data(Self.personality.utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let (decks, problems) = QuizDeckLoader.load(contentDirectory: dir)
        #expect(decks.map(\.id) == ["pets-en"])
        #expect(problems.map { "\($0.field) \($0.reason.key) \($0.isWarning)" } == ["types[2] content.quiz.type_unreachable true"])
        #expect(problems.first?.reason.args == ["fish"])
    }

    @Test func filesWithAnotherExtensionAreNamedNotIgnoredSilently() throws {
        let dir = try folder([
            "Decks/words/ext-es.txt": Data("{}".utf8), "Decks/quizzes/ext2-es.JSON": Data("{}".utf8),
            "Decks/words/.hidden": Data(), "Levels/w5/w5-01.json.bak": Data("{}".utf8), "Levels/notes/x.en.md": Data(),
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let found = ContentFileChecks.ignoredFiles(contentDirectory: dir)
        #expect(found.map { "\($0.file) \($0.reason.args) \($0.isWarning)" } == [
            "Decks/words/ext-es.txt [ext-es.json] true",
            "Decks/quizzes/ext2-es.JSON [ext2-es.json] true",
            "Levels/w5/w5-01.json.bak [w5-01.json] true",
        ])
    }

    @Test func aLatin1FileIsToldItIsNotUTF8() throws {
        // "piñata" in Latin-1: ñ is the single byte F1.
        var latin1 = Data(#"{"id": "latin1-es", "title": "Fiesta", "lang": "es", "words": [{"word": "pi"#.utf8)
        latin1.append(0xF1)
        latin1.append(contentsOf: Array(#"ata", "hint": "Se rompe"}]}"#.utf8))
        let dir = try folder(["Decks/words/latin1-es.json": latin1, "Decks/words/broken.json": Data("{ nope".utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, problems) = WordDeckLoader.load(contentDirectory: dir)
        let explained = ContentFileChecks.explainingEncoding(problems, contentDirectory: dir)
        #expect(explained.map { "\($0.file) \($0.reason.key)" } == [
            "Decks/words/broken.json content.words.not_json",
            "Decks/words/latin1-es.json content.file.not_utf8",
        ])
    }

    /// The guide's own-level and own-world examples (both languages) load on
    /// top of the shipped course with no problem, the level on the map.
    @Test func theGuidesLevelAndWorldExamplesLoad() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Admin/TEACHER-GUIDE.md"), encoding: .utf8)
        for heading in ["### Your own levels, worlds and decks", "### Tus propios niveles, mundos y mazos"] {
            let section = try #require(guide.components(separatedBy: heading).dropFirst().first?.components(separatedBy: "\n### ").first)
            let blocks = section.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
            try #require(blocks.count == 2, "\(heading)")
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aula-guide-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent("Levels"), to: dir.appendingPathComponent("Levels"))
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("Levels/w5"), withIntermediateDirectories: true)
            try Data(blocks[0].utf8).write(to: dir.appendingPathComponent("Levels/w5/w5-01.json"))
            let worldsURL = dir.appendingPathComponent("Levels/worlds.json")
            var worlds = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: worldsURL)) as? [String: Any])
            let world = try JSONSerialization.jsonObject(with: Data(blocks[1].utf8))
            worlds["worlds"] = ((worlds["worlds"] as? [Any]) ?? []) + [world]
            try JSONSerialization.data(withJSONObject: worlds).write(to: worldsURL)
            let (library, problems) = LevelLoader.load(contentDirectory: dir)
            #expect(problems == [], "\(heading)")
            #expect(library.worlds.last?.levels == ["w5-01"])
        }
    }
}
