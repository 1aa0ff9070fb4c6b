/// One login's question to the database, answered in ONE trip to the store
/// thread (issue 20): which group the name logs into (a roster with its PIN,
/// or the given group), its row, and — when the loop said it may and the
/// student turns out to need no PIN — the login's trace stored in the same
/// transaction (`recordLogin`). Before, a login without a class took three
/// trips (roster, row, record), each a wake-up of two threads.
public struct LoginLookup: Sendable {
    public enum Place: Sendable, Equatable {
        /// No class open: a name with a PIN on a roster (any group but the
        /// open one) logs into that group; otherwise the open group.
        case rosterOrOpen(openGroupID: Int64)
        /// A known group (the class session's).
        case group(Int64)
    }

    /// The login's trace, stored only if the name lands in `groupID` without a PIN.
    public struct Record: Sendable {
        public let groupID: Int64
        public let peer: String
        public let at: Double
        public let freshUnlessSameAddressWithin: Double?

        public init(groupID: Int64, peer: String, at: Double, freshUnlessSameAddressWithin: Double?) {
            self.groupID = groupID
            self.peer = peer
            self.at = at
            self.freshUnlessSameAddressWithin = freshUnlessSameAddressWithin
        }
    }

    public let name: String
    public let place: Place
    public let record: Record?

    public init(name: String, place: Place, record: Record?) {
        self.name = name
        self.place = place
        self.record = record
    }
}

/// What `lookUpLogin` found.
public enum LoginFound: Sendable, Equatable {
    /// The name has a PIN on several rosters (their group names, in order).
    case onRosters([String])
    /// The group the name logs into (`rosterGroup`: the name of the roster's
    /// group when a roster decided it), its row if any, and the login stored
    /// when the lookup's `record` applied.
    case student(groupID: Int64, rosterGroup: String?, row: StudentRow?, recorded: StudentLogin?)
}

extension Database {
    /// Answers a login's question (see `LoginLookup`): the same queries the
    /// separate steps make (`studentsWithPIN`, `student`, `recordLogin`), in one
    /// call. Run it as a write: it may store the login.
    public func lookUpLogin(_ lookup: LoginLookup) throws -> LoginFound {
        switch lookup.place {
        case .group(let id):
            return try answer(lookup, groupID: id, rosterGroup: nil, row: try student(groupID: id, name: lookup.name, withReading: true))
        case .rosterOrOpen(let openID):
            let (found, openRow) = try rosterOrOpenRows(named: lookup.name, openGroupID: openID)
            if found.count > 1 { return .onRosters(found.map(\.group)) }
            guard let only = found.first else { return try answer(lookup, groupID: openID, rosterGroup: nil, row: openRow) }
            // The roster's row is its group's row, unless it was found by its older key: the
            // group may also hold a row under the look-alike key, which `student` prefers.
            let row = only.byLookAlikeKey ? only.student
                : try student(groupID: only.student.groupID, name: lookup.name, withReading: true)
            return try answer(lookup, groupID: only.student.groupID, rosterGroup: only.group, row: row)
        }
    }

    /// The lookup's answer once its group and row are known: the login recorded when it applies.
    private func answer(_ lookup: LoginLookup, groupID: Int64, rosterGroup: String?, row: StudentRow?) throws -> LoginFound {
        var recorded: StudentLogin?
        if let record = lookup.record, record.groupID == groupID, row?.pinHash == nil {
            recorded = try recordLogin(existing: row, groupID: groupID, name: lookup.name, peer: record.peer,
                                       at: record.at, freshUnlessSameAddressWithin: record.freshUnlessSameAddressWithin)
        }
        return .student(groupID: groupID, rosterGroup: rosterGroup, row: row, recorded: recorded)
    }

    /// `studentsWithPIN(named:exceptGroupID:)` and `student(groupID: open, name:)`
    /// in ONE query (issue 20: they were the store thread's two queries per login
    /// made with no class open): the rows of this name (look-alike key or older
    /// key) that have a PIN in any group, or are in the open group. The roster
    /// rows come in the same order (groups by key); the open group's row is the
    /// look-alike key's, else the older key's, as `student` picks it.
    func rosterOrOpenRows(named name: String, openGroupID: Int64) throws
        -> (rosters: [(student: StudentRow, group: String, byLookAlikeKey: Bool)], open: StudentRow?) {
        let lookAlike = NameKey.student(name)
        let older = NameKey.make(name)
        let sql = """
            SELECT s.id, s.group_id, s.name, s.pin_hash, s.created_at, s.last_peer, s.last_login_at,
                   s.reader, s.lang, s.width,
                   s.name_key, g.name AS group_name
            FROM groups g CROSS JOIN students s ON s.group_id = g.id
            WHERE s.name_key IN (?1, ?2) AND (s.pin_hash IS NOT NULL OR g.id = ?3)
            ORDER BY g.name_key
            """
        var rosters: [(student: StudentRow, group: String, byLookAlikeKey: Bool)] = []
        var openByLookAlike: StudentRow?
        var openByOlder: StudentRow?
        for row in try query(sql, [.text(lookAlike), .text(older), .integer(openGroupID)]) {
            let student = try Self.studentRow(row)
            let byLookAlike = try row.string("name_key") == lookAlike
            if student.groupID == openGroupID {
                if byLookAlike { openByLookAlike = student } else { openByOlder = student }
            } else {
                rosters.append((student, try row.string("group_name"), byLookAlike))
            }
        }
        return (rosters, openByLookAlike ?? openByOlder)
    }
}

extension Database {
    /// Every lookup of one loop turn in one write (issue 20: one wake-up of the
    /// store thread and one of the loop for a crowd logging in, not one each).
    /// Each runs in its own savepoint: one that fails is rolled back alone and
    /// answered with its error; a transient failure (disk full, file locked)
    /// fails the whole batch, which the store then retries as a whole.
    public func lookUpLogins(_ lookups: [LoginLookup]) throws -> [Result<LoginFound, StoreError>] {
        var answers: [Result<LoginFound, StoreError>] = []
        answers.reserveCapacity(lookups.count)
        for lookup in lookups {
            do {
                answers.append(.success(try transaction { try lookUpLogin(lookup) }))
            } catch {
                let failure = StoreError(wrapping: error)
                if failure.isTransient { throw failure }
                answers.append(.failure(failure))
            }
        }
        return answers
    }
}
