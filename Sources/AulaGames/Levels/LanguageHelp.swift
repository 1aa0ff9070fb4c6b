/// Error messages that name the student's likely mistake rather than the
/// parser's state (issue 14): "did you mean walk()? Capital letters matter",
/// "use another name, like j". Pure helpers shared by the parser and compiler.
enum LanguageHelp {
    /// Names a misspelt command is compared with: Ada's actions and sensors.
    static let commandNames: [String] = Action.allCases.map(\.rawValue) + ["look", "listen"]

    /// The error for a call of something that is neither one of Ada's
    /// commands nor one of the program's procedures: with "did you mean …?"
    /// when a known name is close (case-folded edit distance), and "capital
    /// letters matter" when only the capitals differ (`Walk();`).
    /// `procedures` are the program's own, suggested as well.
    static func unknownCommand(_ name: String, line: Int, column: Int, spelling: Spelling,
                               procedures: [String] = []) -> SyntaxError {
        let base = ["\(line)", "\(column)", name]
        guard let (match, capitalsOnly) = closest(to: name, among: commandNames + procedures) else {
            return SyntaxError(line: line, column: column, phrase: Phrase("level.syntax.unknown_command", base))
        }
        let isCommand = commandNames.contains(match)
        let written = spelling == .java && isCommand ? "ada." + match : match
        let key = capitalsOnly ? "level.syntax.unknown_command_capitals" : "level.syntax.unknown_command_near"
        return SyntaxError(line: line, column: column, phrase: Phrase(key, base + [written]))
    }

    /// The closest name within a small edit distance (ignoring case), and
    /// whether it differs only in capitals. Short words need a closer match.
    static func closest(to word: String, among names: [String]) -> (String, Bool)? {
        let folded = word.lowercased()
        if let same = names.first(where: { $0.lowercased() == folded }) { return (same, true) }
        let allowed = folded.count <= 3 ? 1 : 2
        var best: (String, Int)?
        for name in names {
            let d = distance(folded, name.lowercased(), cap: allowed)
            if d <= allowed, d < (best?.1 ?? Int.max) { best = (name, d) }
        }
        return best.map { ($0.0, false) }
    }

    /// Edit distance with swaps of neighbours counting one (optimal string
    /// alignment). Words longer than 40 characters are never close: that
    /// keeps the table small whatever a student types.
    static func distance(_ a: String, _ b: String, cap: Int) -> Int {
        let x = Array(a), y = Array(b)
        if x.count > 40 || y.count > 40 || abs(x.count - y.count) > cap { return cap + 1 }
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var table = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { table[i][0] = i }
        for j in 0...y.count { table[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var d = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d = min(d, table[i - 2][j - 2] + 1) }
                table[i][j] = d
            }
        }
        return table[x.count][y.count]
    }

    /// A counter name not yet taken, for "use another name, like j": the
    /// letters after `i` first, then `i2`, `i3`…
    static func freeCounterName(taken: (String) -> Bool) -> String {
        for letter in ["j", "k", "m", "n", "p", "q", "r", "s", "t", "u"] where !taken(letter) { return letter }
        var n = 2
        while taken("i\(n)") { n += 1 }
        return "i\(n)"
    }
}
