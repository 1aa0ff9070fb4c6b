import Dispatch
import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// A batch runs its writes without a savepoint each (Store+Batch.swift) and falls back to
/// one savepoint per write only when a write throws: what is committed must be exactly what
/// the savepoints gave before.
@Suite("Store batches without savepoints", .lab)
struct BatchSavepointTests {
    /// Holds the store thread until `open` so the writes queued meanwhile share one batch.
    private func gated(_ store: Store) -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        store.read({ _ in gate.wait() }, done: { _ in })
        return gate
    }

    @Test func aBatchWhoseWritesAllSucceedIsNotRunTwice() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path())
        defer { store.close() }
        let gate = gated(store)
        let runs = Collected<Int>()
        for i in 0..<50 {
            store.write { db in
                runs.append(i)
                // A nested transaction, as saveRound opens one inside its write.
                try db.transaction { try db.appendAudit(at: Double(i), teacher: "t", command: "c\(i)", outcome: "ok") }
            }
        }
        gate.signal()
        store.flush()
        #expect(runs.all == Array(0..<50))
        #expect(store.rerunBatches == 0)
        #expect(try store.sync { try $0.scalarInt("SELECT COUNT(*) FROM audit") } == 50)
    }

    /// A write that throws after writing is rolled back alone; the others of its batch are
    /// committed once each, in order, and told success.
    @Test func aThrowingWriteIsRolledBackAloneAfterTheRerun() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path())
        defer { store.close() }
        let gate = gated(store)
        let results = Collected<String>()
        for name in ["a", "b", "c", "d"] {
            store.write({ db in
                try db.ensureGroup(name: name, at: 0)
                if name == "c" { throw Boom() }
            }, done: { results.append("\(name) \((try? $0.get()) != nil)") })
        }
        gate.signal()
        store.flush()
        #expect(results.all == ["a true", "b true", "c false", "d true"])
        #expect(try store.sync { try $0.groups().map(\.name) } == ["a", "b", "d"])
        #expect(store.rerunBatches == 1)
    }

    /// A body that catches its own nested transaction's error expects that part undone (a
    /// savepoint did it): the batch is rerun with savepoints so it is, and the body's other
    /// work stays.
    @Test func aCaughtNestedFailureIsStillUndone() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path())
        defer { store.close() }
        let gate = gated(store)
        let results = Collected<Bool>()
        store.write({ db in try db.ensureGroup(name: "first", at: 0) }, done: { results.append((try? $0.get()) != nil) })
        store.write({ db in
            try db.ensureGroup(name: "kept", at: 0)
            _ = try? db.transaction {
                try db.ensureGroup(name: "undone", at: 0)
                throw Boom()
            }
            try db.ensureGroup(name: "after", at: 0)
        }, done: { results.append((try? $0.get()) != nil) })
        gate.signal()
        store.flush()
        #expect(results.all == [true, true])
        #expect(try store.sync { try $0.groups().map(\.name).sorted() } == ["after", "first", "kept"])
        #expect(store.rerunBatches == 1)
    }

    /// Outside the store (CLI commands, tests) nested transactions keep their savepoints.
    @Test func aDatabaseOnItsOwnStillUsesSavepoints() throws {
        let names = try withDatabase { db, _ -> [String] in
            try db.transaction {
                try db.ensureGroup(name: "x", at: 0)
                _ = try? db.transaction {
                    try db.ensureGroup(name: "y", at: 0)
                    throw Boom()
                }
            }
            return try db.groups().map(\.name)
        }
        #expect(names == ["x"])
    }

    /// A saved round's scores and totals are exact whether its batch ran with or without savepoints.
    @Test func roundsSavedInABatchWithAFailureKeepExactTotals() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path())
        defer { store.close() }
        let (group, ann, bob) = try store.sync { db -> (Int64, Int64, Int64) in
            let g = try db.ensureGroup(name: "4a", at: 0)
            return (g, try db.ensureStudent(groupID: g, name: "Ann", at: 0), try db.ensureStudent(groupID: g, name: "Bob", at: 0))
        }
        func round(_ a: Int, _ b: Int) -> RoundRecord {
            RoundRecord(sessionID: nil, groupID: group, game: .hangman, room: "r", subject: "en", detail: "",
                        startedAt: 0, endedAt: 1,
                        scores: [ScoreRecord(studentID: ann, points: a, outcome: .solved),
                                 ScoreRecord(studentID: bob, points: b, outcome: .played)])
        }
        for failing in [false, true] {
            let (first, second) = (round(3, 1), round(2, 5))
            let gate = gated(store)
            store.write { db in try db.saveRound(first) }
            if failing { store.write { _ in throw Boom() } }
            store.write { db in try db.saveRound(second) }
            gate.signal()
            store.flush()
        }
        let points = try store.sync { db in
            try db.query("SELECT student_id, points, rounds FROM totals ORDER BY student_id").map { [$0[0].int, $0[1].int, $0[2].int] }
        }
        #expect(points == [[Int(ann), 10, 4], [Int(bob), 12, 4]])
        #expect(try store.sync { try $0.scalarInt("SELECT COUNT(*) FROM scores") } == 8)
        #expect(store.rerunBatches == 1)
    }
}
