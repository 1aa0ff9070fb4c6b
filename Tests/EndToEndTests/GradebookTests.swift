import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
import AulaStore

/// Issue 13 over TCP: the console's export is a gradebook (what was played,
/// graded answers right), `export summary`, and the teacher's view of the
/// room (`levels`, `decks`, `challenge status`, the challenge's leaderboard).
@Suite(.lab) struct GradebookTests {
    /// The file a console export wrote into the exports folder.
    static func exported(_ server: TestServer, _ name: String) -> String? {
        let path = server.directory.appendingPathComponent("exports").appendingPathComponent(name).path
        return FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aGradedQuizPlayedInClassIsInTheExportAndTheSummary() throws {
        let server = try QuizSupport.server()
        let names = ["Eva", "Fay"]
        let (room, c) = try QuizSupport.room(server, deck: "facts", names: names)
        // Eva gets the first question right and the second wrong; Fay both right.
        let typed = [["2", "1"], ["2", "1 3"]]
        c[0].send("start")
        for q in 0..<2 {
            for client in c { _ = client.waitForEvent("quiz.question") }
            for (i, _) in names.enumerated() { c[i].send(typed[i][q]) }
            for client in c { _ = client.waitForEvent("quiz.tally") }
        }
        let result = try #require(c[1].waitForEvent("quiz.result"))
        #expect(result.object("players")?.object("Eva")?.int("correct") == 1)
        _ = c[0].waitForEvent("round.end")
        // A personality quiz in the same room: points, but no "answers right".
        c[0].send("leave")
        c[1].send("leave")
        let (_, p) = try QuizSupport.room(server, deck: "trip", names: ["Gus"])
        p[0].send("start")
        for _ in 0..<3 {
            _ = p[0].waitForEvent("quiz.question")
            p[0].send("1")
            _ = p[0].waitForEvent("quiz.tally")
        }
        _ = p[0].waitForEvent("round.end")
        server.running.server.store.flush()

        let admin = try server.admin()
        let done = admin.text("export gradebook.csv")
        #expect(done.contains("3 score rows written"), "\(done)")
        let csv = try #require(Self.exported(server, "gradebook.csv"))
        let lines = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == ExportRow.csvHeader)
        let eva = try #require(lines.first { $0.contains(",Eva,") })
        let fay = try #require(lines.first { $0.contains(",Fay,") })
        let gus = try #require(lines.first { $0.contains(",Gus,") })
        #expect(eva.contains(",quiz,\(room),") && eva.hasSuffix(",facts,1,2"), "\(eva)")
        #expect(fay.hasSuffix(",facts,2,2"), "\(fay)")
        #expect(gus.hasSuffix(",trip,,"), "\(gus)")

        // The summary, with a BOM for Excel; Spanish words work too.
        let summaryDone = admin.text("exportar resumen resumen.csv --bom")
        #expect(summaryDone.contains("3 student rows written"), "\(summaryDone)")
        let summary = try #require(Self.exported(server, "resumen.csv"))
        #expect(summary.hasPrefix("\u{FEFF}" + SummaryRow.csvHeader + "\r\n"))
        let evaLine = try #require(summary.components(separatedBy: "\r\n").first { $0.hasPrefix("open,Eva,") })
        let evaCells = evaLine.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        // group,student,hangman,quiz,level,total,levels_solved,stars,quiz_correct,quiz_asked,rounds,...
        #expect(evaCells[8] == "1" && evaCells[9] == "2" && evaCells[10] == "1", "\(evaLine)")
        #expect(evaCells[3] == evaCells[5] && evaCells[3] != "0", "\(evaLine)")
        // No overwriting without --force; the usage names the summary.
        #expect(admin.text("export summary resumen.csv").contains("already exists"))
        #expect(admin.text("help export").contains("export [summary] FILE.csv"))
    }

