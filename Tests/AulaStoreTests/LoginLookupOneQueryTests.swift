import Testing
import AulaTestSupport
@testable import AulaStore

/// The roster check and the open group's row in one query (issue 20): the
/// same answer the two separate queries gave (`studentsWithPIN`, then
/// `student`), over rows stored under the look-alike key and the older key,
/// with and without PINs, in the open group and on rosters.
@Suite(.lab) struct LoginLookupOneQueryTests {
    /// What `lookUpLogin` answered before, from the two queries (no record).
    private func twoQueries(_ db: Database, _ name: String, open: Int64) throws -> LoginFound {
        let found = try db.studentsWithPIN(named: name, exceptGroupID: open)
        if found.count > 1 { return .onRosters(found.map(\.group)) }
        let groupID = found.first?.student.groupID ?? open
        return .student(groupID: groupID, rosterGroup: found.first?.group,
                        row: try db.student(groupID: groupID, name: name), recorded: nil)
    }

    /// A row under the older key (`NameKey.make`, rows written before look-alike
    /// keys) or under the look-alike key (`NameKey.student`), with or without a PIN.
    private func row(_ db: Database, group: Int64, name: String, older: Bool, pin: Bool) throws {
        try db.run("INSERT INTO students (group_id, name, name_key, created_at, pin_hash) VALUES (?, ?, ?, 1, ?)",
                   [.integer(group), .text(name), .text(older ? NameKey.make(name) : NameKey.student(name)),
                    pin ? .text("h") : .null])
    }

    @Test func oneQueryAnswersWhatTheTwoDid() throws {
        try withDatabase { db, _ in
            let open = try db.ensureGroup(name: "open")
            let threeB = try db.ensureGroup(name: "3B")
            let fourA = try db.ensureGroup(name: "4A")
            // An `m` makes the two keys differ (`mia` and the look-alike `rnia`).
            for name in ["Mia", "Emma", "Tom", "Sam", "Mar", "Lima"] {
                #expect(NameKey.student(name) != NameKey.make(name), "\(name)")
            }
            // Older key in the open group; on a roster by the older key, and by the look-alike key without a PIN.
            try row(db, group: open, name: "Mia", older: true, pin: false)
            try row(db, group: threeB, name: "Mia", older: true, pin: true)
            try row(db, group: threeB, name: "MIA", older: false, pin: false)
            // Both keys in the open group: the look-alike one is the row.
            try row(db, group: open, name: "Emma", older: false, pin: false)
            try row(db, group: open, name: "emma", older: true, pin: false)
            // One roster by the look-alike key; the open group's older row left aside.
            try row(db, group: fourA, name: "Tom", older: false, pin: true)
            try row(db, group: open, name: "Tom", older: true, pin: false)
            // A PIN in the open group only (not a roster); two rosters, by either key.
            try row(db, group: open, name: "Sam", older: false, pin: true)
            try row(db, group: threeB, name: "Mar", older: true, pin: true)
            try row(db, group: fourA, name: "Mar", older: false, pin: true)
            // Both keys on one roster, both with PINs (listed twice, as before).
            try row(db, group: fourA, name: "Lima", older: false, pin: true)
            try row(db, group: fourA, name: "lima", older: true, pin: true)
            // Without a PIN elsewhere: not a roster.
            try row(db, group: fourA, name: "Ada", older: false, pin: false)
            try row(db, group: open, name: "Luz", older: true, pin: false)
            for name in ["Mia", "mia", "MIA", "Emma", "Tom", "Sam", "Mar", "Lima", "Ada", "Luz", "LUZ", "Nadie", "B0b", "Vіctim"] {
                let one = try db.lookUpLogin(LoginLookup(name: name, place: .rosterOrOpen(openGroupID: open), record: nil))
                #expect(one == (try twoQueries(db, name, open: open)), "\(name)")
            }
        }
    }
}
