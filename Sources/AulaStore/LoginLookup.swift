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
        let groupID: Int64
        var rosterGroup: String?
        switch lookup.place {
        case .group(let id):
            groupID = id
        case .rosterOrOpen(let openID):
            let found = try studentsWithPIN(named: lookup.name, exceptGroupID: openID)
            if found.count > 1 { return .onRosters(found.map(\.group)) }
            if let only = found.first {
                groupID = only.student.groupID
                rosterGroup = only.group
            } else {
                groupID = openID
            }
        }
        let row = try student(groupID: groupID, name: lookup.name)
        var recorded: StudentLogin?
        if let record = lookup.record, record.groupID == groupID, row?.pinHash == nil {
            recorded = try recordLogin(existing: row, groupID: groupID, name: lookup.name, peer: record.peer,
                                       at: record.at, freshUnlessSameAddressWithin: record.freshUnlessSameAddressWithin)
        }
        return .student(groupID: groupID, rosterGroup: rosterGroup, row: row, recorded: recorded)
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
