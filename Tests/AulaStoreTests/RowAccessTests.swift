import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// Issue 18: a misspelled column name is an error that reaches the caller's storage
/// error path, never a silent 0 or "".
@Suite("Row access by column name", .lab)
struct RowAccessTests {
    @Test func aMisspelledColumnThrowsInsteadOfReadingZero() throws {
        try withDatabase { db, _ throws in
            _ = try db.ensureGroup(name: "4B", at: 1)
            let row = try #require(try db.query("SELECT id, name FROM groups").first)
            #expect(try row.int("id") > 0)
            #expect(try row.string("name") == "4B")
            let error = #expect(throws: StoreError.self) { try row.int("idd") }
            #expect(error?.code == StoreError.columnCode)
            #expect(error?.message.contains("idd") == true)
            #expect(throws: StoreError.self) { try row.string("nmae") }
            #expect(throws: StoreError.self) { try row.double("created") }
            #expect(throws: StoreError.self) { try row.bool("locked") }
            #expect(throws: StoreError.self) { try row.intOrNil("idd") }
            #expect(throws: StoreError.self) { try row.stringOrNil("nmae") }
        }
    }

    @Test func columnNamesMatchWithoutRegardToCase() throws {
        try withDatabase { db, _ throws in
            _ = try db.ensureGroup(name: "4B", at: 1)
            let row = try #require(try db.query("SELECT name AS Group_Name FROM groups").first)
            #expect(try row.string("group_name") == "4B")
        }
    }

    @Test func nullIsNilForNullableReadsAndAnErrorForRequiredOnes() throws {
        try withDatabase { db, _ throws in
            let row = try #require(try db.query("SELECT NULL AS closed_at, 'x' AS word, 7 AS n").first)
            #expect(try row.doubleOrNil("closed_at") == nil)
            #expect(try row.intOrNil("n") == 7)
            let error = #expect(throws: StoreError.self) { try row.double("closed_at") }
            #expect(error?.message.contains("NULL") == true)
            // Text that is not a number is the wrong kind of value, not 0.
            #expect(throws: StoreError.self) { try row.int("word") }
            #expect(throws: StoreError.self) { try row.intOrNil("word") }
        }
    }

    @Test func scalarIntThrowsWhenThereIsNoValue() throws {
        try withDatabase { db, _ throws in
            #expect(try db.scalarInt("SELECT COUNT(*) FROM groups") == 0)
            #expect(try db.scalarBool("SELECT EXISTS (SELECT 1 FROM groups)") == false)
            #expect(throws: StoreError.self) { try db.scalarInt("SELECT id FROM groups") }
            #expect(throws: StoreError.self) { try db.scalarInt("SELECT NULL") }
        }
    }

    /// What the server sees: a read with a misspelled column ends in `.failure`
    /// (its storage_unavailable path), not in a row of zeros.
    @Test func aStoreReadWithAMisspelledColumnFails() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path())
        defer { store.close() }
        try store.sync { db in _ = try db.ensureGroup(name: "4B", at: 1) }
        let answered = DispatchSemaphore(value: 0)
        let outcome = Collected<String>()
        store.read({ db in
            try db.query("SELECT id FROM groups").map { try $0.int("group_id") }
        }, done: { result in
            switch result {
            case .success(let ids): outcome.append("success \(ids)")
            case .failure(let error): outcome.append(error.code == StoreError.columnCode ? "column error" : "\(error)")
            }
            answered.signal()
        })
        #expect(answered.wait(timeout: .now() + 10) == .success)
        #expect(outcome.all == ["column error"])
    }
}
