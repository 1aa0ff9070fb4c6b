/// Migration 8 (session 12): student keys fold accents (`NameSkeleton.withoutAccents`),
/// so rows written before keep being found when the name is typed without them
/// (`Alvaro` finds `Álvaro`'s row and asks for its PIN). Each row gets its new
/// key unless another row of its group already has it (two students `Jose` and
/// `José` from before: the second keeps its row and points under its older key,
/// but a login as either name now finds the first — the teacher sees both in the
/// gradebook). Set-aside rows (`#` in the key) stay as they are.
extension Schema {
    static func foldAccentsInStudentKeys(_ db: Database) throws {
        let rows = try db.query("SELECT id, group_id, name, name_key FROM students ORDER BY id")
        var taken = Set<String>()
        for row in rows {
            let group = try row.int("group_id"), key = try row.string("name_key")
            taken.insert(String(group) + "\u{0}" + key)
        }
        for row in rows {
            let key = try row.string("name_key"), name = try row.string("name")
            guard !key.contains("#") else { continue }
            let group = String(try row.int("group_id"))
            let folded = NameKey.student(name)
            guard folded != key, !taken.contains(group + "\u{0}" + folded) else { continue }
            try db.run("UPDATE students SET name_key = ? WHERE id = ?", [.text(folded), .integer(try row.int("id"))])
            taken.remove(group + "\u{0}" + key)
            taken.insert(group + "\u{0}" + folded)
        }
    }
}
