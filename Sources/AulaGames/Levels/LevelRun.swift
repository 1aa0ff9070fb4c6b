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
        self.init(level: level, layout: layout, program: program, deadline: deadline,
                  board: BoardState(level: level, layout: layout), goals: level.goals)
    }

    /// A run starting from `board` (the layout's board, made by the caller:
    /// the judge places each layout on one blank board per variant).
    init(level: Level, layout: LevelLayout, program: LevelProgram, deadline: RunDeadline?, board: BoardState, goals: [LevelGoal]) {
        self.level = level
        self.deadline = deadline
        self.layout = layout
        self.program = program
        state = board
        slots = Array(repeating: 0, count: program.slotCount)
        self.goals = goals
        if goalsHold() {
            end = RunEnd(reason: .solved, phrase: Phrase("level.end.solved"), steps: 0)
        } else {
            settle()
            if pc >= program.code.ops.count {
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
        let count = program.code.ops.count
        while pc < count {
            let op = program.code.ops[pc]
            switch op.kind {
            case .jump: pc = Int(op.target)
            case .repeatNext where slots[Int(op.slot) + 1] >= slots[Int(op.slot)]: pc += 1
            case .ret: pc = returns.popLast() ?? count
            default: return
            }
        }
    }

    /// One step: `record` builds what the trace shows (the judge passes false
    /// and no phrase or string is made).
    private mutating func advance(record: Bool) -> StepOutcome? {
        let count = program.code.ops.count
        guard end == nil, pc < count else { return nil }
        let op = program.code.ops[pc]
        let info = Int(op.info)
        var ok = true
        var message: Phrase?
        var acted = false
        var strike: Phrase?
        let healthBefore = state.health
        steps += 1
        operations += 1
        do {
            switch op.kind {
            case .act:
                let result = state.act(op.action)
                ok = result.ok
                if record { message = result.phrase(line: program.sources[info].line) }
                acted = true
                pc += 1
                if state.health > 0 {
                    let strikes = state.enemiesTurn()
                    if strikes > 0 {
                        ok = false
                        if record {
                            let line = program.sources[info].line
                            let blows = strikes == 1 ? Phrase("level.step.enemy_strike", ["\(line)"])
                                : Phrase("level.step.enemy_strikes", ["\(line)", "\(strikes)"])
                            if message == nil { message = blows } else { strike = blows }
                        }
                    }
                }
            case .store:
                let v = try eval(op.value)
                slots[Int(op.slot)] = v
                if record { message = Phrase("level.step.set", ["\(program.sources[info].line)", name(op), "\(v)"]) }
                pc += 1
            case .test:
                let yes = try eval(op.value) != 0
                if record { message = Phrase(yes ? "level.step.condition_true" : "level.step.condition_false", ["\(program.sources[info].line)"]) }
                pc = yes ? pc + 1 : Int(op.target)
            case .repeatStart:
                let base = Int(op.slot)
                slots[base] = max(try eval(op.value), 0)
                slots[base + 1] = 0
                slots[base + 2] = op.start >= 0 ? try eval(op.start) : 0
                if slots[base] == 0 {
                    if record { message = Phrase("level.step.repeat_none", ["\(program.sources[info].line)"]) }
                    pc = Int(op.target)
                } else {
                    beginRound(base: base, counter: op.counter)
                    if record { message = roundPhrase(base: base, info: info) }
                    pc += 1
                }
            case .repeatNext:
                let base = Int(op.slot)
                beginRound(base: base, counter: op.counter)
                if record { message = roundPhrase(base: base, info: info) }
                pc = Int(op.target)
            case .forStart:
                let counter = Int(op.slot)
                slots[counter] = try eval(op.start)
                let yes = try eval(op.value) != 0
                if record { message = forPhrase(yes, name: name(op), value: slots[counter], info: info) }
                pc = yes ? pc + 1 : Int(op.target)
            case .forNext:
                let counter = Int(op.slot)
                slots[counter] = slots[counter] &+ 1
                let yes = try eval(op.value) != 0
                if record { message = forPhrase(yes, name: name(op), value: slots[counter], info: info) }
                pc = yes ? Int(op.target) : pc + 1
            case .call:
                returns.append(pc + 1)
                if record { message = Phrase("level.step.call", ["\(program.sources[info].line)", name(op)]) }
                pc = op.target >= 0 ? Int(op.target) : count
            case .jump:
                pc = Int(op.target)
            case .ret:
                pc = returns.popLast() ?? count
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
                if pc >= count {
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

    /// The variable or procedure name an instruction shows in the trace.
    private func name(_ op: StepCode.Op) -> String {
        op.name >= 0 && Int(op.name) < program.code.names.count ? program.code.names[Int(op.name)] : ""
    }

    /// A Java `for` check: "i is 2: the condition is true/false".
    private func forPhrase(_ yes: Bool, name: String, value: Int, info: Int) -> Phrase {
        Phrase(yes ? "level.step.for_true" : "level.step.for_false", ["\(program.sources[info].line)", name, "\(value)"])
    }

    private func sourceInfo(_ i: Int) -> SourceInfo {
        i < program.sources.count ? program.sources[i] : SourceInfo(line: 0, column: 0, spelling: .either, text: "")
    }

    private mutating func beginRound(base: Int, counter: Int32) {
        slots[base + 1] += 1
        if counter >= 0 { slots[Int(counter)] = slots[base + 2] &+ slots[base + 1] &- 1 }
    }

    private func roundPhrase(base: Int, info: Int) -> Phrase {
        Phrase("level.step.repeat_round", ["\(program.sources[info].line)", "\(slots[base + 1])", "\(slots[base])"])
    }

    /// Evaluates an expression from its root node, counting each node of
    /// the compiler's tree as an operation (`cost`: a folded constant or a
    /// `look() == TILE` node stands for several). Recursive, but the parser's
    /// cap of `maxExpressionNodes` per expression keeps it shallow.
    private mutating func eval(_ index: Int32) throws(Fault) -> Int {
        let node = program.code.nodes[Int(index)]
        operations += Int(node.cost)
        switch node.kind {
        case .constant: return node.value
        case .slot: return slots[node.value]
        case .look: return state.look().rawValue
        case .lookIs: return state.look().rawValue == node.value ? 1 : 0
        case .lookIsNot: return state.look().rawValue != node.value ? 1 : 0
        case .listen: return state.listen()
        case .not: return try eval(node.a) == 0 ? 1 : 0
        case .negate: return 0 &- (try eval(node.a))
        case .binary:
            switch node.op {
            case .and:
                if try eval(node.a) == 0 { return 0 }
                return try eval(node.b) != 0 ? 1 : 0
            case .or:
                if try eval(node.a) != 0 { return 1 }
                return try eval(node.b) != 0 ? 1 : 0
            default: break
            }
            let x = try eval(node.a), y = try eval(node.b)
            switch node.op {
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
