import Foundation

/// A teacher account; `passwordHash` is a `PasswordHash` string, never the password.
public struct TeacherRow: Sendable, Equatable {
    public let id: Int64
    public let name: String
    public let passwordHash: String
    public let createdAt: Double
    /// The console language the teacher last chose (`lang es`), nil before any (migration 7).
    public let language: String?

    public init(id: Int64, name: String, passwordHash: String, createdAt: Double, language: String? = nil) {
        self.id = id
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.language = language
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
        try query("SELECT id, name, password_hash, created_at, language FROM teachers WHERE name_key = ?",
                  [.text(NameKey.make(name))]).first.map(Self.teacherRow)
    }

    /// The teacher a login names: as stored (case does not matter), else the one teacher
    /// whose name is the same without accents (`lopez` for `López` was "Wrong teacher name
    /// or password": a play test, session 12); nil when none, or more than one, is.
    public func teacherForLogin(name: String) throws -> TeacherRow? {
        if let exact = try teacher(name: name) { return exact }
        let folded = Self.folded(name)
        let rows = try query("SELECT id, name, password_hash, created_at, language FROM teachers")
        let matches = try rows.filter { try Self.folded($0.string("name")) == folded }
        guard matches.count == 1, let row = matches.first else { return nil }
        return try Self.teacherRow(row)
    }

    /// Remembers the console language a teacher chose, for their next logins.
    public func setTeacherLanguage(name: String, language: String) throws {
        try run("UPDATE teachers SET language = ? WHERE name_key = ?", [.text(language), .text(NameKey.make(name))])
    }

    private static func folded(_ name: String) -> String {
        NameKey.make(name).folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
    }

    private static func teacherRow(_ r: Row) throws -> TeacherRow {
        try TeacherRow(id: r.int("id"), name: r.string("name"), passwordHash: r.string("password_hash"),
                       createdAt: r.double("created_at"), language: r.stringOrNil("language"))
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
