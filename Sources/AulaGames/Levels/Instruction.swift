/// A compiled expression: yes/no values are 0 and 1, tiles are `Sight` raw
/// values, so everything is an `Int` once the compiler has checked the types.
indirect enum Value: Sendable {
    case constant(Int)
    case slot(Int)
    case look
    case listen
    case not(Value)
    case negate(Value)
    case binary(BinaryOperator, Value, Value)
}

/// One instruction of the step machine, as the compiler writes it (`StepCode`
/// lays it out flat for the run, meaning unchanged). Every instruction except `jump` and a
/// finished `repeatNext` is one step, so every loop costs steps and the
/// 10,000-step limit always stops an endless one. `info` indexes the source
/// table (line and text shown in the trace).
enum Instruction: Sendable {
    case act(Action, info: Int)
    case store(slot: Int, name: String, value: Value, info: Int)
    /// Evaluates a condition; when false, jumps to `orElse`.
    case test(Value, orElse: Int, info: Int)
    case jump(Int)
    /// Works out how many rounds (slot `base`), resets the round (`base + 1`)
    /// and the counter's first value (`base + 2`), then starts round 1 or skips.
    case repeatStart(count: Value, base: Int, counter: Int?, start: Value?, exit: Int, info: Int)
    /// At the end of a round: another round (one step) or fall through (free).
    case repeatNext(base: Int, counter: Int?, body: Int, info: Int)
    /// A Java `for`: sets the counter to its first value and checks the
    /// condition (one step); when false, jumps to `exit`.
    case forStart(counter: Int, name: String, start: Value, condition: Value, exit: Int, info: Int)
    /// After a `for` round: the counter grows by one and the condition is
    /// checked again, bound read afresh (one step); when true, back to `body`.
    case forNext(counter: Int, name: String, condition: Value, body: Int, info: Int)
    /// Calls a procedure (one step): remembers where to come back to.
    case call(entry: Int, name: String, info: Int)
    /// The end of a procedure or `return;` (free, like a jump): back to the caller.
    case ret
}
