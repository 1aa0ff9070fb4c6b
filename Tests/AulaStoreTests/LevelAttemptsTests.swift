import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// Programs and attempts kept (SPEC §12, migration 3).
@Suite("Level attempts and kept programs", .lab)
struct LevelAttemptsTests {
    @Test func everyAttemptIsStoredWithItsSeed() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
            let bo = try db.ensureStudent(groupID: g, name: "Bo", at: 0)
            let big = UInt64.max - 5   // seeds use all 64 bits
            try db.recordLevelAttempt(LevelAttemptRecord(studentID: ana, levelID: "w1-04", at: 10, kind: "run", ok: false,
                                                         statements: 0, result: "syntax_error"))
            try db.recordLevelAttempt(LevelAttemptRecord(studentID: ana, levelID: "w1-04", at: 20, kind: "submit", ok: true,
                                                         statements: 2, result: "solved", seed: big))
            try db.recordLevelAttempt(LevelAttemptRecord(studentID: ana, levelID: "w2-01", at: 30, kind: "run", ok: false,
                                                         statements: 4, result: "no_health"))
            try db.recordLevelAttempt(LevelAttemptRecord(studentID: bo, levelID: "w1-04", at: 40, kind: "run", ok: false,
                                                         statements: 10, result: "program_ended"))
            let w104 = try db.levelAttempts(studentID: ana, levelID: "w1-04")
            #expect(w104.map(\.result) == ["syntax_error", "solved"])
            #expect(w104.last?.seed == big && w104.first?.seed == nil)
            #expect(w104.last?.statements == 2 && w104.last?.ok == true && w104.last?.kind == "submit")
            #expect(try db.levelAttempts(studentID: ana).count == 3)
            let summary = try db.levelAttemptSummaries(groupID: g).sorted { ($0.studentID, $0.levelID) < ($1.studentID, $1.levelID) }
            #expect(summary.map { "\($0.levelID) \($0.attempts) \($0.failed)" } == ["w1-04 2 1", "w2-01 1 1", "w1-04 1 1"])
            #expect(summary.first?.firstAt == 10 && summary.first?.lastAt == 20)
        }
    }

    @Test func theLastProgramPerLevelIsKeptAndClearForgetsIt() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
            #expect(try db.keptLevelProgram(studentID: ana, levelID: "w1-04") == nil)
            try db.keepLevelProgram(studentID: ana, levelID: "w1-04", source: "walk();", at: 1)
            try db.keepLevelProgram(studentID: ana, levelID: "w1-04", source: "repeat (10) {\n    walk();\n}", at: 2)
            try db.keepLevelProgram(studentID: ana, levelID: "w1-05", source: "turnLeft();", at: 3)
            #expect(try db.keptLevelProgram(studentID: ana, levelID: "w1-04") == "repeat (10) {\n    walk();\n}")
            #expect(try db.lastKeptLevel(studentID: ana) == "w1-05")
            try db.keepLevelProgram(studentID: ana, levelID: "w1-05", source: "  \n", at: 4)
            #expect(try db.keptLevelProgram(studentID: ana, levelID: "w1-05") == nil)
        }
    }

    @Test func theSpellingIsKeptWithTheStudent() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
            #expect(try db.levelSpelling(studentID: ana) == nil)
            try db.setLevelSpelling(studentID: ana, spelling: "java")
            #expect(try db.levelSpelling(studentID: ana) == "java")
        }
    }

    @Test func migrationFourAddsTheTablesToAVersionThreeFile() throws {
        let folder = try TempFolder()
        let db = try Database(path: folder.path())
        defer { db.close() }
        try Migrator.migrate(db, migrations: Schema.migrations, upTo: 3)
        let g = try db.ensureGroup(name: "3B", at: 0)
        let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
        try Schema.migrate(db)
        #expect(db.userVersion >= 4)
        try db.keepLevelProgram(studentID: ana, levelID: "w1-01", source: "walk();", at: 1)
        #expect(try db.keptLevelProgram(studentID: ana, levelID: "w1-01") == "walk();")
        #expect(try db.levelSpelling(studentID: ana) == nil)
    }
}
