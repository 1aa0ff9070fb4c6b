import Foundation
import Testing
import AulaTestSupport

/// Issue 14, the language, over TCP: a misspelt command gets "did you mean
/// walk()?", a long run shows 40 trace lines on a text screen (the rest on
/// `trace`) with the loop hint, JSON readers get the documented fields
/// (`missing` on an unsolved `level.result`), and `step` lists the program
/// around the current line.
@Suite(.lab) struct LevelHelpTests {
    /// Types a program into the editor and closes it.
    private func type(_ client: TestClient, _ lines: [String]) {
        client.send("clear")
        client.send("code")
        for line in lines { client.send(line) }
        client.send(".")
    }

    @Test func textShowsDidYouMeanACappedTraceTheLoopHintAndTheListing() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ben = try TestClient.loggedIn(port: server.port, name: "Ben")
        ben.send("color off")
        ben.send("create level t-01")
        #expect(ben.waitFor("#>...G#") != nil)

        type(ben, ["Walk();"])
        ben.send("run")
        let suggestion = try #require(ben.waitFor("did you mean"))
        #expect(suggestion.contains("Line 1, column 1: Ada does not know “Walk” — did you mean walk()?"))

        // 1 + 6000 + 5999 steps: over the 10,000-step limit.
        type(ben, ["repeat (6000) {", "  turnLeft();", "}"])
        ben.send("run")
        var stepLines = 0
        var capLine: String?
        var hint = false
        while let line = ben.readLine(timeout: 5) {
            if line.contains(" → row ") { stepLines += 1 }
            if line.contains("more steps not shown") { capLine = line }
            if line.contains("Is there an endless loop?") { hint = true }
            if line.contains("Too many steps") { break }
        }
        #expect(stepLines == 41)  // the first 40 and the last
        #expect(capLine?.contains("9959 more steps not shown: type trace to see them") == true)
        #expect(hint)
        #expect(ben.waitFor("Still to do: the goal was not reached.") != nil)

        // `trace`: the stored trace (200 steps, the gap, the last one).
        ben.send("trace")
        var traced = 0
        while let line = ben.readLine(timeout: 5) {
            if line.contains(" → row ") { traced += 1 }
            if traced == 201 { break }
        }
        #expect(traced == 201)

        // `step` lists the program around the current line, marked.
        type(ben, ["walk();", "walk();", "walk();"])
        ben.send("step")
        #expect(ben.waitFor("1: walk() → row 2, col 3, facing E") != nil)
        ben.send("step")
        #expect(ben.waitFor("2: walk() → row 2, col 4, facing E") != nil)
        #expect(ben.readLine() == "  1 | walk();")
        #expect(ben.readLine() == "> 2 | walk();")
        #expect(ben.readLine() == "  3 | walk();")
        #expect(ben.waitFor("Health: 3") != nil)
    }

    @Test func jsonGetsTheSuggestionTheCappedTraceAndTheMissingGoals() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create level t-01")
        #expect(ana.waitForEvent("level.opened") != nil)

        type(ana, ["turnleft();"])
        ana.send("run")
        let error = try #require(ana.waitForEvent("error"))
        #expect(error["code"] as? String == "syntax_error")
        #expect((error["message"] as? String)?.contains("did you mean turnLeft()? Capital letters matter.") == true)

        type(ana, ["repeat (6000) {", "  turnLeft();", "}"])
        ana.send("run")
        var steps = 0
        var gap: [String: Any]?
        var result: [String: Any]?
        while let line = ana.readLine(timeout: 5), let object = TestClient.json(line) {
            switch object["ev"] as? String {
            case "level.step": steps += 1
            case "info" where object["skipped"] != nil: gap = object
            case "level.result": result = object
            default: break
            }
            if result != nil { break }
        }
        #expect(steps == 201)  // JSON readers get up to 200 and the last
        #expect(gap?["skipped"] as? Int == 9799)
        #expect(result?["reason"] as? String == "too_many_steps")
        let missing = try #require(result?["missing"] as? [[String: Any]])
        #expect(missing.first?["goal"] as? String == "reach_goal")
        #expect(missing.first?["message"] as? String == "the goal was not reached")
    }
}
