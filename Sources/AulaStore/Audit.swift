/// One admin action: who, what, when, and how it ended.
public struct AuditRow: Sendable, Equatable {
    public let id: Int64
    public let at: Double
    public let teacher: String
    public let command: String
    public let outcome: String

    public init(id: Int64, at: Double, teacher: String, command: String, outcome: String) {
        self.id = id
        self.at = at
        self.teacher = teacher
        self.command = command
        self.outcome = outcome
    }
}

extension Database {
    public func appendAudit(at: Double, teacher: String, command: String, outcome: String) throws {
        try run("INSERT INTO audit (at, teacher, command, outcome) VALUES (?, ?, ?, ?)",
                [.real(at), .text(teacher), .text(command), .text(outcome)])
    }

    /// The last `limit` entries, oldest first (reads like a log).
    public func audit(limit: Int = 20) throws -> [AuditRow] {
        try query("SELECT id, at, teacher, command, outcome FROM audit ORDER BY id DESC LIMIT ?",
                  [.integer(Int64(max(0, limit)))]).reversed().map { r in
            try AuditRow(id: r.int("id"), at: r.double("at"), teacher: r.string("teacher"),
                     command: r.string("command"), outcome: r.string("outcome"))
        }
    }
}
