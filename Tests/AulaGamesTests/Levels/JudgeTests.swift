import Testing
import AulaTestSupport
@testable import AulaGames

@Suite(.lab) struct JudgeTests {
    /// A corridor whose iron block is in one of three places.
    func shiftingIron() -> Level {
        TestLevels.corridor(".......", items: [LevelItem(kind: "iron", randomPositions: [[1, 3], [1, 4], [1, 5]])],
                            goal: ["break_iron", "reach_goal"])
    }

    @Test func aProgramThatLooksSolvesEveryLayout() throws {
        let level = shiftingIron()
        let program = try TestLevels.program("while (look() != GOAL) {\n if (look() == IRON) { hit(); } else { walk(); }\n}\nwalk();", level)
        let verdict = Judge.judge(program: program, level: level, timeLeft: 60, timeLimit: 120)
        #expect(verdict.solved)
        // Three possible places: every layout is judged (SPEC §12).
        #expect(verdict.seedsTotal == 3)
        #expect(verdict.seedsPassed == 3)
        #expect(verdict.firstFailingLayout == nil)
    }

    @Test func aProgramForTheShownLayoutOnlyFailsOnAnotherAndThatLayoutIsReported() throws {
        let level = shiftingIron()
        let iron = try #require(level.layout(seed: Level.shownSeed).irons.first)
        var lines: [String] = []
        for col in 2...8 {
            if col == iron.col { lines.append("hit();") }
            lines.append("walk();")
        }
        let program = try TestLevels.program(lines.joined(separator: "\n"), level)
        var shown = LevelRun(level: level, program: program)
        #expect(shown.runToEnd().solved)
        let verdict = Judge.judge(program: program, level: level, timeLeft: 60, timeLimit: 120)
        #expect(!verdict.solved)
        #expect(verdict.seedsPassed < verdict.seedsTotal)
        let failing = try #require(verdict.firstFailingLayout)
        #expect(!failing.layout.samePlaces(as: level.layout(seed: Level.shownSeed)))
        #expect(failing.layout.irons != [iron])
        #expect(failing.board.rows[1].contains("I"))
        #expect(verdict.points == 0 && verdict.stars == 0)
    }

    @Test func levelsWithoutRandomItemsHaveOneLayout() throws {
        let level = TestLevels.corridor()
        let verdict = Judge.judge(program: try TestLevels.program("repeat (5) { walk(); }", level), level: level, timeLeft: 10, timeLimit: 100)
        #expect(verdict.seedsTotal == 1)
        #expect(verdict.solved)
    }

    @Test func starsFollowPar() {
        #expect(Judge.stars(lines: 4, par: 4) == 3)
        #expect(Judge.stars(lines: 6, par: 4) == 2)
        #expect(Judge.stars(lines: 7, par: 4) == 1)
        #expect(Judge.stars(lines: 7, par: 5) == 2)
    }

    @Test func scoreIsHundredPlusTimeBonusPlusStars() throws {
        #expect(Judge.points(stars: 3, timeLeft: 60, timeLimit: 120) == 100 + 25 + 60)
        #expect(Judge.points(stars: 1, timeLeft: 120, timeLimit: 120) == 100 + 50 + 20)
        #expect(Judge.points(stars: 2, timeLeft: 0.5, timeLimit: 120) == 100 + 0 + 40)
        let level = TestLevels.corridor()   // par 5
        let program = try TestLevels.program("walk();\nwalk();\nwalk();\nwalk();\nwalk();\nturnLeft();\nturnRight();", level)
        let verdict = Judge.judge(program: program, level: level, timeLeft: 30, timeLimit: 120)
        #expect(verdict.lines == 7)
        #expect(verdict.stars == 2)
        #expect(verdict.points == 100 + 13 + 40)
    }

    @Test func noTimeLeftIsTimeUp() throws {
        let level = TestLevels.corridor()
        let verdict = Judge.judge(program: try TestLevels.program("repeat (5) { walk(); }", level), level: level, timeLeft: 0, timeLimit: 100)
        #expect(!verdict.solved)
        #expect(verdict.reason == "time_up")
    }
}
