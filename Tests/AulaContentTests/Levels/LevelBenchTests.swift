import Testing
import AulaGames
@testable import AulaContent

@Suite struct LevelBenchTests {
    @Test func benchProgramIsTwoHundredLinesAndSolvesEverySeed() throws {
        let level = LevelBench.level()
        let program = try LevelProgram.compile(LevelBench.program(), for: level).get()
        #expect(program.lines == 200)
        #expect(level.board.count == 20 && level.board.allSatisfy { $0.count == 20 })
        let verdict = Judge.judge(program: program, level: level, timeLeft: 1, timeLimit: 1)
        #expect(verdict.solved, "\(String(describing: verdict.reason))")
        #expect(verdict.seedsTotal == 9)
        #expect(LevelBench.benchJudge(rounds: 1) > 0)
    }
}
