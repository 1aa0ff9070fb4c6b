import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// The last piece of issue 19 over TCP: each student's last activity on the
/// teacher's page `/teacher` — what they last did and how long ago, and for a
/// student who left, when they last logged in (from the database) — in
/// English and Spanish.
@Suite(.lab) struct BoardActivityTests {
    /// The roster row of a name (`<tr><td>NAME</td><td>open</td>…`) or of a
    /// not-connected student (`<tr class="offline"><td>NAME</td>…`).
    static func row(_ body: String, _ prefix: String) -> String {
        body.components(separatedBy: "\n").first { $0.hasPrefix(prefix) } ?? ""
    }

    @Test func theTeacherSeesWhatEachStudentLastDid() throws {
        let server = try HangmanFixture.server { $0.boardPort = 0 }
        defer { server.stop() }
        let port = try #require(server.running.onLoop({ $0.boardPort }) ?? nil)
        // Cy comes and goes: not connected, with the login the database kept.
        let cy = try TestClient.loggedInJSON(port: server.port, name: "Cy")
        cy.send("quit")
        _ = cy.waitForEvent("info")
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        let dee = try TestClient.loggedInJSON(port: server.port, name: "Dee")
        ana.send("create hangman medium prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ben.send("join \(room)")
        #expect(ana.waitForEvent("room.joined") { ($0["players"] as? [String]) == ["Ana", "Ben"] } != nil)
        ana.send("start")
        let turn = try #require(ana.nextState()?["turn"] as? String)
        _ = ben.nextState()
        let (holder, other) = turn == "Ana" ? (ana, ben) : (ben, ana)
        holder.send("guess g")
        _ = holder.nextState()
        _ = other.nextState()
        let otherName = turn == "Ana" ? "Ben" : "Ana"

        let page = try BoardTests.get(port, BoardTests.request("/teacher"))
        #expect(page.status == "HTTP/1.1 200 OK")
        #expect(page.body.contains("<th>Last activity</th>"))
        let guessed = Self.row(page.body, "<tr><td>\(turn)</td><td>open</td>")
        #expect(guessed.contains("<td class=\"activity\">hangman guess · ") && guessed.hasSuffix(" ago</td></tr>"), "\(guessed)")
        // The other one last started the round (Ana) or joined from the lobby (Ben).
        let waited = Self.row(page.body, "<tr><td>\(otherName)</td><td>open</td>")
        #expect(waited.contains(otherName == "Ana" ? "hangman start · " : "join (lobby) · "), "\(waited)")
        #expect(Self.row(page.body, "<tr><td>Dee</td><td>open</td>").contains("logged in · "))
        #expect(page.body.contains("Not connected — group open, most recently seen first"))
        let gone = Self.row(page.body, "<tr class=\"offline\"><td>Cy</td>")
        #expect(gone.contains("<td>not connected · last logged in ") && gone.contains(" ago</td>"), "\(gone)")
        // Connected students are not listed again among the not connected.
        #expect(!page.body.contains("<tr class=\"offline\"><td>Dee</td>"))
        // One page: no page links.
        #expect(!page.body.contains("class=\"pages\""))

        let spanish = try BoardTests.get(port, BoardTests.request("/teacher?lang=es"))
        #expect(spanish.body.contains("<th>Última actividad</th>"))
        #expect(Self.row(spanish.body, "<tr><td>\(turn)</td><td>open</td>").contains("ahorcado: adivinar · hace "))
        #expect(Self.row(spanish.body, "<tr><td>Dee</td><td>open</td>").contains("entró · hace "))
        #expect(Self.row(spanish.body, "<tr class=\"offline\"><td>Cy</td>").contains("sin conexión · entró por última vez hace "))
        // A page past the end is the last one (as `who`), still read-only.
        let far = try BoardTests.get(port, BoardTests.request("/teacher?page=9"))
        #expect(far.body.contains("<tr><td>Dee</td><td>open</td>") && !far.body.contains("<form"))
        _ = dee
    }

    /// 51 students online: the roster comes 50 a page, with links between.
    @Test func theRosterComesFiftyAPage() throws {
        let server = try HangmanFixture.server { $0.boardPort = 0 }
        defer { server.stop() }
        let port = try #require(server.running.onLoop({ $0.boardPort }) ?? nil)
        let names = (1...51).map { "S" + String(format: "%02d", $0) }
        var clients: [TestClient] = []
        for name in names { clients.append(try TestClient.loggedInJSON(port: server.port, name: name)) }
        let first = try BoardTests.get(port, BoardTests.request("/teacher"))
        let onFirst = names.filter { first.body.contains("<tr><td>\($0)</td><td>open</td>") }
        #expect(onFirst == Array(names.prefix(50)))
        #expect(first.body.contains("<p class=\"pages\">Page 1 of 2 (51 connected) · <a href=\"teacher?page=2&amp;lang=en\">next page</a></p>"))
        let second = try BoardTests.get(port, BoardTests.request("/teacher?page=2&lang=es"))
        #expect(names.filter { second.body.contains("<tr><td>\($0)</td><td>open</td>") } == ["S51"])
        #expect(second.body.contains("Página 2 de 2 (51 con conexión) · <a href=\"teacher?page=1&amp;lang=es\">página anterior</a></p>"))
        #expect(clients.count == 51)
    }
}
