import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// Where and when students log in, fresh starts for PIN-less names, pruning
/// of names that never finished anything (issue 12, defects 6 and 12), and
/// the store's failure hook the login tests use (defect 5).
@Suite(.lab) struct StudentLoginsTests {
    private func scoreOnce(_ db: Database, groupID: Int64, studentID: Int64, at: Double) throws {
        try db.saveRound(RoundRecord(sessionID: nil, groupID: groupID, game: .hangman, room: "h1", subject: "x",
                                     detail: "", startedAt: at, endedAt: at,
                                     scores: [ScoreRecord(studentID: studentID, points: 10, outcome: .solved)]))
    }

    @Test func loginsStoreThePeerAndTimeAndANameFromElsewhereStartsFresh() throws {
        try withDatabase { db, _ in
            let open = try db.ensureGroup(name: "open")
            let first = try db.recordLogin(groupID: open, name: "Ana", peer: "10.0.0.5", at: 1_000,
                                           freshUnlessSameAddressWithin: 86_400)
            #expect(first.startedFresh == false)
            let row = try #require(try db.student(groupID: open, name: "ana"))
            #expect(row.lastPeer == "10.0.0.5" && row.lastLoginAt == 1_000)
            // Nothing finished yet: the row is simply reused.
            #expect(try db.recordLogin(groupID: open, name: "Ana", peer: "10.0.0.6", at: 1_100,
                                       freshUnlessSameAddressWithin: 86_400) == StudentLogin(id: first.id, startedFresh: false))
            try scoreOnce(db, groupID: open, studentID: first.id, at: 1_200)
            // Same address within the day: same row, points kept.
            let again = try db.recordLogin(groupID: open, name: "ANA", peer: "10.0.0.6", at: 2_000,
                                           freshUnlessSameAddressWithin: 86_400)
            #expect(again == StudentLogin(id: first.id, startedFresh: false))
            // Another address: a new row; the old one keeps its points under a key nobody can type.
            let other = try db.recordLogin(groupID: open, name: "Ana", peer: "10.0.0.99", at: 3_000,
                                           freshUnlessSameAddressWithin: 86_400)
            #expect(other.startedFresh && other.id != first.id)
            #expect(try db.student(groupID: open, name: "Ana")?.id == other.id)
            #expect(try db.student(id: first.id)?.name == "Ana")
            #expect(try db.hasHistory(studentID: first.id) && !db.hasHistory(studentID: other.id))
            // Same address, but more than a day later: fresh again.
            try scoreOnce(db, groupID: open, studentID: other.id, at: 3_100)
            let nextWeek = try db.recordLogin(groupID: open, name: "Ana", peer: "10.0.0.99", at: 3_000 + 86_401,
                                              freshUnlessSameAddressWithin: 86_400)
            #expect(nextWeek.startedFresh && nextWeek.id != other.id)
        }
    }

    @Test func namesWithAPinOrOutsideTheRuleKeepTheirRow() throws {
        try withDatabase { db, _ in
            let group = try db.ensureGroup(name: "3B")
            let ana = try db.ensureStudent(groupID: group, name: "Ana", at: 0)
            try db.setPinHash(studentID: ana, hash: "scrypt$whatever")
            try scoreOnce(db, groupID: group, studentID: ana, at: 10)
            #expect(try db.recordLogin(groupID: group, name: "Ana", peer: "10.0.0.1", at: 20,
                                       freshUnlessSameAddressWithin: 86_400) == StudentLogin(id: ana, startedFresh: false))
            let luis = try db.ensureStudent(groupID: group, name: "Luis", at: 0)
            try scoreOnce(db, groupID: group, studentID: luis, at: 10)
            #expect(try db.recordLogin(groupID: group, name: "Luis", peer: "10.0.0.2", at: 20)
                    == StudentLogin(id: luis, startedFresh: false))
        }
    }

    @Test func pruningRemovesOnlyOldRowsThatNeverFinishedAnything() throws {
        try withDatabase { db, _ in
            let open = try db.ensureGroup(name: "open")
            let day = 86_400.0
            var typed: [Int64] = []
            for i in 0..<2_500 { typed.append(try db.ensureStudent(groupID: open, name: "Typo\(i)", at: 0)) }
            let player = try db.ensureStudent(groupID: open, name: "Player", at: 0)
            try scoreOnce(db, groupID: open, studentID: player, at: 5)
            let solver = try db.ensureStudent(groupID: open, name: "Solver", at: 0)
            _ = try db.recordLevelResult(studentID: solver, levelID: "w1-01", score: 100, stars: 3, solvedAt: 5, xpReward: 10)
            let rostered = try db.ensureStudent(groupID: open, name: "Roster", at: 0)
            try db.setPinHash(studentID: rostered, hash: "scrypt$x")
            let online = try db.ensureStudent(groupID: open, name: "Online", at: 0)
            let recent = try db.recordLogin(groupID: open, name: "Recent", peer: "1.2.3.4", at: 2 * day - 10).id
            let comeback = try db.ensureStudent(groupID: open, name: "Comeback", at: 0)
            _ = try db.recordLogin(groupID: open, name: "Comeback", peer: "1.2.3.4", at: 2 * day - 5)

            // In chunks: call again while a whole chunk went.
            var removed = 0
            while true {
                let n = try db.pruneStudents(before: 2 * day - day, keeping: [online], limit: 1_000)
                removed += n
                if n < 1_000 { break }
            }
            #expect(removed == 2_500)
            let left = Set(try db.students(groupID: open).map(\.id))
            #expect(left == [player, solver, rostered, online, recent, comeback])
            #expect(typed.allSatisfy { !left.contains($0) })
            #expect(try db.pruneStudents(before: day) == 1)  // Online, once nobody keeps it
        }
    }

    @Test func anInjectedFailureFailsReadsAndWritesUntilCleared() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path())
        defer { store.close() }
        let broken = StoreError(code: 10, message: "disk I/O error (injected)")
        store.injectedFailure = broken
        let answered = DispatchSemaphore(value: 0)
        let outcome = OutcomeBox()
        store.read({ db in try db.teacherCount() }) { result in
            if case .failure(let e) = result { outcome.read = e }
            answered.signal()
        }
        store.write({ db in _ = try db.ensureGroup(name: "3B") }, done: { result in
            if case .failure(let e) = result { outcome.write = e }
            answered.signal()
        })
        #expect(answered.wait(timeout: .now() + 5) == .success && answered.wait(timeout: .now() + 5) == .success)
        #expect(outcome.read == broken && outcome.write == broken)
        #expect(try store.sync { try $0.group(name: "3B") } == nil)
        store.injectedFailure = nil
        store.write({ db in _ = try db.ensureGroup(name: "3B") })
        store.flush()
        #expect(try store.sync { try $0.group(name: "3B") } != nil)
    }
}

private final class OutcomeBox: @unchecked Sendable {
    var read: StoreError?
    var write: StoreError?
}
