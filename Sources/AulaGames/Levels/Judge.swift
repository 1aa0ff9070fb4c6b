/// A layout on which a submitted program failed, to show the player.
public struct FailingLayout: Sendable, Equatable {
    public let seed: UInt64
    /// The layout itself, to show it (seeds of listed layouts are their number).
    public let layout: LevelLayout
    /// The layout's board before the run (as the seed shows failing maps).
    public let board: BoardView
    /// The board when the run stopped there.
    public let finalBoard: BoardView
    public let end: RunEnd
}

/// The judge's answer for a submitted program (maps to `level.result`).
public struct Verdict: Sendable, Equatable {
    public let solved: Bool
    public let seedsPassed: Int
    public let seedsTotal: Int
    public let firstFailingLayout: FailingLayout?
    /// `nil` when solved; else `no_health`, `program_ended`, `too_many_steps`,
    /// `runtime_error`, `too_slow` or `time_up`.
    public let reason: String?
    public let reasonPhrase: Phrase?
    /// Steps on the shown layout.
    public let steps: Int
    /// The program's size in statements (SPEC §12).
    public let statements: Int
    /// The fresh seed the extra layouts came from (levels with over 64 layouts), else nil.
    public var seed: UInt64? = nil
    /// The old name of `statements`.
    public var lines: Int { statements }
    public let points: Int
    public let stars: Int
}

/// Judges a program on the shown layout and on the level's other layouts.
public enum Judge {
    /// A level with at most this many layouts is judged on all of them.
    public static let enumerateUpTo = 64
    /// Otherwise: the shown layout and this many from a fresh seed.
    public static let freshLayouts = 16

    /// Judges on the layouts `Level.judgeLayouts` picks (`shown` first,
    /// the level's first layout when nil; `freshSeed` for big levels).
    public static func judge(program: LevelProgram, level: Level, shown: LevelLayout? = nil, freshSeed: UInt64 = 1,
                             timeLeft: Double, timeLimit: Double, deadline: RunDeadline? = nil) -> Verdict {
        let plan = level.judgeLayouts(shown: shown ?? level.layout(seed: Level.shownSeed), freshSeed: freshSeed)
        var verdict = judge(program: program, level: level, layouts: plan.layouts, timeLeft: timeLeft,
                            timeLimit: timeLimit, deadline: deadline)
        verdict.seed = plan.seed
        return verdict
    }

    /// Judges on exactly `layouts` (the first is the shown one). `deadline`
    /// (the server's wall-clock budget) is shared by every layout; a layout
    /// that ends `too_slow` ends the judging there, since the others would
    /// only spend more time.
    public static func judge(program: LevelProgram, level: Level, layouts: [LevelLayout],
                             timeLeft: Double, timeLimit: Double, deadline: RunDeadline? = nil) -> Verdict {
        let statements = program.statementCount
        if timeLeft <= 0 {
            return Verdict(solved: false, seedsPassed: 0, seedsTotal: layouts.count, firstFailingLayout: nil,
                           reason: "time_up", reasonPhrase: Phrase("level.end.time_up"), steps: 0,
                           statements: statements, points: 0, stars: 0)
        }
        var passed = 0
        var failing: FailingLayout?
        var shownSteps = 0
        // One blank board per board variant, each layout's items placed on a
        // copy: the rows are read once per judging, not once per layout.
        var blanks: [Int: BoardState] = [:]
        let goals = level.goals
        for (index, layout) in layouts.enumerated() {
            let blank = blanks[layout.board] ?? BoardState(level: level, board: layout.board)
            blanks[layout.board] = blank
            var run = LevelRun(level: level, layout: layout, program: program, deadline: deadline,
                               board: blank.placing(layout), goals: goals)
            let end = run.runToEnd()
            if index == 0 { shownSteps = end.steps }
            if end.solved {
                passed += 1
            } else if failing == nil {
                // Boards are drawn only for the layout shown as failing (drawing
                // one cost more than running the program; issue 20): the board
                // before the run is the layout's fresh board, as a new run has it.
                let before = BoardView(state: BoardState(level: level, layout: layout))
                failing = FailingLayout(seed: layout.seed, layout: layout, board: before, finalBoard: run.board, end: end)
            }
            if end.reason == .tooSlow {
                let tooSlow = failing ?? FailingLayout(seed: layout.seed, layout: layout, board: run.board,
                                                       finalBoard: run.board, end: end)
                return Verdict(solved: false, seedsPassed: passed, seedsTotal: layouts.count, firstFailingLayout: tooSlow,
                               reason: end.reason.rawValue, reasonPhrase: end.phrase, steps: shownSteps,
                               statements: statements, points: 0, stars: 0)
            }
        }
        let solved = passed == layouts.count
        let stars = solved ? Judge.stars(lines: statements, par: level.parStatements) : 0
        return Verdict(solved: solved, seedsPassed: passed, seedsTotal: layouts.count, firstFailingLayout: failing,
                       reason: failing?.end.reason.rawValue, reasonPhrase: failing?.end.phrase, steps: shownSteps,
                       statements: statements,
                       points: solved ? points(stars: stars, timeLeft: timeLeft, timeLimit: timeLimit) : 0,
                       stars: stars)
    }

    /// 3 stars within par, 2 within one and a half times par, else 1
    /// (`lines` is the program's statement count).
    public static func stars(lines: Int, par: Int) -> Int {
        if lines <= par { return 3 }
        if lines * 2 <= par * 3 { return 2 }
        return 1
    }

    /// 100 for solving, up to 50 for the time left (in proportion; nothing
    /// when there is no time limit), and 20 per star.
    public static func points(stars: Int, timeLeft: Double, timeLimit: Double) -> Int {
        var bonus = 0
        if timeLimit > 0, timeLimit.isFinite, timeLeft.isFinite {
            let share = min(max(timeLeft / timeLimit, 0), 1)
            bonus = Int(50 * share + 0.5)  // share ≥ 0, so this rounds half up
        }
        return 100 + bonus + 20 * stars
    }
}