    @Test func theTeacherSeesLevelsDecksAndWhoSolvedTheChallenge() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping,
                                    content: LevelTestContent.standard().merging(QuizSupport.content) { a, _ in a })
        let admin = try server.admin()
        let levels = admin.text("levels")
        #expect(levels.contains("w1  Test world (opens at 0 XP)"), "\(levels)")
        #expect(levels.contains("t-02") && levels.contains("Title t-02") && levels.contains("opens at 10 XP, gives 10 XP, 2:00"))
        #expect(levels.contains("Not in any world:") && levels.contains("t-rand"))
        #expect(admin.text("niveles").contains("Título t-01") == false)  // the console's language, not the alias's
        let decks = admin.text("decks")
        #expect(decks.contains("facts") && decks.contains("graded") && decks.contains("Facts (en), 2 questions"), "\(decks)")
        #expect(decks.contains("trip") && decks.contains("personality"))
        #expect(admin.text("challenge status").contains("No class challenge is running"))

        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        #expect(admin.text("challenge start t-02 2").contains("started with 2 students"))
        for client in [ana, ben] { _ = client.waitForEvent("level.opened") }
        ana.send("code")
        ana.type(["walk();", "walk();", "walk();"])
        ana.send(".")
        ana.send("run")
        _ = ana.waitForEvent("level.result")
        ana.send("submit")
        let solved = try #require(ana.waitForEvent("level.result") { $0["kind"] as? String == "submit" })
        #expect(solved["solved"] as? Bool == true)
        _ = ana.waitForEvent("level.progress")

        // Teachers are also told of each attempt ("Ana on t-02: run solved…"), maybe in the middle of the table.
        let status = admin.run("reto estado").filter { !$0.contains(" on t-02: run ") && !$0.contains(" on t-02: submit ") }
        let joined = status.joined(separator: "\n")
        #expect(joined.contains("Challenge on t-02") && joined.contains("1 of 2 solved"), "\(joined)")
        // The console also tells attempts as they happen ("Ana on t-02: run solved"): take the table row.
        let anaRow = try #require(status.first { $0.contains("Ana") && $0.contains("level-") })
        let anaCells = anaRow.split(separator: " ").map(String.init)
        #expect(anaCells[2] == "1" && anaCells[3] == "1", "runs and submits: \(anaRow)")
        #expect(anaRow.contains("solved ***"), "\(anaRow)")
        let benRow = try #require(status.first { $0.contains("Ben") && $0.contains("level-") })
        #expect(benRow.contains("working") && benRow.contains(" 0     0 "), "\(benRow)")

        // Stopping it shows the teacher the students' leaderboard.
        admin.client.send("challenge stop")
        #expect(admin.client.waitFor("Challenge stopped.") != nil)
        #expect(admin.client.waitFor("Class challenge — level t-02") != nil)
        let first = admin.client.waitFor("Ana")
        #expect(first?.contains("1") == true)
        for client in [ana, ben] { #expect(client.waitForEvent("leaderboard")?["scope"] as? String == "challenge:t-02") }
        server.running.server.store.flush()
        #expect(admin.text("challenge status").contains("No class challenge is running"))
        // The challenge's round says which level it was.
        #expect(admin.text("export challenge.csv").contains("2 score rows"))
        let csv = try #require(Self.exported(server, "challenge.csv"))
        #expect(csv.contains(",level,challenge,") && csv.contains(",t-02,,\r\n"))
    }

    /// The natural end (everyone done) shows the teacher the leaderboard too, unasked.
    @Test func theTeacherSeesTheLeaderboardWhenTheLastStudentSolves() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        #expect(admin.text("reto empezar t-02 2").contains("1"))
        _ = ana.waitForEvent("level.opened")
        ana.send("code")
        ana.type(["walk();", "walk();", "walk();"])
        ana.send(".")
        ana.send("submit")
        #expect(ana.waitForEvent("leaderboard")?["scope"] as? String == "challenge:t-02")
        #expect(admin.client.waitFor("Class challenge — level t-02") != nil)
        #expect(admin.client.waitFor("Ana") != nil)
    }
}
