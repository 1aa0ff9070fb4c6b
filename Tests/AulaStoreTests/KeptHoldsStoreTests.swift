import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// Kicks kept in the database (session 12, migration 7): read back at start-up.
@Suite(.lab) struct KeptHoldsStoreTests {
    /// A kick whose minutes ended while the server was stopped is gone at the next start.
    @Test func aKickThatEndedWhileStoppedIsForgotten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aula-holds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("aula.sqlite").path)
        defer { store.close() }
        let now = Date().timeIntervalSince1970
        let holds = try store.sync { db -> [KickRow] in
            try db.saveKick(KickRow(key: "open\u{0}ana", name: "Ana", groupKey: "open", groupName: "open", reason: nil,
                                    address: nil, until: now - 1))
            try db.saveKick(KickRow(key: "open\u{0}bea", name: "Bea", groupKey: "open", groupName: "open", reason: "x",
                                    address: "10.0.0.7", until: now + 60))
            return try db.kicksHolding(at: now)
        }
        #expect(holds.map(\.name) == ["Bea"])
        #expect(holds.first?.address == "10.0.0.7" && holds.first?.reason == "x")
    }

    /// A teacher's console language is kept; a login name matches without accents (`lopez` → `López`)
    /// unless two teachers' names differ only by accents.
    @Test func aTeachersLanguageIsKeptAndTheirNameMatchesWithoutAccents() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aula-teachers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("aula.sqlite").path)
        defer { store.close() }
        try store.sync { db in
            try db.addTeacher(name: "López", passwordHash: "x", at: 0)
            try db.setTeacherLanguage(name: "lópez", language: "es")
            #expect(try db.teacherForLogin(name: "lopez")?.name == "López")
            #expect(try db.teacherForLogin(name: "LOPEZ")?.language == "es")
            #expect(try db.teacherForLogin(name: "garcia") == nil)
            try db.addTeacher(name: "Lopez", passwordHash: "y", at: 0)
            #expect(try db.teacherForLogin(name: "lopez")?.name == "Lopez", "exact first")
            try db.addTeacher(name: "Núñez", passwordHash: "z", at: 0)
            try db.addTeacher(name: "Nuñez", passwordHash: "w", at: 0)
            #expect(try db.teacherForLogin(name: "nunez") == nil, "two match: type it exactly")
        }
    }
}
