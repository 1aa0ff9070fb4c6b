import Foundation

/// `aula export student NAME`: everything stored about one student, for a
/// subject-access request — and nothing about anyone else (session 9, a
/// teacher's week: a parent's file listed the classmates of Ana's quiz team and
/// gave every time as a bare number of seconds).
extension Database {
    /// What another student's name becomes in the rounds this record shows.
    public static let classmateName = "(classmate)"

    /// Everything stored about one student, as JSON-ready values: the
    /// student's row (PIN hash left out: it is a secret, not data about them),
    /// their group, and every row of every student table. Every `…_at` time
    /// has a readable `…_at_utc` beside it.
    public func studentRecord(id: Int64) throws -> [String: Any]? {
        guard let row = try query("SELECT s.*, g.name AS group_name FROM students s JOIN groups g ON g.id = s.group_id WHERE s.id = ?",
                                  [.integer(id)]).first else { return nil }
        var student = Self.jsonObject(row)
        student["pin_hash"] = nil
        // The look-alike key ("ana rnaría" for Ana María) is how logins are matched, not
        // data about the student, and read like a misspelt name (session 11).
        student["name_key"] = nil
        student["has_pin"] = try row.stringOrNil("pin_hash") != nil
        var record: [String: Any] = ["student": student]
        for table in Self.studentTables {
            record[table] = try query("SELECT * FROM \(table) WHERE student_id = ?", [.integer(id)]).map(Self.jsonObject)
        }
        // The rounds the scores and answers refer to: what was played, where and when;
        // the classmates a round's detail names (who completed the word, a team's
        // members) are not this student's data.
        let own = try row.string("name")
        let classmates = try query("SELECT name FROM students WHERE group_id = ? AND id != ?",
                                   [.integer(try row.int("group_id")), .integer(id)]).map { try $0.string("name") }
            .filter { $0 != own }
        record["rounds"] = try query("""
            SELECT DISTINCT r.id, r.game, r.room, r.subject, r.detail, r.started_at, r.ended_at FROM rounds r
            WHERE r.id IN (SELECT round_id FROM scores WHERE student_id = ?1
                           UNION SELECT round_id FROM quiz_answers WHERE student_id = ?1) ORDER BY r.id
            """, [.integer(id)]).map { round in
                var object = Self.jsonObject(round)
                if var detail = object["detail"] as? String {
                    for name in classmates where detail.contains("\"" + name + "\"") {
                        detail = detail.replacingOccurrences(of: "\"" + name + "\"", with: "\"" + Self.classmateName + "\"")
                    }
                    object["detail"] = detail
                }
                return object
            }
        return record
    }

    static func jsonObject(_ row: Row) -> [String: Any] {
        var object: [String: Any] = [:]
        for (column, value) in zip(row.columns, row.values) {
            switch value {
            case .integer(let v): object[column] = v
            case .real(let v):
                object[column] = v.isFinite ? v : 0
                if column == "at" || column.hasSuffix("_at"), v.isFinite { object[column + "_utc"] = ExportRow.isoUTC(v) }
            case .text(let v): object[column] = v
            case .blob(let v): object[column] = Data(v).base64EncodedString()
            case .null: object[column] = NSNull()
            }
        }
        return object
    }
}
