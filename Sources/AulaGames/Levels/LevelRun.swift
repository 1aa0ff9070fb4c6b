/// Where Ada is and which way she faces (row and column from 0).
public struct AdaState: Sendable, Equatable {
    public var row: Int
    public var col: Int
    public var facing: Facing
}

/// Why a run stopped. The raw values are the `reason` words of `level.result`.
public enum RunReason: String, Sendable, Equatable {
    case solved
    case noHealth = "no_health"
    case programEnded = "program_ended"
    case tooManySteps = "too_many_steps"
    /// A division or remainder by zero; the run stops at that line.
    case runtimeError = "runtime_error"
    /// Over the operation budget (`ProgramLimits.maxOperations`) or the
    /// judge's wall-clock deadline: the program does too much work.
    case tooSlow = "too_slow"
}

/// How a run ended, in words (`phrase`) and as a stable reason.
public struct RunEnd: Sendable, Equatable {
    public let reason: RunReason
    public let phrase: Phrase
    public let steps: Int
    /// When unsolved: each goal still not met, in the level's order.
    public var unmet: [UnmetGoal] = []
    public var solved: Bool { reason == .solved }
}

/// One step of a run, as the trace and `level.step` show it: the line, what
/// was done as written (`walk()`, `while (look() != WALL)`), whether it went
/// well, a phrase telling what happened (nil for plain moves), and Ada after
/// it. `end` is set on the step that finished the run.
public struct StepOutcome: Sendable, Equatable {
    public let number: Int
    public let line: Int
    public let action: String
    public let ok: Bool
    public let message: Phrase?
    public let ada: AdaState
    public let health: Int
    public let end: RunEnd?
    /// Health after the step minus before (0, or negative when Ada was hurt).
    public var healthChange: Int = 0
    /// Enemy strikes in this step when `message` already tells something
    /// else (a bump, a hit): both are reported, never one hiding the other.
    public var strike: Phrase?
}

/// A program running on one layout of a level, one step at a time: one
/// action, assignment, condition or loop round per step. Deterministic: the
/// same level, layout and program always give the same steps.
public struct LevelRun: Sendable {
    /// The run stops after this many steps ("is there an endless loop?").
    public static let stepLimit = 10_000

    public let level: Level
    public let layout: LevelLayout
    public let program: LevelProgram
    public private(set) var state: BoardState
    public private(set) var steps = 0
    public private(set) var end: RunEnd?
    /// Steps plus evaluated expression nodes so far (see `ProgramLimits.maxOperations`).
    public private(set) var operations = 0
    /// Asked every `deadlineEvery` steps; nil means no wall clock (tests, `step`).
    private let deadline: RunDeadline?
    private static let deadlineEvery = 64
    private var pc = 0
    private var slots: [Int]
    /// Where each procedure call returns to. The compiler refuses recursion,
    /// so it never holds more entries than the program has procedures.
    private var returns: [Int] = []
    private let goals: [LevelGoal]

    private struct Fault: Error {}

    public init(level: Level, layout: LevelLayout, program: LevelProgram, deadline: RunDeadline? = nil) {
        self.level = level
        self.deadline = deadline
        self.layout = layout
        self.program = program
        state = BoardState(level: level, layout: layout)
        slots = Array(repeating: 0, count: program.slotCount)
        goals = level.goals
        if goalsHold() {
            end = RunEnd(reason: .solved, phrase: Phrase("level.end.solved"), steps: 0)
        } else {
            settle()
            if pc >= program.instructions.count {
                end = RunEnd(reason: .programEnded, phrase: Phrase("level.end.program_ended"), steps: 0,
                             unmet: state.unmetGoals(goals))
            }
        }
    }

    /// The shown layout of a level.
    public init(level: Level, program: LevelProgram) {
        self.init(level: level, layout: level.layout(seed: Level.shownSeed), program: program)
    }

    public var isFinished: Bool { end != nil }
    public var ada: AdaState { AdaState(row: state.ada.row, col: state.ada.col, facing: state.facing) }
    public var health: Int { state.health }
    /// The board as players see it right now.
    public var board: BoardView { BoardView(state: state) }

    /// Runs one step; nil once the run has ended.
    public mutating func step() -> StepOutcome? { advance(record: true) }

