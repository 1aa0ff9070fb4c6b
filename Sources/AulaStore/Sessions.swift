/// A class period: a group, its join code, when it opened and closed, and whether joining is locked.
public struct SessionRow: Sendable, Equatable {
    public let id: Int64
    public let groupID: Int64
    public let groupName: String
    public let joinCode: String
    public let openedAt: Double
    public let closedAt: Double?
    public let locked: Bool

    public init(id: Int64, groupID: Int64, groupName: String, joinCode: String,
                openedAt: Double, closedAt: Double?, locked: Bool) {
        self.id = id
        self.groupID = groupID
        self.groupName = groupName
        self.joinCode = joinCode
        self.openedAt = openedAt
        self.closedAt = closedAt
        self.locked = locked
    }
}

extension Database {
    private static let sessionColumns = """
        SELECT s.id, s.group_id, g.name AS group_name, s.join_code, s.opened_at, s.closed_at, s.locked
        FROM sessions s JOIN groups g ON g.id = s.group_id
        """

    /// Opens a class session for a group; returns its id.
    @discardableResult
    public func openSession(groupID: Int64, joinCode: String, at: Double) throws -> Int64 {
        try run("INSERT INTO sessions (group_id, join_code, opened_at) VALUES (?, ?, ?)",
                [.integer(groupID), .text(joinCode), .real(at)])
        return lastInsertRowID
    }

    /// Closes a session (a no-op when it is already closed).
    public func closeSession(id: Int64, at: Double) throws {
        try run("UPDATE sessions SET closed_at = ? WHERE id = ? AND closed_at IS NULL", [.real(at), .integer(id)])
    }

    /// The most recently opened session that is still open.
    public func openSession() throws -> SessionRow? {
        try query(Self.sessionColumns + " WHERE s.closed_at IS NULL ORDER BY s.opened_at DESC, s.id DESC LIMIT 1")
            .first.map(Self.sessionRow)
    }

    /// Every open session, newest first (normally one).
    public func openSessions() throws -> [SessionRow] {
        try query(Self.sessionColumns + " WHERE s.closed_at IS NULL ORDER BY s.opened_at DESC, s.id DESC")
            .map(Self.sessionRow)
    }

    /// The open session with this join code (codes compare case-insensitively).
    public func openSession(joinCode: String) throws -> SessionRow? {
        try query(Self.sessionColumns + " WHERE s.closed_at IS NULL AND s.join_code = ? ORDER BY s.id DESC LIMIT 1",
                  [.text(joinCode.uppercased())]).first.map(Self.sessionRow)
    }

    public func session(id: Int64) throws -> SessionRow? {
        try query(Self.sessionColumns + " WHERE s.id = ?", [.integer(id)]).first.map(Self.sessionRow)
    }

    /// `lock` / `unlock`: whether new students may join the session.
    public func setSessionLocked(id: Int64, locked: Bool) throws {
        try run("UPDATE sessions SET locked = ? WHERE id = ?", [SQLValue(locked), .integer(id)])
    }

    private static func sessionRow(_ r: Row) throws -> SessionRow {
        try SessionRow(id: r.int("id"), groupID: r.int("group_id"), groupName: r.string("group_name"),
                   joinCode: r.string("join_code"), openedAt: r.double("opened_at"),
                   closedAt: r.doubleOrNil("closed_at"), locked: r.bool("locked"))
    }
}
