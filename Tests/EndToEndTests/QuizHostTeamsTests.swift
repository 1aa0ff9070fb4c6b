import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// `quiz start N` from the console keeps the teams students picked and names
/// the new ones as a student host's `teams auto N` does (Comets, Owls…).
/// Played by hand: it had dealt everyone into Team A/B, replacing the picks.
@Suite(.lab, .slow, .serialized) struct QuizHostTeamsTests {
    @Test func quizStartKeepsPickedTeamsAndNamesNewOnesFriendly() throws {
        let server = try QuizHostTests.server()
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let names = ["Ana", "Ben", "Cy", "Dee"]
        let students = try names.map { try TestClient.loggedInClass(port: server.port, name: $0, code: code) }
        let hosted = admin.text("quiz host capitals")
        let room = try #require(QuizHostTests.roomID(hosted), "\(hosted)")
        for s in students {
            _ = s.waitForEvent("info") { ($0["text"] as? String)?.contains("join \(room)") == true }
            s.send("join \(room)")
            #expect(s.waitForEvent("room.joined") != nil)
        }
        // Ana and Ben pick Reds; Cy and Dee pick nothing.
        for s in students.prefix(2) {
            s.send("team Reds")
            #expect(s.waitForEvent("info") { ($0["text"] as? String)?.contains("Reds") == true } != nil)
        }
        let started = admin.text("quiz start 2")
        #expect(started.contains("\(room) started: 4 players, 2 teams"), "\(started)")
        let teams = try #require(students[2].waitForEvent("quiz.teams")?["teams"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: teams.compactMap { team in
            (team["team"] as? String).map { ($0, Set(team["members"] as? [String] ?? [])) }
        })
        #expect(byName == ["Reds": ["Ana", "Ben"], "Comets": ["Cy", "Dee"]], "\(teams)")
    }
}
