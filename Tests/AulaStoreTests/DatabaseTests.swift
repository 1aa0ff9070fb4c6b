import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

@Suite("Database connection", .lab)
struct DatabaseTests {
    @Test func opensInWALWithForeignKeysOn() throws {
        try withDatabase { db, _ throws in
            #expect(try db.scalar("PRAGMA journal_mode").string == "wal")
            #expect(try db.scalar("PRAGMA foreign_keys").int == 1)
            #expect(try db.scalar("PRAGMA synchronous").int == 1) // NORMAL
            #expect(try db.integrityCheck() == "ok")
        }
    }

    @Test func quotesAndUnicodeAreBoundNotSpliced() throws {
        try withDatabase { db, _ throws in
            let tricky = "O'Brien\"; DROP TABLE groups; -- ñandú 🦙"
            let id = try db.ensureGroup(name: tricky, at: 1)
            #expect(try db.group(id: id)?.name == tricky)
            #expect(try db.scalar("SELECT COUNT(*) FROM groups").int == 1)
            #expect(try db.query("SELECT name FROM groups WHERE name = ?", [.text(tricky)]).count == 1)
        }
    }

    @Test func valuesRoundTripByType() throws {
        try withDatabase { db, _ throws in
            try db.execute("CREATE TABLE t (a, b, c, d, e)")
            try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [42, 2.5, "héllo", .blob([0, 1, 255]), nil])
            let row = try #require(try db.query("SELECT a, b, c, d, e FROM t").first)
            #expect(try row["a"] == .integer(42))
            #expect(try row["b"] == .real(2.5))
            #expect(try row["c"] == .text("héllo"))
            #expect(try row["d"] == .blob([0, 1, 255]))
            #expect(try row["e"] == .null)
            // A column the query did not return is an error, never a silent NULL (issue 18).
            #expect(throws: StoreError.self) { try row["missing"] }
        }
    }

    @Test func wrongParameterCountIsAnErrorNotACrash() throws {
        try withDatabase { db, _ throws in
            #expect(throws: StoreError.self) { try db.run("SELECT ?", []) }
            // The cached statement still works afterwards.
            #expect(try db.scalar("SELECT ?", [7]).int == 7)
        }
    }

    @Test func aThrowRollsTheTransactionBack() throws {
        try withDatabase { db, _ throws in
            #expect(throws: Boom.self) {
                try db.transaction {
                    try db.ensureGroup(name: "3B", at: 0)
                    throw Boom()
                }
            }
            #expect(try db.groups().isEmpty)
            #expect(!db.isInTransaction)
        }
    }

    @Test func aNestedThrowRollsBackOnlyItsSavepoint() throws {
        try withDatabase { db, _ throws in
            try db.transaction {
                try db.ensureGroup(name: "kept", at: 0)
                _ = try? db.transaction {
                    try db.ensureGroup(name: "dropped", at: 0)
                    throw Boom()
                }
            }
            #expect(try db.groups().map(\.name) == ["kept"])
        }
    }

    @Test func constraintViolationsAreReportedAsSuch() throws {
        try withDatabase { db, _ throws in
            try db.addTeacher(name: "Ada", passwordHash: "x", at: 0)
            do {
                try db.addTeacher(name: "ADA", passwordHash: "y", at: 0)
                Issue.record("duplicate teacher accepted")
            } catch let e as StoreError {
                #expect(e.isConstraint)
                #expect(!e.isTransient)
            }
        }
    }
}
