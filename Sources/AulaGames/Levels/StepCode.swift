/// The step machine's code as the run reads it (issue 20): the compiler's
/// `Instruction`s and `Value` trees laid out once per program as two flat
/// arrays of plain values — no strings, no boxes, nothing to retain or
/// release while a program runs. Names (for the trace) sit in `names`.
///
/// The meaning is the `Instruction`'s, field for field; only the layout
/// changes, plus two exact shortcuts in expressions: a subtree made of
/// constants alone is computed here (unless it divides by zero, which must
/// still stop the run at its line), and `look() == TILE` is one node. Each
/// node carries `cost`, the number of nodes it stands for, so the operation
/// budget counts exactly what the tree-walking evaluator counted.
struct StepCode: Sendable {
    var ops: [Op] = []
    var nodes: [Node] = []
    var names: [String] = []

    struct Op: Sendable {
        enum Kind: UInt8, Sendable { case act, store, test, jump, repeatStart, repeatNext, forStart, forNext, call, ret }
        var kind: Kind
        var action: Action = .walk
        /// `store`: the slot; `repeat…`: the base slot; `for…`: the counter's slot.
        var slot: Int32 = 0
        /// The node computed first: `store`'s value, `test`'s and `for…`'s
        /// condition, `repeatStart`'s count.
        var value: Int32 = -1
        /// The second node: `repeatStart`'s and `forStart`'s start value (-1: none).
        var start: Int32 = -1
        /// Where to go: `jump`, `test`'s else, the loops' exit or body, `call`'s entry.
        var target: Int32 = -1
        /// A `repeat`'s counter slot (-1: none).
        var counter: Int32 = -1
        /// Index into `StepCode.names` (`store`, `for…`, `call`).
        var name: Int32 = -1
        /// Index into the program's source table.
        var info: Int32 = 0
    }

    struct Node: Sendable {
        enum Kind: UInt8, Sendable {
            case constant, slot, look, listen, not, negate, binary
            /// `look() == value` and `look() != value`.
            case lookIs, lookIsNot
        }
        var kind: Kind
        var op: BinaryOperator = .add
        /// Nodes of the compiler's tree this one stands for (operations).
        var cost: Int32 = 1
        var a: Int32 = -1
        var b: Int32 = -1
        /// The constant, the slot, or the tile of `lookIs`.
        var value: Int = 0
    }

    init() {}

    /// Lays out the compiler's code.
    init(_ code: [Instruction]) {
        ops.reserveCapacity(code.count)
        for instruction in code { ops.append(lower(instruction)) }
    }

    private mutating func name(_ s: String) -> Int32 {
        names.append(s)
        return Int32(names.count - 1)
    }

    private mutating func lower(_ instruction: Instruction) -> Op {
        switch instruction {
        case .act(let action, let info):
            return Op(kind: .act, action: action, info: Int32(info))
        case .store(let slot, let n, let value, let info):
            return Op(kind: .store, slot: Int32(slot), value: node(value), name: name(n), info: Int32(info))
        case .test(let value, let orElse, let info):
            return Op(kind: .test, value: node(value), target: Int32(orElse), info: Int32(info))
        case .jump(let to):
            return Op(kind: .jump, target: Int32(to))
        case .repeatStart(let count, let base, let counter, let start, let exit, let info):
            let c = node(count)
            let s = start.map { node($0) } ?? -1
            return Op(kind: .repeatStart, slot: Int32(base), value: c, start: s, target: Int32(exit), counter: Int32(counter ?? -1), info: Int32(info))
        case .repeatNext(let base, let counter, let body, let info):
            return Op(kind: .repeatNext, slot: Int32(base), target: Int32(body), counter: Int32(counter ?? -1), info: Int32(info))
        case .forStart(let counter, let n, let start, let condition, let exit, let info):
            let s = node(start)
            let c = node(condition)
            return Op(kind: .forStart, slot: Int32(counter), value: c, start: s, target: Int32(exit), name: name(n), info: Int32(info))
        case .forNext(let counter, let n, let condition, let body, let info):
            return Op(kind: .forNext, slot: Int32(counter), value: node(condition), target: Int32(body), name: name(n), info: Int32(info))
        case .call(let entry, let n, let info):
            return Op(kind: .call, target: Int32(entry), name: name(n), info: Int32(info))
        case .ret:
            return Op(kind: .ret)
        }
    }

