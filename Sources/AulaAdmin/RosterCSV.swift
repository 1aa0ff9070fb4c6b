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
        /// The cell as written when the name read from it differs (session 11: `Bob "B"`
        /// became `Bob B` without a word); nil when it was read as written.
        public var typed: String?
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
            let noted = cells(raw, separator)
            let cells = noted.map(\.value)
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
            var entry = Entry(line: lineNumber, name: name, pin: pin)
            if nameColumn < noted.count, noted[nameColumn].reshaped || name != rawName.trimmingCharacters(in: " ") {
                entry.typed = noted[nameColumn].raw.trimmingCharacters(in: " ")
            }
            entries.append(entry)
        }
        if !problems.isEmpty { return .problems(problems) }
        if entries.isEmpty { return .problems([Problem(line: headerIndex + 1, refusal: Refusal(code: "roster_empty"))]) }
        return .students(entries)
    }

    /// The columns of the header row the import does not read (anything but
    /// name/nombre and pin): said, not silently skipped (session 11).
    public static func unreadColumns(_ text: String) -> [String] {
        var body = text
        if body.hasPrefix("\u{FEFF}") { body.removeFirst() }
        guard let header = body.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map(String.init).first(where: { !$0.trimmingCharacters(in: " ").isEmpty }) else { return [] }
        let separator: Character = header.contains(";") && !header.contains(",") ? ";" : ","
        return fields(header, separator).map { $0.trimmingCharacters(in: " ") }
            .filter { !$0.isEmpty && !["name", "nombre", "pin"].contains($0.lowercased()) }
    }

    /// The fields of one CSV line; `"a ""quoted"" field"` keeps its comma and quotes.
    static func fields(_ line: String, _ separator: Character) -> [String] {
        cells(line, separator).map(\.value)
    }

    /// Each field read, the text written for it, and whether reading it changed more than
    /// its enclosing quotes (a quote in the middle, text after the closing one, none closing).
    static func cells(_ line: String, _ separator: Character) -> [(value: String, raw: String, reshaped: Bool)] {
        var out: [(value: String, raw: String, reshaped: Bool)] = []
        var current = "", raw = ""
        var quoted = false, closed = false, reshaped = false
        var iterator = Array(line)
        if iterator.last == "\r" { iterator.removeLast() }
        var i = 0
        while i < iterator.count {
            let c = iterator[i]
            if quoted {
                raw.append(c)
                if c == "\"" {
                    if i + 1 < iterator.count, iterator[i + 1] == "\"" {
                        current.append("\"")
                        raw.append("\"")
                        i += 1
                    } else {
                        quoted = false
                        closed = true
                    }
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                raw.append(c)
                if closed || !current.trimmingCharacters(in: " ").isEmpty { reshaped = true }
                quoted = true
            } else if c == separator {
                out.append((current, raw, reshaped))
                current = ""
                raw = ""
                closed = false
                reshaped = false
            } else {
                raw.append(c)
                if closed && c != " " { reshaped = true }
                current.append(c)
            }
            i += 1
        }
        out.append((current, raw, reshaped || quoted))
        return out
    }
}
