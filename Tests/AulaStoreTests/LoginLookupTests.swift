import Testing
import AulaTestSupport
@testable import AulaStore

/// A login's one trip to the store (issue 20): the same answers the separate
/// steps gave (roster, row, record), and the login stored only when it applies.
@Suite(.lab) struct LoginLookupTests {
    private func record(_ groupID: Int64, at: Double = 100) -> LoginLookup.Record {
        LoginLookup.Record(groupID: groupID, peer: "10.0.0.7", at: at, freshUnlessSameAddressWithin: 86_400)
    }

    @Test func aNewNameInTheOpenGroupIsRecordedInTheSameTrip() throws {
        try withDatabase { db, _ in
            let open = try db.ensureGroup(name: "open")
            let found = try db.lookUpLogin(LoginLookup(name: "Ana", place: .rosterOrOpen(openGroupID: open), record: record(open)))
            guard case .student(let groupID, let roster, let row, let recorded?) = found else {
                Issue.record("not recorded: \(found)")
                return
            }
            #expect(groupID == open && roster == nil && row == nil && !recorded.startedFresh)
            let stored = try #require(try db.student(groupID: open, name: "ana"))
            #expect(stored.id == recorded.id && stored.lastPeer == "10.0.0.7" && stored.lastLoginAt == 100)
            // Without a record: the row, nothing written.
            let again = try db.lookUpLogin(LoginLookup(name: "ANA", place: .group(open), record: nil))
            #expect(again == .student(groupID: open, rosterGroup: nil, row: stored, recorded: nil))
        }
    }

    @Test func aRosterNameWithAPINIsNeverRecordedAndSeveralRostersAreSaid() throws {
        try withDatabase { db, _ in
            let open = try db.ensureGroup(name: "open")
            let threeB = try db.ensureGroup(name: "3B")
            let ana = try db.ensureStudent(groupID: threeB, name: "Ana", at: 1)
            try db.setPinHash(studentID: ana, hash: "h")
            let found = try db.lookUpLogin(LoginLookup(name: "ana", place: .rosterOrOpen(openGroupID: open), record: record(open)))
            guard case .student(let groupID, "3B"?, let row?, nil) = found else {
                Issue.record("not the roster's row: \(found)")
                return
            }
            #expect(groupID == threeB && row.id == ana && row.lastLoginAt == nil)
            #expect(try db.student(groupID: open, name: "Ana") == nil)
            // The same name with a PIN on a second roster: refused, with both groups.
            let fourA = try db.ensureGroup(name: "4A")
            try db.setPinHash(studentID: try db.ensureStudent(groupID: fourA, name: "Ana", at: 1), hash: "h")
            #expect(try db.lookUpLogin(LoginLookup(name: "Ana", place: .rosterOrOpen(openGroupID: open), record: nil))
                    == .onRosters(["3B", "4A"]))
            // A record for another group than the one the name lands in is not applied.
            let other = try db.lookUpLogin(LoginLookup(name: "Luis", place: .group(threeB), record: record(open)))
            #expect(other == .student(groupID: threeB, rosterGroup: nil, row: nil, recorded: nil))
        }
    }

    @Test func aBatchAnswersEachLookupInOrder() throws {
        try withDatabase { db, _ in
            let open = try db.ensureGroup(name: "open")
            let answers = try db.lookUpLogins(["Ana", "Ben", "Ana"].map {
                LoginLookup(name: $0, place: .group(open), record: record(open))
            })
            let ids = answers.map { answer -> Int64? in
                guard case .success(.student(_, _, _, let recorded?)) = answer else { return nil }
                return recorded.id
            }
            #expect(ids.count == 3 && ids[0] != nil && ids[1] != nil && ids[0] == ids[2] && ids[0] != ids[1])
        }
    }
}