    /// Runs to the end without keeping the trace (what the judge does).
    @discardableResult
    public mutating func runToEnd() -> RunEnd {
        while end == nil { _ = advance(record: false) }
        return end ?? RunEnd(reason: .programEnded, phrase: Phrase("level.end.program_ended"), steps: steps)
    }

    // MARK: - The step machine

    private func goalsHold() -> Bool {
        guard !goals.isEmpty else { return false }
        for g in goals where !state.holds(g) { return false }
        return true
    }

    /// Follows jumps and finished loops, which cost no step and change nothing.
    private mutating func settle() {
        let code = program.instructions
        while pc < code.count {
            switch code[pc] {
            case .jump(let to): pc = to
            case .repeatNext(let base, _, _, _) where slots[base + 1] >= slots[base]: pc += 1
            case .ret: pc = returns.popLast() ?? code.count
            default: return
            }
        }
    }

    private mutating func advance(record: Bool) -> StepOutcome? {
        guard end == nil, pc < program.instructions.count else { return nil }
        let instruction = program.instructions[pc]
        var info = 0
        var ok = true
        var message: Phrase?
        var acted = false
        var strike: Phrase?
        let healthBefore = state.health
        steps += 1
        operations += 1
        do {
            switch instruction {
            case .act(let action, let i):
                info = i
                let result = state.perform(action, line: program.sources[i].line)
                ok = result.ok
                message = result.message
                acted = true
                pc += 1
                if state.health > 0 {
                    let strikes = state.enemiesTurn()
                    if strikes > 0 {
                        ok = false
                        let blows = strikes == 1 ? Phrase("level.step.enemy_strike", ["\(program.sources[i].line)"])
                            : Phrase("level.step.enemy_strikes", ["\(program.sources[i].line)", "\(strikes)"])
                        if message == nil { message = blows } else { strike = blows }
                    }
                }
            case .store(let slot, let name, let value, let i):
                info = i
                let v = try eval(value)
                slots[slot] = v
                if record { message = Phrase("level.step.set", ["\(program.sources[i].line)", name, "\(v)"]) }
                pc += 1
            case .test(let value, let orElse, let i):
                info = i
                let yes = try eval(value) != 0
                if record { message = Phrase(yes ? "level.step.condition_true" : "level.step.condition_false", ["\(program.sources[i].line)"]) }
                pc = yes ? pc + 1 : orElse
            case .repeatStart(let count, let base, let counter, let start, let exit, let i):
                info = i
                slots[base] = max(try eval(count), 0)
                slots[base + 1] = 0
                slots[base + 2] = try start.map { v throws(Fault) in try eval(v) } ?? 0
                if slots[base] == 0 {
                    if record { message = Phrase("level.step.repeat_none", ["\(program.sources[i].line)"]) }
                    pc = exit
                } else {
                    beginRound(base: base, counter: counter)
                    if record { message = roundPhrase(base: base, info: i) }
                    pc += 1
                }
            case .repeatNext(let base, let counter, let body, let i):
                info = i
                beginRound(base: base, counter: counter)
                if record { message = roundPhrase(base: base, info: i) }
                pc = body
            case .forStart(let counter, let name, let start, let condition, let exit, let i):
                info = i
                slots[counter] = try eval(start)
                let yes = try eval(condition) != 0
                if record { message = forPhrase(yes, name: name, value: slots[counter], info: i) }
                pc = yes ? pc + 1 : exit
            case .forNext(let counter, let name, let condition, let body, let i):
                info = i
                slots[counter] = slots[counter] &+ 1
                let yes = try eval(condition) != 0
                if record { message = forPhrase(yes, name: name, value: slots[counter], info: i) }
                pc = yes ? body : pc + 1
            case .call(let entry, let name, let i):
                info = i
                returns.append(pc + 1)
                if record { message = Phrase("level.step.call", ["\(program.sources[i].line)", name]) }
                pc = entry >= 0 ? entry : program.instructions.count
            case .jump(let to):
                pc = to
            case .ret:
                pc = returns.popLast() ?? program.instructions.count
            }
        } catch {
            ok = false
            let line = "\(sourceInfo(info).line)"
            message = Phrase("level.step.division_by_zero", [line])
            end = RunEnd(reason: .runtimeError, phrase: Phrase("level.end.division_by_zero", [line]), steps: steps)
        }
        if end == nil {
            if state.health <= 0 {
                end = RunEnd(reason: .noHealth, phrase: Phrase("level.end.no_health", ["\(sourceInfo(info).line)"]), steps: steps)
            } else if acted && goalsHold() {
                end = RunEnd(reason: .solved, phrase: Phrase("level.end.solved"), steps: steps)
            } else {
                settle()
                if pc >= program.instructions.count {
                    end = RunEnd(reason: .programEnded, phrase: Phrase("level.end.program_ended"), steps: steps)
                } else if operations > ProgramLimits.maxOperations
                            || (steps % LevelRun.deadlineEvery == 0 && deadline?.expired() == true) {
                    end = RunEnd(reason: .tooSlow, phrase: Phrase("level.end.too_slow"), steps: steps)
                } else if steps >= LevelRun.stepLimit {
                    end = RunEnd(reason: .tooManySteps, phrase: Phrase("level.end.too_many_steps", ["\(LevelRun.stepLimit)"]), steps: steps)
                }
            }
        }
        if var stopped = end, !stopped.solved, stopped.unmet.isEmpty {
            stopped.unmet = state.unmetGoals(goals)
            end = stopped
        }
        guard record else { return nil }
        let source = sourceInfo(info)
        return StepOutcome(number: steps, line: source.line, action: source.text, ok: ok, message: message,
                           ada: ada, health: state.health, end: end, healthChange: state.health - healthBefore, strike: strike)
    }

