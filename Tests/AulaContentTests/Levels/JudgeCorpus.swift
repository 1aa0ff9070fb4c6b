import AulaGames

/// The programs and texts the judge-equivalence test replays (issue 20): random
/// programs using every feature of the language, random texts for the lexer
/// (odd characters included), and the rich boards they run on. Seeded, so the
/// corpus is the same on every run and its golden record stays valid.
enum JudgeCorpus {
    /// A board with every tile and item kind, enemies that move, random
    /// places (several layouts) and two board variants.
    static let richLevel = Level(
        id: "t-rich", title: "Rich", summary: "Every tile.",
        board: ["##########", "#..~.I...#", "#.#.D.#..#", "#.....E.G#", "##########"],
        ada: AdaStart(row: 1, col: 1, facing: "E", health: 4),
        items: [LevelItem(kind: "enemy", row: 3, col: 6), LevelItem(kind: "iron", row: 1, col: 5),
                LevelItem(kind: "key", randomPositions: [[1, 2], [3, 2], [3, 3]]),
                LevelItem(kind: "iron", randomPositions: [[1, 7], [2, 7], [3, 4]]),
                LevelItem(kind: "enemy", randomPositions: [[1, 8], [2, 8]])],
        goal: ["reach_goal", "defeat_enemies", "collect_keys"], maxStatements: 400,
        commands: ProgramRules.knownCommands,
        boards: [["##########", "#..~.I...#", "#.#.D.#..#", "#.....E.G#", "##########"],
                 ["##########", "#........#", "#.~~D~~..#", "#......~G#", "##########"]])

    /// The fuzz inputs' level: w2-05 as it was until session 11 (a corridor of
    /// eleven tiles), kept here so the recorded fuzz runs do not move when the
    /// shipped level is redesigned.
    static let corridorLevel = Level(
        id: "w2-05", title: "Counting steps", summary: "No counted loop and no look() here: count your steps in a variable.",
        board: ["##############", "#...........G#", "##############"],
        ada: AdaStart(row: 1, col: 1, facing: "E", health: 3),
        goal: ["reach_goal"], timeLimit: 240, maxStatements: 5, parStatements: 4,
        commands: ["walk", "turnLeft", "turnRight", "while", "var"], xpRequired: 100)

    /// A level with few commands and only the C spelling, for the refusals.
    static let strictLevel = Level(
        id: "t-strict", title: "Strict", summary: "Few commands.",
        board: ["#######", "#....G#", "#######"], ada: AdaStart(row: 1, col: 1, facing: "E", health: 2),
        goal: ["reach_goal"], maxStatements: 6, parStatements: 3,
        commands: ["walk", "turnLeft", "repeat", "look", "if"], languages: ["c"])

    struct Generator {
        var random: SeededRandom
        var variables: [String] = []
        var procedures: [String] = []
        var inProcedure = false

        mutating func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        mutating func chance(_ n: UInt64) -> Bool { random.next() % n == 0 }

        mutating func number(_ depth: Int) -> String {
            if depth > 2 || chance(2) {
                if !variables.isEmpty && chance(2) { return pick(variables) }
                return pick(["0", "1", "2", "3", "7", "-4", "listen()", "ada.listen()", "1000000000"])
            }
            if chance(6) { return "-(\(number(depth + 1)))" }
            return "(\(number(depth + 1)) \(pick(["+", "-", "*", "/", "%"])) \(number(depth + 1)))"
        }

        mutating func condition(_ depth: Int) -> String {
            switch random.next() % 6 {
            case 0: return "look() \(pick(["==", "!="])) \(pick(["WALL", "IRON", "EMPTY", "ENEMY", "Tile.GOAL", "Tile.KEY", "DOOR", "WATER"]))"
            case 1: return "\(number(depth + 1)) \(pick(["<", ">", "<=", ">=", "==", "!="])) \(number(depth + 1))"
            case 2 where depth < 3: return "!(\(condition(depth + 1)))"
            case 3 where depth < 3: return "\(condition(depth + 1)) \(pick(["&&", "||"])) \(condition(depth + 1))"
            case 4: return "ada.look() == \(pick(["Tile.WALL", "Tile.IRON", "Tile.ENEMY"]))"
            default: return pick(["true", "false"])
            }
        }

