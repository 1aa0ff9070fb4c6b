import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// Upgrades (issue 17): a file made at every earlier schema version — built by
/// that version's own migrations, which never change once shipped — opens in
/// today's program with every row kept, a sound file, and the new tables usable.
@Suite("Migration from every version", .lab)
struct EveryVersionMigrationTests {
    @Test(arguments: Array(1..<Schema.latestVersion))
    func aFileAtEveryOlderVersionKeepsEverything(version: Int) throws {
        let folder = try TempFolder()
        let path = folder.path()
        do {
            let db = try Database(path: path)
            try Migrator.migrate(db, migrations: Schema.migrations, upTo: version)
            #expect(db.userVersion == version)
            // Rows written with version 1's columns only (every later version keeps them).
            try db.run("INSERT INTO groups (name, name_key, created_at) VALUES ('3B', '3b', 0)")
            let group = db.lastInsertRowID
            try db.run("INSERT INTO teachers (name, name_key, password_hash, created_at) VALUES ('garcia', 'garcia', 'h', 0)")
            try db.run("INSERT INTO students (group_id, name, name_key, pin_hash, created_at) VALUES (?, 'Ana', 'ana', 'p', 5)",
                       [.integer(group)])
            let ana = db.lastInsertRowID
            try db.run("INSERT INTO sessions (group_id, join_code, opened_at) VALUES (?, 'ABCD', 1)", [.integer(group)])
            try db.run("""
                INSERT INTO rounds (session_id, group_id, game, room, subject, detail, started_at, ended_at)
                VALUES (?, ?, 'quiz', 'q1', 'deck', '', 1, 2)
                """, [.integer(db.lastInsertRowID), .integer(group)])
            let round = db.lastInsertRowID
            try db.run("INSERT INTO scores (round_id, student_id, points, outcome) VALUES (?, ?, 40, 'won')",
                       [.integer(round), .integer(ana)])
            if version >= 2 {  // from version 2 on, saving a round keeps its running total
                try db.run("INSERT INTO totals (student_id, game, group_id, points, rounds) VALUES (?, 'quiz', ?, 40, 1)",
                           [.integer(ana), .integer(group)])
            }
            try db.run("INSERT INTO quiz_answers (round_id, student_id, question_index, answer, elapsed, points) VALUES (?, ?, 0, 'a', 1.5, 10)",
                       [.integer(round), .integer(ana)])
            try db.run("INSERT INTO level_progress VALUES (?, 'w1-01', 12, 3, 3, 5)", [.integer(ana)])
            try db.run("INSERT INTO audit (at, teacher, command, outcome) VALUES (1, 'garcia', 'class open 3B', 'ok')")
            db.close()
        }
        let store = try Store(path: path)
        defer { store.close() }
        try store.sync { db throws in
            #expect(db.userVersion == Schema.latestVersion)
            #expect(try db.integrityCheck() == "ok")
            for (table, count) in [("groups", 1), ("teachers", 1), ("students", 1), ("sessions", 1), ("rounds", 1),
                                   ("scores", 1), ("quiz_answers", 1), ("level_progress", 1), ("audit", 1)] {
                #expect(try db.scalar("SELECT COUNT(*) FROM \(table) WHERE 1").int == count, "\(table) after \(version)")
            }
            let group = try #require(try db.group(name: "3B"))
            let ana = try #require(try db.student(groupID: group.id, name: "Ana"))
            #expect(ana.pinHash == "p")
            // Totals: built from the scores by migration 2, or kept as written after it.
            #expect(try db.scalar("SELECT points FROM totals WHERE student_id = ?", [.integer(ana.id)]).int == 40)
            // The newest tables work on the upgraded file.
            try db.run("INSERT INTO level_attempts (student_id, level_id, at, kind, ok, statements, result) VALUES (?, 'w1-01', 9, 'run', 1, 3, 'solved')",
                       [.integer(ana.id)])
            #expect(try db.rowsAbout(studentID: ana.id) > 0)
        }
    }
}
