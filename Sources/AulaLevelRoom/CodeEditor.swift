import AulaServer
import AulaGames

/// The program a student is writing, line by line (lines numbered from 1), with
/// the editing the terminal offers: add, delete, insert before, replace, clear.
/// It holds at most `capacity` lines as typed — generous next to the level's
/// `max_statements` (which counts statements and is checked when the
/// program is compiled), so braces and blank lines fit but a runaway paste does
/// not — and at most `maxBytes` bytes in all (the compiler's own cap).
///
/// The editor runs on the loop for every typed line, so it keeps its counts
/// (statement lines, non-blank lines, bytes) up to date as lines come and go:
/// O(1) plus the line's own length per change, never a rescan of the program.
struct CodeEditor {
    /// Bytes the whole program may hold (UTF-8, newlines included).
    static let maxBytes = ProgramLimits.maxSourceBytes

    private(set) var lines: [String] = []
    let capacity: Int
    /// The level's limit on lines with statements (for the friendly warning).
    let maxLines: Int
    /// Roughly the statements: one per line holding code (not blank, not only
    /// braces, not a comment), or its `;` outside parentheses when it has more
    /// (session 10: `walk(); walk(); …` 100 to a line was "about 7"). The
    /// compiler's count is the exact one; this only warns early.
    private(set) var statementLineEstimate = 0
    private var nonBlankLines = 0
    /// UTF-8 bytes of `source` (lines plus the newlines between them).
    private(set) var bytes = 0

    init(maxLines: Int) {
        self.maxLines = max(1, maxLines)
        capacity = min(400, self.maxLines * 3 + 10)
    }

    var source: String { lines.joined(separator: "\n") }
    var isEmpty: Bool { nonBlankLines == 0 }

    mutating func append(_ text: String) -> Result<Int, Refusal> {
        guard lines.count < capacity else { return .failure(full) }
        let line = cleaned(text)
        guard fits(adding: line) else { return .failure(tooBig) }
        lines.append(line)
        count(line, sign: 1)
        return .success(lines.count)
    }

    mutating func delete(_ word: String?) -> Result<Int, Refusal> {
        switch number(word, allowingEnd: false) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let n):
            count(lines[n - 1], sign: -1)
            lines.remove(at: n - 1)
            return .success(n)
        }
    }

    /// Inserts before line N (N one past the last appends).
    mutating func insert(_ word: String?, _ text: String) -> Result<Int, Refusal> {
        guard lines.count < capacity else { return .failure(full) }
        switch number(word, allowingEnd: true) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let n):
            let line = cleaned(text)
            guard fits(adding: line) else { return .failure(tooBig) }
            lines.insert(line, at: n - 1)
            count(line, sign: 1)
            return .success(n)
        }
    }

    mutating func replace(_ word: String?, _ text: String) -> Result<Int, Refusal> {
        switch number(word, allowingEnd: false) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let n):
            let line = cleaned(text)
            let old = lines[n - 1]
            guard bytes - old.utf8.count + line.utf8.count <= CodeEditor.maxBytes else { return .failure(tooBig) }
            count(old, sign: -1)
            lines[n - 1] = line
            count(line, sign: 1)
            return .success(n)
        }
    }

    mutating func clear() {
        lines.removeAll()
        statementLineEstimate = 0
        nonBlankLines = 0
        bytes = 0
    }

    // MARK: Counting

    /// Whether one more line (and its newline) stays within `maxBytes`.
    private func fits(adding line: String) -> Bool {
        bytes + line.utf8.count + (lines.isEmpty ? 0 : 1) <= CodeEditor.maxBytes
    }

    /// Adds (sign 1, called just after the line went in) or removes (sign -1,
    /// called just before it goes) a line's share of the counts.
    private mutating func count(_ line: String, sign: Int) {
        let kind = CodeEditor.classify(line)
        if kind != .blank { nonBlankLines += sign }
        if kind == .statement { statementLineEstimate += sign * CodeEditor.statements(inCodeLine: line) }
        bytes += sign * line.utf8.count
        // Every line but a lone one brings one newline of `source` with it;
        // `lines` still holds this line here, whichever way it goes.
        if lines.count > 1 { bytes += sign }
    }

    enum LineKind: Equatable { case blank, other, statement }

    /// One pass over the line's bytes: blank, a comment or braces only
    /// (`}`, `} else {`), or a line that likely holds a statement.
    static func classify(_ line: String) -> LineKind {
        var rest = Substring(line).utf8.drop { $0 == 32 || $0 == 9 }
        guard let first = rest.first else { return .blank }
        if first == UInt8(ascii: "/") {
            let second = rest.dropFirst().first
            if second == UInt8(ascii: "/") || second == UInt8(ascii: "*") { return .other }
        }
        if first == UInt8(ascii: "*") { return .other }
        // Anything but spaces, braces and the word `else` makes a statement line.
        let e = Array("else".utf8)
        while let b = rest.first {
            if b == 32 || b == 9 || b == UInt8(ascii: "{") || b == UInt8(ascii: "}") {
                rest = rest.dropFirst()
            } else if rest.starts(with: e) {
                rest = rest.dropFirst(4)
            } else {
                return .statement
            }
        }
        return .other
    }

    /// A code line's statements, roughly: its `;` outside parentheses (a `for`
    /// header's two do not count), at least one.
    static func statements(inCodeLine line: String) -> Int {
        var depth = 0, count = 0
        for b in line.utf8 {
            switch b {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth = max(0, depth - 1)
            case UInt8(ascii: ";") where depth == 0: count += 1
            default: break
            }
        }
        return max(1, count)
    }

    // MARK: Refusals

    private var full: Refusal {
        Refusal("program_too_long", Phrase("error.level.program_too_long", [String(capacity), String(maxLines)]))
    }

    private var tooBig: Refusal {
        Refusal("program_too_big", Phrase("error.level.program_too_big", [String(CodeEditor.maxBytes / 1024)]))
    }

    private func cleaned(_ text: String) -> String {
        var t = Substring(text)
        while let last = t.last, last == " " || last == "\t" { t = t.dropLast() }
        return String(t)
    }

    private func number(_ word: String?, allowingEnd: Bool) -> Result<Int, Refusal> {
        let last = lines.count + (allowingEnd ? 1 : 0)
        guard last > 0 else { return .failure(Refusal("no_such_line", Phrase("error.level.program_empty"))) }
        guard let word, let n = Int(word), n >= 1, n <= last else {
            return .failure(Refusal("no_such_line", Phrase("error.level.no_such_line", [word.map { String($0.prefix(12)) } ?? "", String(last)])))
        }
        return .success(n)
    }
}
