import Testing
import AulaTestSupport
@testable import AulaGames

/// Seeded random programs: the interpreter never crashes and always stops
/// within the step limit; random text never crashes the parser.
@Suite(.lab) struct RandomProgramTests {
    struct Generator {
        var random: SeededRandom
        var variables: [String] = []

        mutating func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        mutating func chance(_ n: UInt64) -> Bool { random.next() % n == 0 }

        mutating func number(_ depth: Int) -> String {
            if depth > 2 || chance(2) {
                if !variables.isEmpty && chance(2) { return pick(variables) }
                return pick(["0", "1", "2", "3", "7", "listen()", "ada.listen()"])
            }
            return "(\(number(depth + 1)) \(pick(["+", "-", "*", "/", "%"])) \(number(depth + 1)))"
        }

        mutating func condition(_ depth: Int) -> String {
            switch random.next() % 5 {
            case 0: return "look() \(pick(["==", "!="])) \(pick(["WALL", "IRON", "EMPTY", "ENEMY", "Tile.GOAL", "Tile.KEY"]))"
            case 1: return "\(number(depth + 1)) \(pick(["<", ">", "<=", ">=", "==", "!="])) \(number(depth + 1))"
            case 2 where depth < 3: return "!(\(condition(depth + 1)))"
            case 3 where depth < 3: return "\(condition(depth + 1)) \(pick(["&&", "||"])) \(condition(depth + 1))"
            default: return pick(["true", "false"])
            }
        }

        mutating func block(_ depth: Int) -> String {
            let saved = variables
            defer { variables = saved }
            return (0..<Int(random.next() % 4)).map { _ in statement(depth + 1) }.joined(separator: "\n")
        }

        mutating func statement(_ depth: Int) -> String {
            switch random.next() % (depth > 3 ? 3 : 9) {
            case 0, 1: return pick(["walk();", "ada.walk();", "turnLeft();", "ada.turnRight();", "hit();", "pick();", "use();"])
            case 2:
                let name = "v\(variables.count)"
                let line = "int \(name) = \(number(0));"
                variables.append(name)
                return line
            case 3 where !variables.isEmpty: return "\(pick(variables))\(pick(["++", "--", " += 2", " = \(number(0))"]));"
            case 4: return "repeat (\(number(1))) {\n\(block(depth))\n}"
            case 5: return "for (int i\(depth) = 0; i\(depth) < \(number(1)); i\(depth)++) {\n\(block(depth))\n}"
            case 6: return "while (\(condition(0))) {\n\(block(depth))\n}"
            case 7: return "if (\(condition(0))) {\n\(block(depth))\n} else if (\(condition(0))) {\n\(block(depth))\n} else {\n\(block(depth))\n}"
            default: return "if (\(condition(0))) {\n\(block(depth))\n}"
            }
        }
    }

    let level = TestLevels.make(["#########", "#..~.I..#", "#.#.D.#.#", "#...E..G#", "#########"],
                                items: [LevelItem(kind: "enemy", row: 3, col: 4), LevelItem(kind: "key", randomPositions: [[1, 2], [3, 2]]),
                                        LevelItem(kind: "iron", row: 1, col: 5)],
                                goal: ["reach_goal", "defeat_enemies"])

    @Test(.slow) func seededRandomProgramsAlwaysStopWithinTheStepLimit() {
        var compiled = 0
        for seed in 0..<300 {
            var g = Generator(random: SeededRandom(seed: UInt64(seed)))
            let source = (0..<(1 + Int(g.random.next() % 8))).map { _ in g.statement(0) }.joined(separator: "\n")
            switch LevelProgram.compile(source, rules: .everything) {
            case .failure(let e):
                #expect(e.line >= 1 && e.column >= 1)
            case .success(let program):
                compiled += 1
                var run = LevelRun(level: level, layout: level.layout(seed: UInt64(seed)), program: program)
                let end = run.runToEnd()
                #expect(end.steps <= LevelRun.stepLimit)
                #expect(run.isFinished)
            }
        }
        #expect(compiled > 200)
    }

    @Test func randomTextNeverCrashesTheParser() {
        let pieces = ["walk", "ada", ".", "(", ")", "{", "}", ";", "if", "else", "while", "repeat", "for", "int", "n", "=", "==",
                      "<", "+", "-", "*", "/", "%", "!", "&&", "||", "++", "3", "look", "Tile", "IRON", "\n", " ", "//", "/*", "*/", "é", "@"]
        var random = SeededRandom(seed: 99)
        for _ in 0..<500 {
            let n = Int(random.next() % 40)
            let source = (0..<n).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined(separator: " ")
            if case .failure(let e) = LevelProgram.compile(source, rules: .everything) {
                #expect(e.line >= 1 && e.column >= 1)
                #expect(e.phrase.key.hasPrefix("level."))
            }
        }
    }
}
