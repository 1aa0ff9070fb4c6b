import AulaContent

/// The lines a teacher reads for a list of content problems, in `aula
/// check-content`, the console's `reload` and the start-up log (session 10):
/// - the place in words besides the file's path (`words[5].word (word 6)`,
///   the JSON paths count from 0, people from 1); no empty `: :` field;
/// - one reason repeated in one file (a 5 MB deck with 5,200 hints too long)
///   is shown `shownPerReason` times, then one line says how many more;
/// - at most `maxEntries` entries in all, then one line for the rest.
public enum ContentProblemReport {
    public static let shownPerReason = 5
    public static let maxEntries = 200

    /// A problem to print, or a count standing for those left unprinted.
    public enum Entry: Equatable, Sendable {
        case problem(ContentProblem)
        /// `count` more problems of the same reason in `file`; `field` is the first one's field.
        case more(file: String, field: String, count: Int)
        /// `count` more problems past `maxEntries`.
        case rest(count: Int)
    }

    /// The problems grouped and bounded, in the order found.
    public static func entries(_ problems: [ContentProblem]) -> [Entry] {
        var seen: [String: Int] = [:]
        var firstField: [String: String] = [:]
        var order: [String] = []
        var shown: [(group: String, problem: ContentProblem)] = []
        for problem in problems {
            let group = "\(problem.file)\u{0}\(problem.reason.key)\u{0}\(problem.isWarning)"
            let count = seen[group, default: 0] + 1
            seen[group] = count
            if count == 1 { order.append(group); firstField[group] = problem.field }
            if count <= shownPerReason { shown.append((group, problem)) }
        }
        // Each group's "more" line goes right after its last shown problem.
        var lastShown: [String: Int] = [:]
        for (i, entry) in shown.enumerated() { lastShown[entry.group] = i }
        var out: [Entry] = []
        for (i, entry) in shown.enumerated() {
            out.append(.problem(entry.problem))
            let count = seen[entry.group] ?? 0
            if lastShown[entry.group] == i, count > shownPerReason {
                out.append(.more(file: entry.problem.file, field: firstField[entry.group] ?? "", count: count - shownPerReason))
            }
        }
        guard out.count > maxEntries else { return out }
        let dropped = out[maxEntries...].reduce(0) { total, entry in
            switch entry {
            case .problem: return total + 1
            case .more(_, _, let count): return total + count
            case .rest(let count): return total + count
            }
        }
        return Array(out[..<maxEntries]) + [.rest(count: dropped)]
    }

    /// Every line to print for these problems.
    public static func lines(_ problems: [ContentProblem], _ language: Language) -> [String] {
        entries(problems).map { line($0, language) }
    }

    public static func line(_ entry: Entry, _ language: Language) -> String {
        let catalog = Catalog.shared
        switch entry {
        case .problem(let problem):
            return line(problem, language)
        case .more(let file, let field, let count):
            let key = field.hasPrefix("words") ? "check.more.words" : field.hasPrefix("questions") ? "check.more.questions" : "check.more.other"
            return catalog.text(key, language, file, String(count))
        case .rest(let count):
            return catalog.text("check.more.rest", language, String(count))
        }
    }

    /// `file: field (place in words): warning: reason`, without an empty field.
    public static func line(_ problem: ContentProblem, _ language: Language) -> String {
        let catalog = Catalog.shared
        var location = problem.file
        let field = problem.field == "-" ? "" : problem.field
        if !field.isEmpty {
            location += ": " + field
            if let place = place(field, language) { location += " (\(place))" }
        }
        let warning = problem.isWarning ? catalog.text("check.warning", language) + " " : ""
        return "\(location): \(warning)\(catalog.text(problem.reason, language))"
    }

    /// The lists whose entries people count from 1 ("word 6"); a board's rows
    /// are left as they are, because the level messages count rows and columns from 0 too.
    static let counted: [String: String] = [
        "words": "word", "questions": "question", "answers": "answer", "types": "type", "items": "item",
        "random_positions": "place", "worlds": "world", "levels": "level", "goal": "goal", "commands": "command",
        "languages": "language", "notes_unlocked": "note", "story": "story", "hints": "hint",
    ]

    /// `questions[0].answers[1].type` → "question 1, answer 2"; nil when no part is counted.
    public static func place(_ field: String, _ language: Language) -> String? {
        var parts: [String] = []
        for component in field.split(separator: ".") {
            guard let open = component.firstIndex(of: "["), let name = counted[String(component[..<open])] else { continue }
            let index = component[component.index(after: open)...].prefix { $0.isNumber }
            guard let n = Int(index) else { continue }
            parts.append(Catalog.shared.text("check.place.\(name)", language, String(n + 1)))
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Every catalog key this report uses (the coverage test checks both languages).
    public static let keys: [String] = ["check.warning", "check.more.words", "check.more.questions", "check.more.other", "check.more.rest"]
        + Set(counted.values).sorted().map { "check.place.\($0)" }
}
