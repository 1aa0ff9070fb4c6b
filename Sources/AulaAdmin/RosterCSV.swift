import AulaGames
import AulaServer

/// A class roster file: a header row with a `name` column (`nombre` works
/// too) and an optional `pin` column, then one student a row. Commas or
/// semicolons (what a Spanish spreadsheet saves), quoted fields, a BOM and
/// CRLF are all fine. Pure: the console reads the file and hashes the PINs.
public enum RosterCSV {
    public struct Entry: Sendable, Equatable {
        public let line: Int
        public let name: String
        public let pin: String?
    }

    public struct Problem: Sendable, Equatable {
        public let line: Int
        public let refusal: Refusal
    }

    /// What a roster file gave: its students, or every problem in it.
    public enum Outcome: Sendable, Equatable {
        case students([Entry])
        case problems([Problem])
    }

    /// The students, or every problem found (nothing is imported from a file with problems).
    public static func parse(_ text: String, blocklist: Blocklist = .empty) -> Outcome {
        var body = text
        if body.hasPrefix("\u{FEFF}") { body.removeFirst() }
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map(String.init)
        guard let headerIndex = lines.firstIndex(where: { !$0.trimmingCharacters(in: " ").isEmpty }) else {
            return .problems([Problem(line: 1, refusal: Refusal(code: "roster_empty"))])
        }
        let header = lines[headerIndex]
        let separator: Character = header.contains(";") && !header.contains(",") ? ";" : ","
        let columns = fields(header, separator).map { $0.lowercased().trimmingCharacters(in: " ") }
        guard let nameColumn = columns.firstIndex(where: { $0 == "name" || $0 == "nombre" }) else {
            return .problems([Problem(line: headerIndex + 1, refusal: Refusal(code: "roster_no_name_column"))])
        }
        let pinColumn = columns.firstIndex(of: "pin")
        var entries: [Entry] = []
        var problems: [Problem] = []
        var seen: [String: Int] = [:]
        for index in lines.indices where index > headerIndex {
            let raw = lines[index]
            if raw.trimmingCharacters(in: " ").isEmpty { continue }
            let lineNumber = index + 1
            let cells = fields(raw, separator)
            let rawName = nameColumn < cells.count ? cells[nameColumn] : ""
            let name: String
            switch NameRules.validateStudent(rawName, blocklist: blocklist) {
            case .failure(let refusal):
                problems.append(Problem(line: lineNumber, refusal: refusal))
                continue
            case .success(let valid):
                name = valid
            }
            if let first = seen[NameRules.key(name)] {
                problems.append(Problem(line: lineNumber, refusal: Refusal(code: "roster_duplicate", args: [name, String(first)])))
                continue
            }
            seen[NameRules.key(name)] = lineNumber
            var pin: String?
            if let pinColumn, pinColumn < cells.count {
                let typed = cells[pinColumn].trimmingCharacters(in: " ")
                if !typed.isEmpty {
                    guard PINHash.isWellFormed(typed) else {
                        problems.append(Problem(line: lineNumber, refusal: Refusal(code: "roster_bad_pin", args: [name])))
                        continue
                    }
                    pin = typed
                }
            }
            entries.append(Entry(line: lineNumber, name: name, pin: pin))
        }
        if !problems.isEmpty { return .problems(problems) }
        if entries.isEmpty { return .problems([Problem(line: headerIndex + 1, refusal: Refusal(code: "roster_empty"))]) }
        return .students(entries)
    }

    /// The fields of one CSV line; `"a ""quoted"" field"` keeps its comma and quotes.
    static func fields(_ line: String, _ separator: Character) -> [String] {
        var out: [String] = []
        var current = ""
        var quoted = false
        var iterator = Array(line)
        if iterator.last == "\r" { iterator.removeLast() }
        var i = 0
        while i < iterator.count {
            let c = iterator[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < iterator.count, iterator[i + 1] == "\"" {
                        current.append("\"")
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == separator {
                out.append(current)
                current = ""
            } else {
                current.append(c)
            }
            i += 1
        }
        out.append(current)
        return out
    }
}
