import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 11, a hostile play test: after "The program is too big", a second
/// line that does not fit got no answer at all — the refusal is said once per
/// burst (a runaway paste printed it hundreds of times), and the `code_line`
/// prompt went with it, so a bot waiting for its prompt waited for ever.
@Suite(.lab) struct EditorRefusalPromptTests {
    @Test func aBotGetsItsPromptAfterEveryLineEvenWhenTheRefusalIsNotRepeated() throws {
        let server = try TestServer(configure: { LevelTestContent.fastTyping(&$0) }, content: LevelTestContent.standard())
        let bot = try TestClient.loggedInJSON(port: server.port, name: "Bot")
        bot.send("play t-01")
        #expect(bot.waitForEvent("level.opened") != nil)
        bot.send("code")
        #expect(bot.waitForEvent("prompt") { $0["kind"] as? String == "code_line" } != nil)
        // Sixteen comment lines of ~1 KB fill the 16 KiB program; the next two do not fit.
        let filler = "// " + String(repeating: "x", count: 990)
        for _ in 0..<16 {
            bot.send(filler)
            #expect(bot.waitForEvent("prompt") { $0["kind"] as? String == "code_line" } != nil)
        }
        bot.send(filler)
        #expect(bot.waitForEvent("error") { $0["code"] as? String == "program_too_big" } != nil)
        #expect(bot.waitForEvent("prompt") { $0["kind"] as? String == "code_line" && $0["line"] as? Int == 17 } != nil)
        bot.send(filler)
        // Not said again, but answered: the prompt for the same line number.
        let again = bot.waitForEvent("prompt") { $0["kind"] as? String == "code_line" }
        #expect(again?["line"] as? Int == 17, "\(bot.transcript.suffix(3))")
        bot.send(".")
        #expect(bot.waitForEvent("prompt") { $0["kind"] as? String == "command" } != nil)
        let errors = LinesInOrderTests.events(bot).filter { $0 == "error" }
        #expect(errors.count == 1, "the refusal is said once per burst: \(errors)")
    }
}
