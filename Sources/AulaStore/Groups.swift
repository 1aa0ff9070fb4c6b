/// A class group and how many students it has.
public struct GroupRow: Sendable, Equatable {
    public let id: Int64
    public let name: String
    public let studentCount: Int

    public init(id: Int64, name: String, studentCount: Int) {
        self.id = id
        self.name = name
        self.studentCount = studentCount
    }
}

/// A student of a group; `pinHash` is set when the roster gave (or generated) a PIN.
public struct StudentRow: Sendable, Equatable {
    public let id: Int64
    public let groupID: Int64
    public let name: String
    public let pinHash: String?
    public let createdAt: Double
    /// The peer address and time of the last login (schema 3; nil before it).
    public let lastPeer: String?
    public let lastLoginAt: Double?
    /// How the student reads (schema 7; empty before it or when never chosen).
    public let reading: StudentReading

    public init(id: Int64, groupID: Int64, name: String, pinHash: String?, createdAt: Double,
                lastPeer: String? = nil, lastLoginAt: Double? = nil, reading: StudentReading = StudentReading()) {
        self.id = id
        self.groupID = groupID
        self.name = name
        self.pinHash = pinHash
        self.createdAt = createdAt
        self.lastPeer = lastPeer
        self.lastLoginAt = lastLoginAt
        self.reading = reading
    }
}

extension Database {
    // MARK: Groups

    /// The group's id, creating it when new; names match case-insensitively ("3B" == "3b").
    @discardableResult
    public func ensureGroup(name: String, at: Double = 0) throws -> Int64 {
        let key = NameKey.make(name)
        if let id = try scalar("SELECT id FROM groups WHERE name_key = ?", [.text(key)]).int64 { return id }
        try run("INSERT INTO groups (name, name_key, created_at) VALUES (?, ?, ?)", [.text(name), .text(key), .real(at)])
        return lastInsertRowID
    }

    /// Every group by name, with its number of students.
    public func groups() throws -> [GroupRow] {
        try query("""
            SELECT g.id, g.name, (SELECT COUNT(*) FROM students s WHERE s.group_id = g.id) AS students
            FROM groups g ORDER BY g.name_key
            """).map(Self.groupRow)
    }

    public func group(name: String) throws -> GroupRow? {
        try query("""
            SELECT g.id, g.name, (SELECT COUNT(*) FROM students s WHERE s.group_id = g.id) AS students
            FROM groups g WHERE g.name_key = ?
            """, [.text(NameKey.make(name))]).first.map(Self.groupRow)
    }

    public func group(id: Int64) throws -> GroupRow? {
        try query("""
            SELECT g.id, g.name, (SELECT COUNT(*) FROM students s WHERE s.group_id = g.id) AS students
            FROM groups g WHERE g.id = ?
            """, [.integer(id)]).first.map(Self.groupRow)
    }

    private static func groupRow(_ r: Row) throws -> GroupRow {
        try GroupRow(id: r.int("id"), name: r.string("name"), studentCount: Int(r.int("students")))
    }

    // MARK: Students

    /// The student's id in the group, creating the row at first login; names match case-insensitively
    /// and look-alikes match each other (`NameKey.student`).
    @discardableResult
    public func ensureStudent(groupID: Int64, name: String, at: Double) throws -> Int64 {
        if let row = try student(groupID: groupID, name: name) { return row.id }
        let key = NameKey.student(name)
        try run("INSERT INTO students (group_id, name, name_key, created_at) VALUES (?, ?, ?, ?)",
                [.integer(groupID), .text(name), .text(key), .real(at)])
        return lastInsertRowID
    }

    /// The student's row by name: the look-alike key first, then the key rows
    /// written before look-alike keys were kept (`NameKey.student`).
    public func student(groupID: Int64, name: String, withReading: Bool = false) throws -> StudentRow? {
        let keys = [NameKey.student(name), NameKey.make(name)]
        let columns = withReading ? Self.studentColumnsWithReading : Self.studentColumns
        for key in keys.indices where key == 0 || keys[key] != keys[0] {
            if let row = try query(columns + " FROM students WHERE group_id = ? AND name_key = ?",
                                   [.integer(groupID), .text(keys[key])]).first.map(Self.studentRow) {
                return row
            }
        }
        return nil
    }

    public func student(id: Int64) throws -> StudentRow? {
        try query(Self.studentColumns + " FROM students WHERE id = ?",
                  [.integer(id)]).first.map(Self.studentRow)
    }

    /// Every student of a group, by name.
    public func students(groupID: Int64) throws -> [StudentRow] {
        try query(Self.studentColumns + " FROM students WHERE group_id = ? ORDER BY name_key",
                  [.integer(groupID)]).map(Self.studentRow)
    }

    /// Sets (or, with nil, clears) a student's PIN hash.
    public func setPinHash(studentID: Int64, hash: String?) throws {
        try run("UPDATE students SET pin_hash = ? WHERE id = ?", [SQLValue(hash), .integer(studentID)])
    }

    /// True when some student of the group has a PIN (the login then asks `PIN:`).
    public func groupHasPins(groupID: Int64) throws -> Bool {
        try scalarBool("SELECT EXISTS (SELECT 1 FROM students WHERE group_id = ? AND pin_hash IS NOT NULL)",
                       [.integer(groupID)])
    }

    static let studentColumns = "SELECT id, group_id, name, pin_hash, created_at, last_peer, last_login_at"
    /// `studentColumns` with how the student reads (schema 7): for the login,
    /// on the server's own (migrated) file; reading commands on an older file
    /// never select them.
    static let studentColumnsWithReading = studentColumns + ", reader, lang, width"

    static func studentRow(_ r: Row) throws -> StudentRow {
        try StudentRow(id: r.int("id"), groupID: r.int("group_id"), name: r.string("name"),
                   pinHash: r.stringOrNil("pin_hash"), createdAt: r.double("created_at"),
                   lastPeer: r.stringOrNil("last_peer"), lastLoginAt: r.doubleOrNil("last_login_at"),
                   reading: r.columns.contains("reader") ? studentReading(r) : StudentReading())
    }
}
