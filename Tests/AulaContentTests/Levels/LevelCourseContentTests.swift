import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaContent

/// A straight list of moves that solves the shown layout only — what a
/// student writes by hand instead of a loop or a condition: the actions the
/// reference solution takes there, one statement each (on one line, as in
/// the issue's one-liners).
func hardCoded(_ level: Level) throws -> String {
    let program = try LevelProgram.compile(referencePrograms[level.id]!.solution, rules: .everything).get()
    var run = LevelRun(level: level, layout: level.layout(seed: Level.shownSeed), program: program)
    var moves: [String] = []
    let actions = Set(Action.allCases.map(\.rawValue))
    while let outcome = run.step() {
        let word = outcome.action.replacingOccurrences(of: "ada.", with: "").replacingOccurrences(of: "()", with: "")
        if actions.contains(word) { moves.append(word + "();") }
    }
    return moves.joined(separator: " ")
}

@Suite(.lab) struct LevelCourseContentTests {
    /// Levels whose lesson is a loop or a condition: a hand-written list of moves must not pass there.
    static func teachesALoopOrCondition(_ level: Level) -> Bool {
        !Set(level.commands).isDisjoint(with: ["repeat", "while", "if"])
    }

    @Test(arguments: referencePrograms.keys.sorted())
    func hardCodedMovesFailMaxStatementsWhereALoopIsTheLesson(id: String) throws {
        let level = try #require(shipped.0.level(id: id))
        let moves = try hardCoded(level)
        let practice = try LevelProgram.practice(moves, for: level).get()
        // The moves do solve the shown layout (run works for practice) ...
        var run = LevelRun(level: level, layout: level.layout(seed: Level.shownSeed), program: practice)
        #expect(run.runToEnd().solved, "\(id)")
        guard LevelCourseContentTests.teachesALoopOrCondition(level) else { return }
        if level.hasRandomItems {
            // ... but other layouts defeat them (every layout is judged).
            let verdict = Judge.judge(program: practice, level: level, timeLeft: 1, timeLimit: 1)
            #expect(!verdict.solved, "\(id): hard-coded moves solved every layout")
            return
        }
        // ... but submit refuses them, and they would never earn 3 stars.
        #expect(practice.statementCount > level.maxStatements, "\(id): \(practice.statementCount) ≤ max \(level.maxStatements)")
        if case .success = LevelProgram.compile(moves, for: level) { Issue.record("\(id): hard-coded moves pass max_statements") }
        #expect(Judge.stars(lines: practice.statementCount, par: level.parStatements) < 3, "\(id)")
    }

    @Test func theIssuesOneLinersNoLongerGetThreeStars() throws {
        // w1-04: ten walks on one line ("★★★ (1 lines; par 2)" before).
        let w104 = try #require(shipped.0.level(id: "w1-04"))
        let ten = String(repeating: "walk(); ", count: 10)
        let practice = try LevelProgram.practice(ten, for: w104).get()
        #expect(practice.statementCount == 10)
        #expect(Judge.stars(lines: 10, par: w104.parStatements) == 1)
        guard case .failure(let error) = LevelProgram.compile(ten, for: w104) else {
            Issue.record("the w1-04 one-liner passed max_statements")
            return
        }
        #expect(error.code == "too_many_statements")
        // w2-02 (no if) and w2-05 (no variable, no nested loop), hard-coded on one line.
        for id in ["w2-02", "w2-05"] {
            let level = try #require(shipped.0.level(id: id))
            let moves = try hardCoded(level)
            #expect(!moves.contains("\n"))
            let count = try LevelProgram.practice(moves, for: level).get().statementCount
            #expect(Judge.stars(lines: count, par: level.parStatements) == 1, "\(id): \(count) statements")
        }
    }

