import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 12's play test of the teacher's console: its own lines only, `kick`'s
/// length read from any number, `class` showing the join code again, and counts of one.
@Suite(.lab, .slow, .serialized) struct ConsoleFixes12Tests {
    /// The console following a quiz gets its own confirmation of `pause`, `resume` and
    /// `extend`, not the students' "Your teacher paused the game…" and "Your teacher
    /// gave you 20 more seconds: 40 seconds left." (which the students still get).
    @Test func theConsoleReadsItsOwnConfirmationNotTheStudentsLines() throws {
        let (server, admin, _, room, ana) = try HostedQuizWordsTests.hosted()
        defer { withExtendedLifetime(server) {} }  // the server stops when let go
        #expect(admin.text("quiz start").contains(room))
        #expect(ana.waitForEvent("quiz.question") != nil)
        let extended = admin.text("extend \(room) 20")
        #expect(extended.contains("20 more seconds"), "\(extended)")
        #expect(!extended.contains("Your teacher"), "\(extended)")
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.hasPrefix("Your teacher gave you 20 more seconds") == true } != nil)
        let paused = admin.text("pause \(room)")
        #expect(!paused.contains("Your teacher"), "\(paused)")
        #expect(ana.waitForEvent("paused") != nil)
        let resumed = admin.text("resume \(room)")
        #expect(!resumed.contains("The game goes on"), "\(resumed)")
        #expect(ana.waitForEvent("resumed") != nil)
        let later = admin.text("rooms")  // anything still on its way would come first
        #expect(!later.contains("Your teacher"), "\(later)")
    }

    /// `kick NAME 99999999999999999999 x` and `kick NAME 1.5` are refused with
    /// `bad_kick_minutes` (the number had become the reason, kicked for 10 minutes).
    @Test func anyNumberAfterTheNameIsTheLengthAndOutOfRangeIsRefused() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        for line in ["kick Ana 99999999999999999999 x", "kick Ana 1.5", "kick Ana 0", "kick Ana 2,5 late"] {
            let out = admin.text(line)
            #expect(out.contains("is not a number of minutes: use 1 to 1440"), "\(line): \(out)")
        }
        ana.send("me")
        #expect(ana.waitForEvent("me") != nil, "Ana is still in")
        let kicked = admin.text("kick Ana 3 talking")
        #expect(kicked.contains("3 minutes"), "\(kicked)")
        #expect(ana.waitForEvent("kicked")?["reason"] as? String == "talking")
    }

    /// `class` and `class code` show the open class, its join code, how many are in
    /// and how to close it (they answered with the usage line).
    @Test func classAloneShowsTheOpenClassAndItsCode() throws {
        let server = try TestServer()
        let admin = try server.admin()
        #expect(admin.text("class").contains("No class is open. class open GROUP opens one"))
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let ana = try TestClient.loggedInClass(port: server.port, name: "Ana", code: code)
        for line in ["class", "class code", "clase codigo"] {
            let out = admin.text(line)
            #expect(out.contains("Class 3B is open."), "\(line): \(out)")
            #expect(out.contains("Join code: \(code)"), "\(line): \(out)")
            #expect(out.contains("1 student is in."), "\(line): \(out)")
            #expect(out.contains("class close ends it"), "\(line): \(out)")
            #expect(!out.contains("Usage"), "\(line): \(out)")
        }
        #expect(admin.text("broadcast Hello").contains("Sent to 1 student."))
        #expect(ana.waitForEvent("broadcast") != nil || ana.transcript.contains { $0.contains("Hello") })
    }
}
