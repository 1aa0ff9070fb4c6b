import Foundation
// libFuzzer target: generated long programs. The fuzzer's bytes are a recipe
// (which construct, how many times, which operators), so short inputs make
// the huge programs that byte-level mutation never reaches: operator chains of
// tens of thousands, unary runs, parentheses, nested blocks, many statements
// (issue 12: a 13,000-operator chain once overflowed the compiler's stack).
// Every program must compile or be refused with a placed error, and a run
// must stop within the step limit and the operation budget — never crash.
// Built by fuzz/run.sh together with the AulaGames sources.

private let board: Level? = {
    let json = """
    {"id":"f-02","title":"Fuzz","summary":"Fuzz","board":["#######","#..~..#","#.#D#.#","#....G#","#######"],
     "ada":{"row":1,"col":1,"facing":"E","health":3},
     "items":[{"kind":"iron","row":1,"col":2},{"kind":"key","row":3,"col":1},{"kind":"enemy","row":3,"col":4}],
     "goal":["reach_goal"],"time_limit":60,"max_lines":2000,"par_lines":5,
     "commands":["walk","turnLeft","turnRight","hit","pick","use","look","listen","repeat","while","if","var"],
     "languages":["c","java"],"xp_required":0,"xp_reward":10}
    """
    return try? JSONDecoder().decode(Level.self, from: Data(json.utf8))
}()

private let operators = ["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"]
private let operands = ["1", "n", "true", "look()", "listen()", "IRON", "0", "(n)", "-1", "!false"]

/// The program a recipe describes: byte 0 picks the shape, bytes 1–2 the
/// size (up to 65,535), the rest cycles through operators and operands.
func generatedProgram(_ bytes: [UInt8]) -> String {
    guard bytes.count >= 3 else { return "" }
    let size = Int(bytes[1]) << 8 | Int(bytes[2])
    let rest = bytes.count > 3 ? Array(bytes[3...]) : [0]
    func pick<T>(_ list: [T], _ i: Int) -> T { list[Int(rest[i % rest.count]) % list.count] }
    var s = ""
    switch bytes[0] % 8 {
    case 0:  // a binary chain in a condition
        s = "int n = 1;\nwhile (1"
        for i in 0..<size { s += pick(operators, i) + pick(operands, i + 1) }
        s += ") {\n turnLeft();\n}\n"
    case 1:  // a unary run
        s = "int n = " + (0..<size).map { pick(["!", "-", "- ", "!("], $0) }.joined() + "1;\n"
    case 2:  // parentheses
        s = "repeat (" + String(repeating: "(", count: size) + "1" + String(repeating: ")", count: size) + ") { walk(); }\n"
    case 3:  // nested blocks
        for i in 0..<size { s += pick(["if (true) {", "repeat (2) {", "while (n < 1) {", "{"], i) + "\n" }
        s += "walk();\n" + String(repeating: "}\n", count: size)
    case 4:  // many statements
        s = "int n = 0;\n" + (0..<size).map { pick(["walk();", "n = n + 1;", "turnLeft();", "n++;"], $0) }.joined(separator: "\n")
    case 5:  // a chain split over many lines, as a paste into the editor
        s = "repeat (1"
        for i in 0..<size { s += (i % 480 == 479 ? "\n" : "") + pick(["+", "-"], i) + "1" }
        s += ") {\n walk();\n}\n"
    case 6:  // many legal-size expressions in an endless loop
        s = "int n = 0;\nwhile (true) {\n"
        for i in 0..<min(size, 2_000) { s += " n = n" + String(repeating: pick(["+1", "-1", "*1"], i), count: 120) + ";\n" }
        s += "}\n"
    default:  // the recipe's bytes as text, repeated
        let text = String(decoding: rest, as: UTF8.self)
        s = String(repeating: text, count: max(1, min(size, 65_536 / max(1, rest.count))))
    }
    return s
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChains(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let source = generatedProgram(Array(UnsafeBufferPointer(start: data, count: size)))
    guard let level = board else { return 0 }
    switch LevelProgram.compile(source, for: level) {
    case .failure(let error):
        if error.line < 1 || error.column < 1 { fatalError("error without a place: \(error)") }
    case .success(let program):
        var run = LevelRun(level: level, program: program)
        let end = run.runToEnd()
        if end.steps > LevelRun.stepLimit { fatalError("ran \(end.steps) steps, past the limit") }
        if run.operations > ProgramLimits.maxOperations + 4 * ProgramLimits.maxExpressionNodes {
            fatalError("ran \(run.operations) operations, past the budget")
        }
    }
    return 0
}
