import Foundation

/// One exported score: the columns of `aula export scores --csv` and the admin `export`.
public struct ExportRow: Sendable, Equatable {
    public let group: String
    /// The class session's id, nil for rounds played outside a session.
    public let session: Int64?
    public let student: String
    public let game: GameKind
    public let room: String
    /// The round's id.
    public let round: Int64
    public let points: Int
    public let outcome: Outcome
    /// Unix seconds; written as ISO 8601 UTC.
    public let finishedAt: Double
    /// What was played (the round's `subject`): the level id, the quiz deck id or the hangman deck id.
    public let content: String
    /// Graded quizzes only: how many of the student's answers were right, and
    /// how many questions the quiz asked; nil (an empty cell) for everything else.
    public let correct: Int?
    public let questions: Int?

    public init(group: String, session: Int64?, student: String, game: GameKind, room: String,
                round: Int64, points: Int, outcome: Outcome, finishedAt: Double,
                content: String = "", correct: Int? = nil, questions: Int? = nil) {
        self.group = group
        self.session = session
        self.student = student
        self.game = game
        self.room = room
        self.round = round
        self.points = points
        self.outcome = outcome
        self.finishedAt = finishedAt
        self.content = content
        self.correct = correct
        self.questions = questions
    }

    /// SPEC §12: the gradebook columns come after the original nine, so a sheet
    /// built on the old columns still lines up.
    public static let csvHeader = "group,session,student,game,room,round,points,outcome,finished_at,content,correct,questions"

    /// Put first in a file when asked (`--bom`): Excel then reads the file as
    /// UTF-8 instead of the machine's code page (LibreOffice asks either way).
    public static let byteOrderMark = "\u{FEFF}"

    /// The row as one CSV record (RFC 4180 quoting), without a line ending.
    public var csvLine: String { csvLine(.standard) }

    public func csvLine(_ style: CSVStyle) -> String {
        style.line([group, session.map(String.init) ?? "", student, game.rawValue, room, String(round), String(points),
                    outcome.rawValue, style.time(finishedAt), content, correct.map(String.init) ?? "",
                    questions.map(String.init) ?? ""])
    }

    /// Header plus every row, each record ended by `lineEnding` (RFC 4180 says CRLF).
    public static func csvDocument(_ rows: [ExportRow], lineEnding: String = "\r\n", bom: Bool = false) -> String {
        csvDocument(header: csvHeader, lines: rows.map(\.csvLine), lineEnding: lineEnding, bom: bom)
    }

    /// The same in a style (`--excel`: `;`, local times, a BOM).
    public static func csvDocument(_ rows: [ExportRow], style: CSVStyle) -> String {
        csvDocument(header: style.header(csvHeader), lines: rows.map { $0.csvLine(style) }, bom: style.bom)
    }

    /// Any export's document: header, records, each ended by `lineEnding`; the BOM first when asked.
    public static func csvDocument(header: String, lines: [String], lineEnding: String = "\r\n", bom: Bool = false) -> String {
        var out = (bom ? byteOrderMark : "") + header + lineEnding
        for line in lines { out += line + lineEnding }
        return out
    }

    /// Quotes a field when it holds a comma, a quote or a line break; quotes inside are doubled.
    /// A cell a spreadsheet would run as a formula is neutralised first (`csvSafe`).
    public static func csvField(_ s: String) -> String { csvField(s, separator: ",") }

