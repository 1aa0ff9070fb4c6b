import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Issue 14, the shipped course over TCP: a level names its new idea and its
/// note is readable before solving; a level solved at par in C style, and
/// the procedures level (w4-03, opened by a teacher's challenge) in Java style.
@Suite(.lab) struct ShippedCourseTests {
    @Test func aStudentReadsTheNewNoteAndSolvesInBothSpellings() throws {
        let server = try TestServer(configure: {
            $0.contentDirectory = ClassPeriodTests.shippedContent
            LevelTestContent.fastTyping(&$0)
        })
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let bea = try TestClient.loggedInJSON(port: server.port, name: "Bea")
        ana.send("play w1-01")
        let opened = try #require(ana.waitForEvent("level.opened"))
        #expect((opened["new_note"] as? [String: Any])?["id"] as? String == "sequence")
        ana.send("notes sequence")
        #expect((ana.waitForEvent("level.note")?["text"] as? String)?.contains("ada.walk();") == true)
        // A later level's note is still locked.
        ana.send("notes procedures")
        #expect(ana.nextErrorCode() == "note_locked")
        ana.send("code")
        ana.type(["walk();", "walk();", "walk();", "walk();"])
        ana.send(".")
        ana.send("submit")
        let first = try #require(ana.waitForEvent("level.result"))
        #expect(first["solved"] as? Bool == true && first["stars"] as? Int == 3)

        // The teacher's challenge opens w4-03 (procedures) for everyone, XP ignored.
        let started = server.running.onLoop { server in
            server.classChallenges?.startChallenge(levelID: "w4-03", minutes: 5, startedBy: "Ms Lovelace")
        }
        #expect(try started??.get() == 2)
        let procedures = try #require(ana.waitForEvent("level.opened") { $0["level"] as? String == "w4-03" })
        #expect((procedures["new_note"] as? [String: Any])?["id"] as? String == "procedures")
        bea.send("lang es")
        let beaOpened = try #require(bea.waitForEvent("level.opened"))
        #expect(beaOpened["level"] as? String == "w4-03")
        ana.send("lang java")
        ana.send("code")
        ana.type(["void openDoor() {", "    ada.walk();", "    ada.pick();", "    ada.use();", "    ada.walk();", "}",
                  "void breakIron() {", "    ada.walk();", "    ada.hit();", "    ada.walk();", "}",
                  "openDoor();", "openDoor();", "breakIron();", "openDoor();", "breakIron();", "breakIron();",
                  "openDoor();", "ada.walk();"])
        ana.send(".")
        ana.send("submit")
        let solved = try #require(ana.waitForEvent("level.result") { $0["kind"] as? String == "submit" })
        #expect(solved["solved"] as? Bool == true)
        #expect(solved["statements"] as? Int == 15)
        #expect(solved["stars"] as? Int == 3)
    }
}
