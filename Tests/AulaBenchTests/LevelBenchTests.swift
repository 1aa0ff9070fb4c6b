import Testing
import AulaTestSupport
import AulaGames
@testable import AulaBench

@Suite(.lab) struct LevelBenchTests {
    @Test func benchProgramIsTwoHundredStatementsAndSolvesEveryLayout() throws {
        let level = LevelBench.level()
        let program = try LevelProgram.compile(LevelBench.program(), for: level).get()
        #expect(program.statementCount == 200)
        #expect(level.board.count == 20 && level.board.allSatisfy { $0.count == 20 })
        // The bench's 9 layouts (SPEC §12) ...
        let nine = Judge.judge(program: program, level: level, layouts: LevelBench.layouts(level), timeLeft: 1, timeLimit: 1)
        #expect(nine.solved, "\(String(describing: nine.reason))")
        #expect(nine.seedsTotal == 9)
        // ... and what `submit` judges on a level with thousands of layouts: the shown one and 16 fresh.
        #expect(level.allLayouts() == nil)
        let submit = Judge.judge(program: program, level: level, freshSeed: 7, timeLeft: 1, timeLimit: 1)
        #expect(submit.solved && submit.seedsTotal == 17 && submit.seed == 7)
        #expect(LevelBench.benchJudge(rounds: 1) > 0)
        #expect(LevelBench.benchJudge(rounds: 1, submitPlan: true) > 0)
    }

    /// Issue 20's largest case: a level with 64 layouts is judged on every one.
    @Test func benchProgramSolvesEveryLayoutOfTheSixtyFourLayoutLevel() throws {
        let level = LevelBench.level(ironBlocks: 3)
        let program = try LevelProgram.compile(LevelBench.program(), for: level).get()
        #expect(level.allLayouts()?.count == 64)
        let verdict = Judge.judge(program: program, level: level, freshSeed: 7, timeLeft: 1, timeLimit: 1)
        #expect(verdict.solved && verdict.seedsTotal == 64 && verdict.seed == nil, "\(String(describing: verdict.reason))")
        #expect(LevelBench.benchJudge(rounds: 1, everyLayout: true) > 0)
    }
}
