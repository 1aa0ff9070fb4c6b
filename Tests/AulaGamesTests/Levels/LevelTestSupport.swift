import Testing
@testable import AulaGames

/// Small levels written inline for the rule tests.
enum TestLevels {
    static let allCommands = ProgramRules.knownCommands

    static func make(_ board: [String], ada: AdaStart = AdaStart(row: 1, col: 1), items: [LevelItem] = [],
                     goal: [String] = ["reach_goal"], commands: [String] = allCommands,
                     languages: [String] = ["c", "java"], maxLines: Int = 200, par: Int = 5) -> Level {
        Level(id: "t-01", title: "Test", summary: "A test level.", board: board, ada: ada, items: items, goal: goal,
              timeLimit: 120, maxStatements: maxLines, parStatements: par, commands: commands, languages: languages)
    }

    /// A corridor: Ada at column 1 facing east, the goal at the far end.
    static func corridor(_ middle: String = ".....", items: [LevelItem] = [], goal: [String] = ["reach_goal"], health: Int = 3) -> Level {
        let inner = middle + "G"
        let wall = String(repeating: "#", count: inner.count + 2)
        return make([wall, "#" + "." + inner.dropFirst() + "#", wall].map { String($0) },
                     ada: AdaStart(row: 1, col: 1, facing: "E", health: health), items: items, goal: goal)
    }

    static func program(_ source: String, _ level: Level) throws -> LevelProgram {
        switch LevelProgram.compile(source, for: level) {
        case .success(let p): return p
        case .failure(let e): Issue.record("did not compile: \(e)"); throw e
        }
    }

    static func run(_ source: String, _ level: Level, seed: UInt64 = Level.shownSeed) throws -> (RunEnd, LevelRun) {
        var run = LevelRun(level: level, layout: level.layout(seed: seed), program: try program(source, level))
        let end = run.runToEnd()
        return (end, run)
    }

    static func error(_ source: String, _ level: Level) -> SyntaxError? {
        if case .failure(let e) = LevelProgram.compile(source, for: level) { return e }
        return nil
    }
}
