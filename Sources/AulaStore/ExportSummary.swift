import Foundation

/// One student's line of the gradebook summary (SPEC §12: `aula export summary
/// --csv`, console `export summary FILE.csv`): points per game, levels, stars,
/// graded-quiz answers, rounds played, first and last seen.
public struct SummaryRow: Sendable, Equatable {
    public let group: String
    public let student: String
    public let hangman: Int
    public let quiz: Int
    /// Level rooms and class challenges.
    public let level: Int
    /// Every game's points together.
    public let total: Int
    public let levelsSolved: Int
    /// Stars of the best result on each level.
    public let stars: Int
    /// Graded quizzes: answers that were right, and questions asked in the quizzes played.
    public let quizCorrect: Int
    public let quizAsked: Int
    /// Rounds with a score for the student (every game).
    public let rounds: Int
    /// Unix seconds: the row's creation; the later of the last login and the last round.
    public let firstSeen: Double
    public let lastSeen: Double
    /// False for a student who never logged in nor played (a roster name that never
    /// came): both times are left empty — they were the roster's import time, and a
    /// teacher read them as attendance (session 9).
    public let everSeen: Bool

    public init(group: String, student: String, hangman: Int, quiz: Int, level: Int, total: Int, levelsSolved: Int,
                stars: Int, quizCorrect: Int, quizAsked: Int, rounds: Int, firstSeen: Double, lastSeen: Double,
                everSeen: Bool = true) {
        self.everSeen = everSeen
        self.group = group
        self.student = student
        self.hangman = hangman
        self.quiz = quiz
        self.level = level
        self.total = total
        self.levelsSolved = levelsSolved
        self.stars = stars
        self.quizCorrect = quizCorrect
        self.quizAsked = quizAsked
        self.rounds = rounds
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
    }

    public static let csvHeader =
        "group,student,hangman,quiz,level,total,levels_solved,stars,quiz_correct,quiz_asked,rounds,first_seen,last_seen"

    /// The row as one CSV record, neutralised and quoted like the scores export.
    public var csvLine: String { csvLine(.standard) }

    public func csvLine(_ style: CSVStyle) -> String {
        let numbers = [hangman, quiz, level, total, levelsSolved, stars, quizCorrect, quizAsked, rounds].map(String.init)
        let seen = everSeen ? [style.time(firstSeen), style.time(lastSeen)] : ["", ""]
        return style.line([group, student] + numbers + seen)
    }

    public static func csvDocument(_ rows: [SummaryRow], bom: Bool = false) -> String {
        ExportRow.csvDocument(header: csvHeader, lines: rows.map(\.csvLine), bom: bom)
    }

    /// The same in a style (`--excel`: `;`, local times, a BOM).
    public static func csvDocument(_ rows: [SummaryRow], style: CSVStyle) -> String {
        ExportRow.csvDocument(header: style.header(csvHeader), lines: rows.map { $0.csvLine(style) }, bom: style.bom)
    }
}

extension Database {
    /// One row per student (every student, played or not), by group then name;
    /// optionally one group (by name, case-insensitive). Points come from the
    /// running totals `saveRound` keeps; graded-quiz counts follow the same
    /// rules as `exportScores`.
    public func exportSummary(groupName: String?) throws -> [SummaryRow] {
        var sql = """
            SELECT g.name AS group_name, s.name AS student, s.created_at, s.last_login_at,
                   (SELECT COALESCE(SUM(points), 0) FROM totals WHERE student_id = s.id AND game = 'hangman') AS hangman,
                   (SELECT COALESCE(SUM(points), 0) FROM totals WHERE student_id = s.id AND game = 'quiz') AS quiz,
                   (SELECT COALESCE(SUM(points), 0) FROM totals
                    WHERE student_id = s.id AND game IN ('level', 'challenge')) AS level,
                   (SELECT COALESCE(SUM(points), 0) FROM totals WHERE student_id = s.id) AS total,
                   (SELECT COUNT(*) FROM level_progress WHERE student_id = s.id) AS levels_solved,
                   (SELECT COALESCE(SUM(stars), 0) FROM level_progress WHERE student_id = s.id) AS stars,
                   (SELECT COUNT(*) FROM quiz_answers qa
                    JOIN scores sc ON sc.round_id = qa.round_id AND sc.student_id = qa.student_id
                    WHERE qa.student_id = s.id AND sc.outcome = 'graded' AND qa.points > 0) AS quiz_correct,
                   (SELECT COALESCE(SUM(CASE WHEN json_valid(r.detail) THEN json_extract(r.detail, '$.questions') END), 0)
                    FROM scores sc JOIN rounds r ON r.id = sc.round_id
                    WHERE sc.student_id = s.id AND r.game = 'quiz' AND sc.outcome = 'graded') AS quiz_asked,
                   (SELECT COUNT(*) FROM scores WHERE student_id = s.id) AS rounds,
                   (SELECT MAX(r.ended_at) FROM scores sc JOIN rounds r ON r.id = sc.round_id
                    WHERE sc.student_id = s.id) AS last_round
            FROM students s JOIN groups g ON g.id = s.group_id
            """
        var params: [SQLValue] = []
        if let groupName {
            sql += " WHERE g.name_key = ?"
            params.append(.text(NameKey.make(groupName)))
        }
        sql += " ORDER BY g.name_key, s.name_key, s.id"
        return try query(sql, params).map { r in
            let created = try r.double("created_at")
            let lastSeen = try max(created, r.doubleOrNil("last_login_at") ?? 0, r.doubleOrNil("last_round") ?? 0)
            func n(_ column: String) throws -> Int { Int(try r.int(column)) }
            return try SummaryRow(group: r.string("group_name"), student: r.string("student"),
                              hangman: n("hangman"), quiz: n("quiz"), level: n("level"), total: n("total"),
                              levelsSolved: n("levels_solved"), stars: n("stars"), quizCorrect: n("quiz_correct"),
                              quizAsked: n("quiz_asked"), rounds: n("rounds"), firstSeen: created, lastSeen: lastSeen,
                              everSeen: r.doubleOrNil("last_login_at") != nil || r.doubleOrNil("last_round") != nil)
        }
    }
}