    private mutating func add(_ n: Node) -> Int32 {
        nodes.append(n)
        return Int32(nodes.count - 1)
    }

    /// Lays out one expression; returns its root node.
    private mutating func node(_ value: Value) -> Int32 {
        switch value {
        case .constant(let n): return add(Node(kind: .constant, value: n))
        case .slot(let s): return add(Node(kind: .slot, value: s))
        case .look: return add(Node(kind: .look))
        case .listen: return add(Node(kind: .listen))
        case .not(let inner):
            let i = node(inner)
            if let (v, cost) = constant(i) { return replace(i, with: v == 0 ? 1 : 0, cost: cost + 1) }
            return add(Node(kind: .not, cost: 1, a: i))
        case .negate(let inner):
            let i = node(inner)
            if let (v, cost) = constant(i) { return replace(i, with: 0 &- v, cost: cost + 1) }
            return add(Node(kind: .negate, cost: 1, a: i))
        case .binary(let op, let left, let right):
            if op == .equal || op == .notEqual, let tile = lookAgainstConstant(left, right) {
                return add(Node(kind: op == .equal ? .lookIs : .lookIsNot, cost: 3, value: tile))
            }
            let a = node(left)
            let b = node(right)
            // Both sides folded to one constant node each, the last two laid out.
            if Int(a) == nodes.count - 2, let (x, cx) = constant(a, last: false), let (y, cy) = constant(b),
               let v = StepCode.fold(op, x, y) {
                nodes.removeLast(2)
                return add(Node(kind: .constant, cost: 1 + cx + (v.usedRight ? cy : 0), value: v.value))
            }
            return add(Node(kind: .binary, op: op, cost: 1, a: a, b: b))
        }
    }

    /// `look() == K` or `K == look()` with K a constant: the tile K.
    private func lookAgainstConstant(_ left: Value, _ right: Value) -> Int? {
        switch (left, right) {
        case (.look, .constant(let k)), (.constant(let k), .look): return k
        default: return nil
        }
    }

    /// The node's value and cost when it is a constant (and, unless `last`
    /// is false, the last node laid out, so it can be replaced in place).
    private func constant(_ i: Int32, last: Bool = true) -> (Int, Int32)? {
        guard i >= 0, Int(i) < nodes.count, !last || Int(i) == nodes.count - 1, nodes[Int(i)].kind == .constant else { return nil }
        return (nodes[Int(i)].value, nodes[Int(i)].cost)
    }

    private mutating func replace(_ i: Int32, with value: Int, cost: Int32) -> Int32 {
        nodes[Int(i)] = Node(kind: .constant, cost: cost, value: value)
        return i
    }

    /// What the evaluator computes for `x op y`, and whether it looked at `y`
    /// (`&&` and `||` stop early); nil for a division by zero, left to the run.
    static func fold(_ op: BinaryOperator, _ x: Int, _ y: Int) -> (value: Int, usedRight: Bool)? {
        switch op {
        case .and: return x == 0 ? (0, false) : (y != 0 ? 1 : 0, true)
        case .or: return x != 0 ? (1, false) : (y != 0 ? 1 : 0, true)
        case .add: return (x &+ y, true)
        case .subtract: return (x &- y, true)
        case .multiply: return (x &* y, true)
        case .divide: return y == 0 ? nil : (x.dividedReportingOverflow(by: y).partialValue, true)
        case .remainder: return y == 0 ? nil : (x.remainderReportingOverflow(dividingBy: y).partialValue, true)
        case .equal: return (x == y ? 1 : 0, true)
        case .notEqual: return (x != y ? 1 : 0, true)
        case .less: return (x < y ? 1 : 0, true)
        case .greater: return (x > y ? 1 : 0, true)
        case .lessOrEqual: return (x <= y ? 1 : 0, true)
        case .greaterOrEqual: return (x >= y ? 1 : 0, true)
        }
    }
}
