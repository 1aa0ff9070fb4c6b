import Testing
import AulaTestSupport
@testable import AulaGames

/// Judge every layout (SPEC §12): all of them up to 64, else the shown one
/// and 16 from a fresh seed; board variants are layouts too.
@Suite(.lab) struct LevelLayoutTests {
    /// A corridor with `items` irons, each in one of `places` places.
    func corridor(items: Int, places: Int) -> Level {
        let width = places * items + 4
        let wall = String(repeating: "#", count: width)
        let floor = "#" + String(repeating: ".", count: width - 3) + "G#"
        let list = (0..<items).map { i in
            LevelItem(kind: "iron", randomPositions: (0..<places).map { [1, 2 + i * places + $0] })
        }
        return TestLevels.make([wall, floor, wall], ada: AdaStart(row: 1, col: 1), items: list,
                               goal: ["break_iron", "reach_goal"])
    }

    static let lookingProgram = "while (look() != GOAL) { if (look() == IRON) { hit(); } else { walk(); } } walk();"

    @Test func upTo64LayoutsAreAllListedAndAllJudged() throws {
        let level = corridor(items: 2, places: 4)          // 16 layouts
        let all = try #require(level.allLayouts())
        #expect(all.count == 16)
        #expect(Set(all.map(\.placeKey)).count == 16)
        let plan = level.judgeLayouts(shown: level.layout(seed: Level.shownSeed), freshSeed: 99)
        #expect(plan.layouts.count == 16 && plan.seed == nil)
        #expect(plan.layouts[0] == level.layout(seed: Level.shownSeed))
        let program = try TestLevels.program(LevelLayoutTests.lookingProgram, level)
        let verdict = Judge.judge(program: program, level: level, timeLeft: 1, timeLimit: 1)
        #expect(verdict.solved && verdict.seedsTotal == 16 && verdict.seed == nil)
    }

    @Test func exactly64IsStillEveryLayoutAnd65IsNot() throws {
        #expect(corridor(items: 3, places: 4).allLayouts()?.count == 64)
        let many = corridor(items: 2, places: 9)           // 81 layouts
        #expect(many.allLayouts() == nil)
        #expect(many.judgedLayoutCount == 17)
    }

    @Test func overSixtyFourIsTheShownLayoutAndSixteenFromAFreshSeed() throws {
        let level = corridor(items: 3, places: 5)          // 125 layouts
        let shown = level.layout(seed: Level.shownSeed)
        let a = level.judgeLayouts(shown: shown, freshSeed: 11)
        let b = level.judgeLayouts(shown: shown, freshSeed: 12)
        #expect(a.layouts.count == 17 && a.seed == 11)
        #expect(a.layouts[0] == shown && b.layouts[0] == shown)
        // A fresh seed gives other layouts; the same seed the same ones (a teacher can replay it).
        #expect(a.layouts.map(\.placeKey) != b.layouts.map(\.placeKey))
        #expect(level.judgeLayouts(shown: shown, freshSeed: 11).layouts == a.layouts)
        let program = try TestLevels.program(LevelLayoutTests.lookingProgram, level)
        let verdict = Judge.judge(program: program, level: level, freshSeed: 11, timeLeft: 1, timeLimit: 1)
        #expect(verdict.solved && verdict.seedsTotal == 17 && verdict.seed == 11)
    }

    @Test func twoItemsNeverShareAPlaceAndOrderDoesNotMakeNewLayouts() throws {
        // Two irons, each in one of the same three places: 3 distinct layouts, not 9.
        let wall = "#######"
        let level = TestLevels.make([wall, "#....G#", wall], items: [
            LevelItem(kind: "iron", randomPositions: [[1, 2], [1, 3], [1, 4]]),
            LevelItem(kind: "iron", randomPositions: [[1, 2], [1, 3], [1, 4]]),
        ], goal: ["break_iron", "reach_goal"])
        let all = try #require(level.allLayouts())
        #expect(all.count == 3)
        #expect(all.allSatisfy { Set($0.irons).count == 2 })
    }

    @Test func boardVariantsAreLayoutsAndAHardCodedProgramFailsOnOne() throws {
        let first = ["#######", "#....G#", "#######"]
        let second = ["#######", "#.#..G#", "#######"]
        var level = TestLevels.make(first)
        level.boards = [first, second]
        #expect(level.hasRandomItems)
        let all = try #require(level.allLayouts())
        #expect(all.map(\.board) == [0, 1])
        #expect(BoardState(level: level, layout: all[1]).tile(at: Position(row: 1, col: 2)) == .wall)
        #expect(level.layout(seed: Level.shownSeed).board == 0)
        let straight = try TestLevels.program("walk(); walk(); walk(); walk(); walk();", level)
        let verdict = Judge.judge(program: straight, level: level, timeLeft: 1, timeLimit: 1)
        #expect(!verdict.solved && verdict.seedsTotal == 2 && verdict.seedsPassed == 1)
        #expect(verdict.firstFailingLayout?.layout.board == 1)
        #expect(verdict.firstFailingLayout?.board.rows[1] == "#>#..G#")
    }

    @Test func randomPlacesShowAsQuestionMarksAndInReaderMode() throws {
        let level = corridor(items: 1, places: 3)
        let layout = level.layout(seed: Level.shownSeed)
        let view = BoardView(state: BoardState(level: level, layout: layout))
        let iron = try #require(layout.irons.first)
        #expect(Array(view.rows[1])[iron.col] == "I")
        #expect(view.rows[1].filter { $0 == "?" }.count == 2)
        #expect(view.legend.contains { $0.symbol == "?" })
        #expect(view.description.filter { $0.key == "level.reader.maybe" }.count == 2)
        // A level with nothing random shows none.
        let plain = TestLevels.corridor()
        #expect(!BoardView(state: BoardState(level: plain, layout: plain.layout(seed: 0))).rows.joined().contains("?"))
    }
}
