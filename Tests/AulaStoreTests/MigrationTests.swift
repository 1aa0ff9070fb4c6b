import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

@Suite("Migrations", .lab)
struct MigrationTests {
    static let tables = ["teachers", "groups", "students", "sessions", "rounds", "scores", "decks", "words",
                         "level_progress", "quiz_answers", "audit", "totals"]

    @Test func anEmptyFileEndsAtTheLatestVersionWithEveryTable() throws {
        let folder = try TempFolder()
        let db = try Database(path: folder.path())
        defer { db.close() }
        #expect(db.userVersion == 0)
        try Schema.migrate(db)
        #expect(db.userVersion == Schema.latestVersion)
        #expect(Schema.latestVersion >= 2)
        let names = Set(try db.query("SELECT name FROM sqlite_master WHERE type = 'table'").map { try $0.string("name") })
        for table in Self.tables { #expect(names.contains(table), "missing table \(table)") }
        // Running again changes nothing.
        try Schema.migrate(db)
        #expect(db.userVersion == Schema.latestVersion)
    }

    @Test func anOlderFileKeepsItsRowsAndGetsItsTotals() throws {
        let folder = try TempFolder()
        let path = folder.path()
        do {
            let db = try Database(path: path)
            try Migrator.migrate(db, migrations: Schema.migrations, upTo: 1)
            #expect(db.userVersion == 1)
            let g = try db.ensureGroup(name: "3B", at: 0)
            // Students the version-1 way (today's helpers read columns added later).
            func student(_ name: String) throws -> Int64 {
                try db.run("INSERT INTO students (group_id, name, name_key, created_at) VALUES (?, ?, ?, 0)",
                           [.integer(g), .text(name), .text(name.lowercased())])
                return db.lastInsertRowID
            }
            let ana = try student("Ana")
            let bo = try student("Bo")
            // Version 1 has no totals table: write rounds and scores the old way.
            for (points, student) in [(30, ana), (12, bo), (5, ana)] {
                try db.run("""
                    INSERT INTO rounds (group_id, game, room, subject, detail, started_at, ended_at)
                    VALUES (?, 'hangman', 'r1', 'animals', '', 0, 1)
                    """, [.integer(g)])
                try db.run("INSERT INTO scores (round_id, student_id, points, outcome) VALUES (?, ?, ?, 'won')",
                           [.integer(db.lastInsertRowID), .integer(student), .integer(Int64(points))])
            }
            db.close()
        }
        let store = try Store(path: path)
        defer { store.close() }
        try store.sync { db throws in
            #expect(db.userVersion == Schema.latestVersion)
            #expect(try db.scalar("SELECT COUNT(*) FROM scores").int == 3)
            let g = try #require(try db.group(name: "3b"))
            let board = try db.leaderboard(groupID: g.id, game: .hangman)
            #expect(board.map(\.name) == ["Ana", "Bo"])
            #expect(board.map(\.points) == [35, 12])
            #expect(try db.integrityCheck() == "ok")
        }
    }

    @Test func aFileFromANewerProgramIsRefused() throws {
        let folder = try TempFolder()
        let db = try Database(path: folder.path())
        defer { db.close() }
        try db.setUserVersion(Schema.latestVersion + 1)
        #expect(throws: StoreError.self) { try Schema.migrate(db) }
    }

    @Test func aFailingMigrationLeavesTheVersionWhereItWas() throws {
        let folder = try TempFolder()
        let db = try Database(path: folder.path())
        defer { db.close() }
        let migrations = Schema.migrations + [Migration(version: Schema.latestVersion + 1, name: "broken") { db in
            try db.execute("CREATE TABLE half_done (x)")
            throw Boom()
        }]
        #expect(throws: Boom.self) { try Migrator.migrate(db, migrations: migrations) }
        #expect(db.userVersion == Schema.latestVersion)
        #expect(try db.scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half_done'").int == 0)
    }
}
