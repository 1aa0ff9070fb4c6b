import AulaGames

/// The level-judging benchmark for `aula bench judge` (SPEC §12: a
/// 200-statement program over a 20×20 board judged on 9 layouts in under
/// 1 ms p99). The bench level has thousands of layouts, so a real `submit`
/// judges 17 (the shown one and 16 from a fresh seed); `judgeSubmit` times that too.
public enum LevelBench {
    /// A 20×20 room with iron blocks placed at random along its walls and the
    /// goal in a corner; Ada starts in the opposite corner. Six blocks of four
    /// places each (4,096 layouts: `submit` judges 17); with `ironBlocks: 3`,
    /// 64 layouts — the most a level may have and still be judged on every one.
    public static func level(ironBlocks: Int = 6) -> Level {
        var board = ["####################"]
        for _ in 0..<18 { board.append("#" + String(repeating: ".", count: 18) + "#") }
        board.append("####################")
        var goalRow = Array(board[18])
        goalRow[1] = "G"
        board[18] = String(goalRow)
        var items: [LevelItem] = []
        for k in 0..<min(max(ironBlocks, 0), 6) {
            items.append(LevelItem(kind: "iron", randomPositions: [[1, 3 + k * 2], [1, 4 + k * 2], [2 + k * 2, 18], [3 + k * 2, 18]]))
        }
        return Level(id: "bench", title: "Bench", summary: "Benchmark.", board: board,
                     ada: AdaStart(row: 1, col: 1, facing: "E", health: 10), items: items,
                     goal: ["reach_goal"], timeLimit: 600, maxStatements: 400, parStatements: 200,
                     commands: ProgramRules.knownCommands)
    }

    /// A 200-statement-line program: a wall-following loop unrolled 32 times
    /// (six statement lines each) plus a few lines around it.
    public static func program() -> String {
        var lines = ["int turns = 0;", "int limit = 400;", "while (look() != GOAL && turns < limit) {"]
        for _ in 0..<32 {
            lines += ["    if (look() == IRON) {", "        hit();", "    } else if (look() == WALL) {", "        turnRight();",
                      "        turns = turns + 1;", "    } else {", "        walk();", "    }"]
        }
        lines += ["    if (look() == IRON) {", "        hit();", "    } else {", "        walk();", "    }", "}", "turns = turns % 4;", "walk();"]
        return lines.joined(separator: "\n")
    }

    /// The 9 layouts of SPEC §12: the shown one and 8 seeded ones.
    public static func layouts(_ level: Level) -> [LevelLayout] {
        (0..<9).map { level.layout(seed: UInt64($0)) }
    }

    /// Seconds to compile and judge the benchmark program on 9 layouts (the
    /// best of `rounds` tries, after one warm-up).
    /// With `submitPlan`, on the layouts a real `submit` judges instead
    /// (the shown one and 16 from a fresh seed: 17).
    /// With `everyLayout`, on the 64-layout level, judged as `submit` judges
    /// it: every layout (issue 20's largest case).
    public static func benchJudge(rounds: Int = 5, submitPlan: Bool = false, everyLayout: Bool = false) -> Double {
        let level = everyLayout ? level(ironBlocks: 3) : level()
        let layouts = submitPlan || everyLayout ? level.judgeLayouts(shown: level.layout(seed: Level.shownSeed), freshSeed: 42).layouts
                                                : layouts(level)
        let source = program()
        var best = Double.infinity
        let clock = ContinuousClock()
        for round in 0...max(rounds, 1) {
            let elapsed = clock.measure {
                if case .success(let program) = LevelProgram.compile(source, for: level) {
                    _ = Judge.judge(program: program, level: level, layouts: layouts, timeLeft: 1, timeLimit: 1)
                }
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if round > 0 { best = min(best, seconds) }
        }
        return best
    }
}
