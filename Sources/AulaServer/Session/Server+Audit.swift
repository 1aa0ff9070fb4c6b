import AulaStore

/// The audit trail (SPEC §12): the console files every teacher command, the core
/// files PIN lockouts; both through here.
extension Server {
    /// Appends an audit row (who, when, what, how it ended). Never holds a password.
    package func audit(teacher: String, command: String, outcome: String) {
        let now = wallClock()
        let command = String(command.prefix(500))
        store.write { db in try db.appendAudit(at: now, teacher: teacher, command: command, outcome: outcome) }
    }
}
