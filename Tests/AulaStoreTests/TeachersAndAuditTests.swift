import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

@Suite("Teachers and audit", .lab)
struct TeachersAndAuditTests {
    @Test func teachersAreFoundByNameWhateverTheCase() throws {
        try withDatabase { db, _ throws in
            #expect(try db.teacherCount() == 0)
            try db.addTeacher(name: "Marta", passwordHash: "h1", at: 5)
            #expect(try db.teacher(name: "MARTA")?.passwordHash == "h1")
            #expect(try db.setTeacherPassword(name: "marta", hash: "h2"))
            #expect(try db.teacher(name: "Marta")?.passwordHash == "h2")
            #expect(try !db.setTeacherPassword(name: "nobody", hash: "h3"))
            #expect(try db.teacherCount() == 1)
            #expect(try db.teacher(name: "nobody") == nil)
        }
    }

    @Test func auditShowsTheLastEntriesOldestFirst() throws {
        try withDatabase { db, _ throws in
            for i in 1...5 {
                try db.appendAudit(at: Double(i), teacher: "Marta", command: "kick Bo \(i)", outcome: "ok")
            }
            let last = try db.audit(limit: 3)
            #expect(last.map(\.command) == ["kick Bo 3", "kick Bo 4", "kick Bo 5"])
            #expect(last.map(\.at) == [3, 4, 5])
        }
    }
}
