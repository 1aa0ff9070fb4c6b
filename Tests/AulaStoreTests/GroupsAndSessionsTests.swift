import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

@Suite("Groups, students and sessions", .lab)
struct GroupsAndSessionsTests {
    @Test func groupsAndStudentsMatchNamesWhateverTheirCase() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "Ñandúes", at: 1)
            #expect(try db.ensureGroup(name: "ñANDÚES", at: 2) == g)
            let s = try db.ensureStudent(groupID: g, name: "Álvaro", at: 3)
            #expect(try db.ensureStudent(groupID: g, name: "álvaro", at: 4) == s)
            #expect(try db.student(groupID: g, name: "ÁLVARO")?.name == "Álvaro")
            let other = try db.ensureGroup(name: "Otros", at: 5)
            #expect(try db.ensureStudent(groupID: other, name: "Álvaro", at: 6) != s)
            #expect(try db.groups().map(\.studentCount) == [1, 1])
            #expect(try db.groups().map(\.name) == ["Otros", "Ñandúes"]) // byte order of the key: accented letters sort last
        }
    }

    @Test func aPinHashIsKeptPerStudent() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            let s = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
            #expect(try db.groupHasPins(groupID: g) == false)
            try db.setPinHash(studentID: s, hash: "scrypt$x")
            #expect(try db.student(id: s)?.pinHash == "scrypt$x")
            #expect(try db.groupHasPins(groupID: g) == true)
            #expect(try db.students(groupID: g).map(\.name) == ["Ana"])
        }
    }

    @Test func aSessionOpensLocksAndCloses() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            #expect(try db.openSession() == nil)
            let id = try db.openSession(groupID: g, joinCode: "K7PX2M", at: 100)
            let open = try #require(try db.openSession())
            #expect(open.id == id && open.groupName == "3B" && open.joinCode == "K7PX2M" && !open.locked)
            #expect(try db.openSession(joinCode: "k7px2m")?.id == id)
            try db.setSessionLocked(id: id, locked: true)
            #expect(try db.session(id: id)?.locked == true)
            try db.closeSession(id: id, at: 200)
            #expect(try db.openSession() == nil)
            #expect(try db.session(id: id)?.closedAt == 200)
            #expect(try db.openSession(joinCode: "K7PX2M") == nil)
        }
    }
}