    /// A Java `for` check: "i is 2: the condition is true/false".
    private func forPhrase(_ yes: Bool, name: String, value: Int, info: Int) -> Phrase {
        Phrase(yes ? "level.step.for_true" : "level.step.for_false", ["\(program.sources[info].line)", name, "\(value)"])
    }

    private func sourceInfo(_ i: Int) -> SourceInfo {
        i < program.sources.count ? program.sources[i] : SourceInfo(line: 0, column: 0, spelling: .either, text: "")
    }

    private mutating func beginRound(base: Int, counter: Int?) {
        slots[base + 1] += 1
        if let counter { slots[counter] = slots[base + 2] &+ slots[base + 1] &- 1 }
    }

    private func roundPhrase(base: Int, info: Int) -> Phrase {
        Phrase("level.step.repeat_round", ["\(program.sources[info].line)", "\(slots[base + 1])", "\(slots[base])"])
    }

    /// Evaluates a compiled expression, counting each node as an operation.
    /// Recursive, but the parser's cap of `maxExpressionNodes` per expression
    /// keeps it shallow.
    private mutating func eval(_ value: Value) throws(Fault) -> Int {
        operations += 1
        switch value {
        case .constant(let n): return n
        case .slot(let s): return slots[s]
        case .look: return state.look().rawValue
        case .listen: return state.listen()
        case .not(let v): return try eval(v) == 0 ? 1 : 0
        case .negate(let v): return 0 &- (try eval(v))
        case .binary(let op, let a, let b):
            switch op {
            case .and:
                if try eval(a) == 0 { return 0 }
                return try eval(b) != 0 ? 1 : 0
            case .or:
                if try eval(a) != 0 { return 1 }
                return try eval(b) != 0 ? 1 : 0
            default: break
            }
            let x = try eval(a), y = try eval(b)
            switch op {
            case .add: return x &+ y
            case .subtract: return x &- y
            case .multiply: return x &* y
            case .divide:
                guard y != 0 else { throw Fault() }
                return x.dividedReportingOverflow(by: y).partialValue
            case .remainder:
                guard y != 0 else { throw Fault() }
                return x.remainderReportingOverflow(dividingBy: y).partialValue
            case .equal: return x == y ? 1 : 0
            case .notEqual: return x != y ? 1 : 0
            case .less: return x < y ? 1 : 0
            case .greater: return x > y ? 1 : 0
            case .lessOrEqual: return x <= y ? 1 : 0
            case .greaterOrEqual: return x >= y ? 1 : 0
            case .and, .or: return 0
            }
        }
    }
}
