import Foundation
import AulaGames

/// The program a student is writing, line by line (lines numbered from 1), with
/// the editing the terminal offers: add, delete, insert before, replace, clear.
/// It holds at most `capacity` lines as typed — generous next to the level's
/// `max_lines` (which counts only lines with statements and is checked when the
/// program is compiled), so braces and blank lines fit but a runaway paste does not.
struct CodeEditor {
    private(set) var lines: [String] = []
    let capacity: Int
    /// The level's limit on lines with statements (for the friendly warning).
    let maxLines: Int

    init(maxLines: Int) {
        self.maxLines = max(1, maxLines)
        capacity = min(400, self.maxLines * 3 + 10)
    }

    var source: String { lines.joined(separator: "\n") }
    var isEmpty: Bool { lines.allSatisfy { $0.trimmingCharacters(in: " \t").isEmpty } }

    /// Roughly the lines holding a statement: not blank, not only braces, not a
    /// comment. The compiler's count is the exact one; this only warns early.
    var statementLineEstimate: Int {
        lines.filter { line in
            let t = line.trimmingCharacters(in: " \t")
            if t.isEmpty || t.hasPrefix("//") || t.hasPrefix("/*") || t.hasPrefix("*") { return false }
            let stripped = t.replacingOccurrences(of: "else", with: "").filter { $0 != "{" && $0 != "}" && $0 != " " }
            return !stripped.isEmpty
        }.count
    }

    mutating func append(_ text: String) -> Result<Int, Refusal> {
        guard lines.count < capacity else { return .failure(full) }
        lines.append(cleaned(text))
        return .success(lines.count)
    }

    mutating func delete(_ word: String?) -> Result<Int, Refusal> {
        switch number(word, allowingEnd: false) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let n):
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
            lines.insert(cleaned(text), at: n - 1)
            return .success(n)
        }
    }

    mutating func replace(_ word: String?, _ text: String) -> Result<Int, Refusal> {
        switch number(word, allowingEnd: false) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let n):
            lines[n - 1] = cleaned(text)
            return .success(n)
        }
    }

    mutating func clear() { lines.removeAll() }

    private var full: Refusal {
        Refusal("program_too_long", Phrase("error.level.program_too_long", [String(capacity), String(maxLines)]))
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