    @Test func shippedFilesUseTheNewFieldNames() throws {
        let folder = repositoryRoot.appendingPathComponent("Levels")
        for world in ["w1", "w2", "w3", "w4"] {
            let dir = folder.appendingPathComponent(world)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".json") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                #expect(!text.contains("\"max_lines\"") && !text.contains("\"par_lines\""), "\(name)")
                #expect(text.contains("\"max_statements\"") && text.contains("\"par_statements\""), "\(name)")
            }
        }
    }
}

/// The level-format fields of issue 14: old names with a warning, board variants.
@Suite(.lab) struct LevelFormatTests {
    /// JSON written with ' for " (board rows are full of #, which raw strings cannot hold).
    static func q(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "\"") }
    func q(_ text: String) -> String { LevelFormatTests.q(text) }

    func load(_ levelJSON: String) throws -> (LevelLibrary, [ContentProblem]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aula-course-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = ["Levels/worlds.json": q("{'worlds': [{'id': 'w1', 'title': 'One', 'levels': ['w1-01']}]}"),
                     "Levels/w1/w1-01.json": levelJSON]
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return LevelLoader.load(contentDirectory: dir)
    }

    func level(board: String, limits: String = LevelFormatTests.q("'max_statements': 5, 'par_statements': 2"), items: String = "[]") -> String {
        """
        {"id": "w1-01", "title": "Go", "summary": "Walk.", \(board),
         "ada": {"row": 1, "col": 1, "facing": "E"}, "goal": ["reach_goal"], "items": \(items),
         "time_limit": 60, \(limits), "commands": ["walk"]}
        """
    }

    @Test func oldLineFieldsAreReadAsStatementsWithAWarning() throws {
        let (library, problems) = try load(level(board: q("'board': ['#####', '#..G#', '#####']"),
                                                 limits: q("'max_lines': 7, 'par_lines': 3")))
        let loaded = try #require(library.level(id: "w1-01"))
        #expect(loaded.maxStatements == 7 && loaded.parStatements == 3)
        #expect(problems.map(\.field) == ["max_lines", "par_lines"])
        #expect(problems.allSatisfy { $0.isWarning })
        #expect(problems.first?.reason == Phrase("content.level.legacy_field", ["max_lines", "max_statements"]))
    }

    @Test func boardVariantsLoadAndAreCheckedEach() throws {
        let good = level(board: q("'boards': [['#####', '#..G#', '#####'], ['#####', '#.~G#', '#####']]"))
        let (library, problems) = try load(good)
        #expect(problems.isEmpty, "\(problems)")
        #expect(library.level(id: "w1-01")?.boards.count == 2)
        #expect(library.level(id: "w1-01")?.allLayouts()?.count == 2)

        let both = level(board: q("'board': ['#####', '#..G#', '#####'], 'boards': [['#####', '#..G#', '#####']]"))
        let bothProblems = try load(both).1
        #expect(bothProblems.first?.reason.key == "content.level.board_and_boards", "\(bothProblems)")

        let sizes = level(board: q("'boards': [['#####', '#..G#', '#####'], ['######', '#...G#', '######']]"))
        #expect(try load(sizes).1.contains { $0.field == "boards[1]" && $0.reason.key == "content.level.board_variant_size" })

        // An item must be on floor in every variant; Ada too; the goal tile on each.
        let wallOnSecond = level(board: q("'boards': [['#####', '#..G#', '#####'], ['#####', '##.G#', '#####']]"))
        #expect(try load(wallOnSecond).1.contains { $0.field == "ada" && $0.reason.key == "content.level.ada_in_wall" })
        let itemInWall = level(board: q("'boards': [['#####', '#..G#', '#####'], ['#####', '#.#G#', '#####']]"),
                               items: q("[{'kind': 'iron', 'random_positions': [[1, 2]]}]"))
        #expect(try load(itemInWall).1.contains { $0.reason.key == "content.level.position_in_wall" })
        let noGoal = level(board: q("'boards': [['#####', '#..G#', '#####'], ['#####', '#...#', '#####']]"))
        #expect(try load(noGoal).1.contains { $0.reason.key == "content.level.goal_without_tile" })
    }
}
