import Foundation
import Testing
import AulaTestSupport

/// A student pasting a whole program into the editor at once must not lose
/// lines to the flood limit (20 lines a second outside the editor).
@Suite(.lab) struct LevelPasteTests {
    @Test func aPastedProgramArrivesWholeWithTheDefaultFloodLimit() throws {
        let server = try TestServer(content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        #expect(ana.waitForEvent("level.opened") != nil)
        ana.send("code")
        #expect(ana.waitForEvent("prompt") { $0["kind"] as? String == "code_line" } != nil)
        // 30 lines in one write: comments and walks, then the closing dot.
        var paste = ""
        for i in 1...26 { paste += "// step \(i)\r\n" }
        for _ in 0..<4 { paste += "walk();\r\n" }
        paste += ".\r\n"
        ana.sendRaw(Array(paste.utf8))
        var numbered = 0
        while let line = ana.waitForEvent("level.code_line", timeout: 3) {
            numbered = line["n"] as? Int ?? numbered
            if numbered == 30 { break }
        }
        #expect(numbered == 30)
        // The paste counted towards this second's lines; type on a moment later.
        Thread.sleep(forTimeInterval: 1.1)
        ana.send("submit")
        #expect(ana.waitForEvent("level.result")?["solved"] as? Bool == true)
        // Outside the editor the ordinary limit applies again.
        var flood = ""
        for _ in 0..<60 { flood += "time\r\n" }
        ana.sendRaw(Array(flood.utf8))
        #expect(ana.waitForEvent("error") { $0["code"] as? String == "throttled" } != nil)
    }
}