        mutating func block(_ depth: Int) -> String {
            let saved = variables
            defer { variables = saved }
            return (0..<Int(random.next() % 4)).map { _ in statement(depth + 1) }.joined(separator: "\n")
        }

        mutating func statement(_ depth: Int) -> String {
            switch random.next() % (depth > 3 ? 3 : 11) {
            case 0, 1: return pick(["walk();", "ada.walk();", "turnLeft();", "ada.turnRight();", "hit();", "ada.hit();", "pick();", "use();"])
            case 2:
                let name = "v\(variables.count)"
                let line = "int \(name) = \(number(0));"
                variables.append(name)
                return line
            case 3 where !variables.isEmpty: return "\(pick(variables))\(pick(["++", "--", " += 2", " -= 1", " *= 3", " /= 2", " %= 2", " = \(number(0))"]));"
            case 4: return "repeat (\(number(1))) {\n\(block(depth))\n}"
            case 5: return "for (int i\(depth) = \(pick(["0", "1", "-2"])); i\(depth) \(pick(["<", "<="])) \(number(1)); i\(depth)++) {\n\(block(depth))\n}"
            case 6: return "while (\(condition(0))) {\n\(block(depth))\n}"
            case 7: return "if (\(condition(0))) {\n\(block(depth))\n} else if (\(condition(0))) {\n\(block(depth))\n} else {\n\(block(depth))\n}"
            case 8 where !procedures.isEmpty && !inProcedure: return "\(pick(procedures))();"
            case 9 where inProcedure: return "if (\(condition(0))) {\nreturn;\n}"
            default: return "if (\(condition(0))) {\n\(block(depth))\n}"
            }
        }

        /// A whole program: sometimes procedures first, then the main part.
        mutating func program() -> String {
            var parts: [String] = []
            procedures = []
            for n in 0..<Int(random.next() % 3) {
                inProcedure = true
                let saved = variables
                variables = []
                parts.append("void p\(n)() {\n\(block(0))\n\(statement(1))\n}")
                variables = saved
                inProcedure = false
                procedures.append("p\(n)")
            }
            variables = []
            parts += (0..<(1 + Int(random.next() % 8))).map { _ in statement(0) }
            return parts.joined(separator: "\n")
        }
    }

    /// `count` seeded random programs.
    static func programs(count: Int, seed: UInt64) -> [String] {
        var g = Generator(random: SeededRandom(seed: seed))
        return (0..<count).map { _ in g.program() }
    }

    /// Random texts for the lexer and parser: program pieces glued with
    /// spaces, tabs, carriage returns and characters outside ASCII (accents,
    /// combining marks, digits of other scripts, emoji, no-break spaces).
    static func texts(count: Int, seed: UInt64) -> [String] {
        let pieces = ["walk", "ada", ".", "(", ")", "{", "}", ";", "if", "else", "while", "repeat", "for", "int", "n", "=", "==",
                      "<", "<=", "+", "-", "*", "/", "%", "!", "&&", "||", "++", "+=", "3", "42", "99999999999", "look", "Tile",
                      "IRON", "\n", " ", "\t", "\r\n", "\r", "//", "/*", "*/", "é", "e\u{301}", "ñ", "٣", "½", "\u{00A0}",
                      "\u{2028}", "😀", "@", "#", "_x", "x_1", "\u{0}", "\u{7}", "void", "return", "p", "\u{0085}", "Ⅻ", "ß"]
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let n = Int(random.next() % 40)
            return (0..<n).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined(separator: random.next() % 3 == 0 ? "" : " ")
        }
    }

    /// The same program written with other whitespace and comments: CR LF
    /// line ends, tabs, no-break spaces, comments holding accents and emoji —
    /// the columns and the quoted statement texts must not move.
    static func decorated(_ source: String, _ n: Int) -> String {
        switch n % 4 {
        case 0: return source.replacingOccurrences(of: "\n", with: "\r\n")
        case 1: return source.replacingOccurrences(of: "\n", with: " // ñandú 😀\n\t")
        case 2: return source.replacingOccurrences(of: "(", with: "(\u{00A0}").replacingOccurrences(of: ";", with: " /* é\u{301} ٣ */;")
        default: return "/* comentario\r\n😀 */\u{2028}" + source.replacingOccurrences(of: " ", with: "\u{3000}")
        }
    }
}

