/// A teacher's `kick` as stored (migration 7): it holds until `until` (Unix
/// seconds) across a restart, as SPEC §12 says ("the student cannot log in
/// again until then"). `key` is the server's player key (group + name).
public struct KickRow: Sendable, Equatable {
    public let key: String
    public let name: String
    public let groupKey: String
    public let groupName: String
    public let reason: String?
    /// The address the kicked name came from (held too, for names without a PIN).
    public let address: String?
    public let until: Double

    public init(key: String, name: String, groupKey: String, groupName: String, reason: String?, address: String?, until: Double) {
        self.key = key; self.name = name; self.groupKey = groupKey; self.groupName = groupName
        self.reason = reason; self.address = address; self.until = until
    }
}

/// Kicks and time accommodations, kept in the database so a restart in the
/// middle of a lesson does not drop them (a play test, session 12: a kicked
/// student logged straight back in; an accommodated one's clock was back to 1×).
extension Database {
    public func saveKick(_ kick: KickRow) throws {
        try run("""
            INSERT OR REPLACE INTO kicks (key, name, group_key, group_name, reason, address, until)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(kick.key), .text(kick.name), .text(kick.groupKey), .text(kick.groupName),
                  kick.reason.map(SQLValue.text) ?? .null, kick.address.map(SQLValue.text) ?? .null, .real(kick.until)])
    }

    /// `unkick`: these kicks end now.
    public func liftKicks(keys: [String]) throws {
        for key in keys { try run("DELETE FROM kicks WHERE key = ?", [.text(key)]) }
    }

    /// `class close`: the group's kicks end with the class.
    public func liftKicks(groupKey: String) throws {
        try run("DELETE FROM kicks WHERE group_key = ?", [.text(groupKey)])
    }

    /// The kicks still holding at `now` (Unix seconds); the ended ones are deleted.
    public func kicksHolding(at now: Double) throws -> [KickRow] {
        try run("DELETE FROM kicks WHERE until <= ?", [.real(now)])
        return try query("SELECT * FROM kicks ORDER BY until").map { r in
            try KickRow(key: r.string("key"), name: r.string("name"), groupKey: r.string("group_key"),
                        groupName: r.string("group_name"), reason: r.stringOrNil("reason"),
                        address: r.stringOrNil("address"), until: r.double("until"))
        }
    }

    /// `accommodate`: a multiplier by the server's accommodation key; nil clears it.
    public func setAccommodation(key: String, multiplier: Double?) throws {
        if let multiplier {
            try run("INSERT OR REPLACE INTO accommodations (key, multiplier) VALUES (?, ?)", [.text(key), .real(multiplier)])
        } else {
            try run("DELETE FROM accommodations WHERE key = ?", [.text(key)])
        }
    }

    /// Every accommodation, by key.
    public func accommodations() throws -> [String: Double] {
        var found: [String: Double] = [:]
        for r in try query("SELECT key, multiplier FROM accommodations") { found[try r.string("key")] = try r.double("multiplier") }
        return found
    }
}
