/// A teacher account; `passwordHash` is a `PasswordHash` string, never the password.
public struct TeacherRow: Sendable, Equatable {
    public let id: Int64
    public let name: String
    public let passwordHash: String
    public let createdAt: Double

    public init(id: Int64, name: String, passwordHash: String, createdAt: Double) {
        self.id = id
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

extension Database {
    /// Adds a teacher; a name already taken (case-insensitively) throws a constraint `StoreError`.
    @discardableResult
    public func addTeacher(name: String, passwordHash: String, at: Double) throws -> Int64 {
        try run("INSERT INTO teachers (name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?)",
                [.text(name), .text(NameKey.make(name)), .text(passwordHash), .real(at)])
        return lastInsertRowID
    }

    public func teacher(name: String) throws -> TeacherRow? {
        try query("SELECT id, name, password_hash, created_at FROM teachers WHERE name_key = ?",
                  [.text(NameKey.make(name))]).first.map { r in
            try TeacherRow(id: r.int("id"), name: r.string("name"),
                       passwordHash: r.string("password_hash"), createdAt: r.double("created_at"))
        }
    }

    /// Replaces a teacher's password hash; false when there is no such teacher.
    @discardableResult
    public func setTeacherPassword(name: String, hash: String) throws -> Bool {
        try run("UPDATE teachers SET password_hash = ? WHERE name_key = ?", [.text(hash), .text(NameKey.make(name))])
        return changes > 0
    }

    public func teacherCount() throws -> Int {
        try scalarInt("SELECT COUNT(*) FROM teachers")
    }
}

extension Database {
    /// Every teacher's account name (students may not take one: SPEC §12 reserved words).
    public func teacherNames() throws -> [String] {
        try query("SELECT name FROM teachers", []).map { try $0.string("name") }
    }
}