    /// `csvField` for a file whose cells are split at `separator` (`;` for Spanish Excel).
    public static func csvField(_ s: String, separator: Character) -> String {
        let s = csvSafe(s)
        guard s.contains(where: { $0 == separator || $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// SPEC §12 (CSV injection, OWASP): a cell starting with `=`, `+`, `-`, `@`,
    /// tab or CR gets a leading `'`, so Excel, LibreOffice and Sheets show it as
    /// text instead of running it (`-2+3`, `=HYPERLINK(...)`, `@SUM(...)`). A
    /// plain number (`-5`, `-2.5`) is left as it is: it cannot be a formula.
    public static func csvSafe(_ s: String) -> String {
        guard let first = s.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return s }
        if isPlainNumber(s) { return s }
        return "'" + s
    }

    private static func isPlainNumber(_ s: String) -> Bool {
        var digits = 0, dots = 0
        for (i, c) in s.unicodeScalars.enumerated() {
            if c == "-" && i == 0 { continue }
            if c == "." { dots += 1; continue }
            guard ("0"..."9").contains(c) else { return false }
            digits += 1
        }
        return digits > 0 && dots <= 1 && !s.hasSuffix(".") && !s.hasPrefix("-.")
    }

    /// Reads `--since`: `2025-03-04` (midnight UTC) or `2025-03-04T09:15:00Z`; nil when it is neither.
    public static func parseDate(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces)
        let parts = t.split(whereSeparator: { "-T:Z".contains($0) }).map { Int($0) }
        guard (parts.count == 3 && t.count == 10) || (parts.count == 6 && t.count == 20 && t.hasSuffix("Z")),
              !parts.contains(nil) else { return nil }
        let v = parts.compactMap { $0 }
        guard (1...12).contains(v[1]), (1...31).contains(v[2]) else { return nil }
        var parts_ = tm()
        parts_.tm_year = Int32(v[0] - 1900)
        parts_.tm_mon = Int32(v[1] - 1)
        parts_.tm_mday = Int32(v[2])
        if v.count == 6 {
            guard (0...23).contains(v[3]), (0...59).contains(v[4]), (0...60).contains(v[5]) else { return nil }
            parts_.tm_hour = Int32(v[3])
            parts_.tm_min = Int32(v[4])
            parts_.tm_sec = Int32(v[5])
        }
        let seconds = Double(timegm(&parts_))
        // Reject dates that do not exist (2025-02-30), which timegm would roll over.
        return isoUTC(seconds).hasPrefix(t.prefix(10)) ? seconds : nil
    }

    /// `2025-03-04T09:15:00Z`: seconds precision, UTC, no locale involved.
    public static func isoUTC(_ seconds: Double) -> String {
        var t = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}

extension Database {
    /// Every score, oldest round first, optionally of one group (by name, case-insensitive)
    /// and of rounds finished at or after `since` (Unix seconds).
    ///
    /// `correct`/`questions` are filled for graded quizzes only (the score's
    /// outcome is `graded`): an answer is right when it earned points — every
    /// correct graded answer earns some, a wrong one none (QuizPoints) — and
    /// the questions are those the quiz asked (`questions` in the round's detail).
    public func exportScores(groupName: String?, since: Double?) throws -> [ExportRow] {
        var sql = """
            SELECT g.name AS group_name, r.session_id, st.name AS student, r.game, r.room, r.id AS round_id,
                   sc.points, sc.outcome, r.ended_at, r.subject,
                   CASE WHEN r.game = 'quiz' AND sc.outcome = 'graded' THEN
                       (SELECT COUNT(*) FROM quiz_answers qa
                        WHERE qa.round_id = r.id AND qa.student_id = sc.student_id AND qa.points > 0)
                   END AS correct,
                   CASE WHEN r.game = 'quiz' AND sc.outcome = 'graded' AND json_valid(r.detail) THEN
                       json_extract(r.detail, '$.questions')
                   END AS questions
            FROM scores sc
            JOIN rounds r ON r.id = sc.round_id
            JOIN students st ON st.id = sc.student_id
            JOIN groups g ON g.id = st.group_id
            """
        var conditions: [String] = []
        var params: [SQLValue] = []
        if let groupName {
            conditions.append("g.name_key = ?")
            params.append(.text(NameKey.make(groupName)))
        }
        if let since {
            conditions.append("r.ended_at >= ?")
            params.append(.real(since))
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY r.ended_at, r.id, sc.id"
        return try query(sql, params).map { r in
            let game = try GameKind(stored: r.string("game"))
            return try ExportRow(group: r.string("group_name"), session: r.intOrNil("session_id"),
                      student: r.string("student"), game: game,
                      room: r.string("room"), round: r.int("round_id"),
                      points: Int(r.int("points")), outcome: Outcome(rawValue: r.string("outcome"), game: game),
                      finishedAt: r.double("ended_at"), content: r.string("subject"),
                      correct: r.intOrNil("correct").map(Int.init), questions: r.intOrNil("questions").map(Int.init))
        }
    }
}
