import Foundation

/// A forgotten student's name in other rows (session 9, a teacher's week): the
/// student's own rows go with the student (foreign keys), but their name stayed
/// where a round's detail or the audit log had written it — `"completed_by":"Ana"`,
/// a quiz team's `members`, `room create Ana …` — and came out in a classmate's
/// `export student`. Store thread only, inside the forgetting transaction.
extension Database {
    /// What a forgotten name becomes in the rows that keep naming it.
    public static let forgottenName = "(forgotten)"

    /// Replaces the name in the details of the group's rounds (where it is a JSON
    /// string) and in the audit log's commands (where it is a word of its own).
    func scrubName(_ name: String, groupID: Int64) throws {
        guard !name.isEmpty else { return }
        // Names hold letters, digits, spaces, `-` and `_` (NameRules): as a JSON
        // string they need no escaping, so the stored text is the name quoted.
        let quoted = "\"" + name + "\""
        try run("UPDATE rounds SET detail = replace(detail, ?1, ?2) WHERE group_id = ?3 AND instr(detail, ?1) > 0",
                [.text(quoted), .text("\"" + Self.forgottenName + "\""), .integer(groupID)])
        let audited = try query("SELECT id, command FROM audit WHERE instr(command, ?) > 0", [.text(name)])
        for row in audited {
            let command = try row.string("command")
            let scrubbed = Self.replacingWord(name, in: command, with: Self.forgottenName)
            guard scrubbed != command else { continue }
            try run("UPDATE audit SET command = ? WHERE id = ?", [.text(scrubbed), .integer(try row.int("id"))])
        }
    }

    /// `text` with every whole-word `word` replaced: not inside a longer word
    /// ("Ana" in "Anabel" stays), a word being letters, digits, `-` and `_`.
    static func replacingWord(_ word: String, in text: String, with replacement: String) -> String {
        func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "-" || c == "_" }
        var result = ""
        var rest = text[...]
        while let found = rest.range(of: word) {
            let before = found.lowerBound > rest.startIndex ? rest[rest.index(before: found.lowerBound)] : nil
            let after = found.upperBound < rest.endIndex ? rest[found.upperBound] : nil
            result += rest[..<found.lowerBound]
            let whole = !(before.map(isWordCharacter) ?? false) && !(after.map(isWordCharacter) ?? false)
            result += whole ? replacement : String(rest[found])
            rest = rest[found.upperBound...]
        }
        return result + rest
    }
}
