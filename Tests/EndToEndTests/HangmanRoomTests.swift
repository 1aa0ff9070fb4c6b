import Foundation
import Testing
import AulaTestSupport
import AulaStore
@testable import AulaServer

@Suite(.lab) struct HangmanRoomTests {
    /// Three JSON players: refusals cost nothing, a miss passes the turn, the
    /// turn player solves; two rounds; `round.end` has round points and running
    /// totals; `top hangman` and the database agree with them.
    @Test func threePlayersPlayTwoRoundsAndTheLeaderboardMatchesTheDatabase() throws {
        let server = try HangmanFixture.server()
        let names = ["Ana", "Ben", "Cy"]
        var clients: [String: TestClient] = [:]
        for name in names { clients[name] = try TestClient.loggedInJSON(port: server.port, name: name) }
        let ana = try #require(clients["Ana"]), ben = try #require(clients["Ben"]), cy = try #require(clients["Cy"])

        ana.send("create hangman nodeck")
        #expect(ana.waitForEvent("error")?["message"] as? String == "There is no word deck \"nodeck\". Decks: prueba-es.")
        ana.send("create hangman easy")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        #expect(room.hasPrefix("hangman-"))
        ben.send("join \(room)")
        cy.send("unirse \(room)")
        #expect(ana.waitForEvent("room.joined") { ($0["players"] as? [String])?.count == 3 } != nil)
        #expect(cy.waitForEvent("room.joined") { $0["player"] as? String == "Cy" } != nil)

        ben.send("start")
        #expect(ben.nextErrorCode() == "not_host")
        ana.send("guess a")
        #expect(ana.nextErrorCode() == "no_round")
        ana.send("start")
        var state = try #require(allRead(clients) { $0.nextState() })
        #expect(state["mask"] as? String == "____")
        #expect((state["lives"] as? [String: Int]) == ["Ana": 7, "Ben": 7, "Cy": 7])  // easy 8, one fewer with 3 players
        #expect(state["hint"] == nil)
        let first = try #require(state["turn"] as? String)

        // Not your turn: refused, nothing changes.
        let otherName = try #require(names.first { $0 != first })
        let other = try #require(clients[otherName])
        other.send("g")
        #expect(other.nextErrorCode() == "not_your_turn")
        // A miss costs a life and passes the turn.
        clients[first]?.send("z")
        let miss = try #require(allRead(clients) { $0.waitForEvent("hangman.guess") })
        #expect(miss["player"] as? String == first)
        #expect(miss["hit"] as? Bool == false)
        state = try #require(allRead(clients) { $0.nextState() })
        #expect((state["lives"] as? [String: Int])?[first] == 6)
        #expect(state["misses"] as? [String] == ["z"])
        let second = try #require(state["turn"] as? String)
        #expect(second != first)
        // Bad guesses cost nothing and keep the turn.
        let player = try #require(clients[second])
        player.send("guess zz")
        #expect(player.nextErrorCode() == "one_letter_only")
        player.send("z")
        #expect(player.nextErrorCode() == "already_tried")
        player.send("7")
        #expect(player.nextErrorCode() == "not_a_letter")
        // The hint goes to the whole room and stays in the state.
        cy.send("pista")
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("asked for the hint") == true } != nil)

        let firstEnd = try solve(turn: second, clients: clients, after: state)
        #expect(firstEnd["outcome"] as? String == "solved")
        #expect(firstEnd["kind"] as? String == "hangman")
        let firstRound = points(firstEnd["round"])
        // 4 letters × 10 + 50 for completing + 5 × 7 lives left.
        #expect(firstRound == [first: 0, second: 125, names.first { $0 != first && $0 != second }!: 0])
        #expect(points(firstEnd["leaderboard"]) == firstRound)
        #expect((firstEnd["leaderboard"] as? [[String: Any]])?.first?["name"] as? String == second)

        // A second round: the totals run on.
        ana.send("start")
        state = try #require(allRead(clients) { $0.nextState() })
        let turn = try #require(state["turn"] as? String)
        let secondEnd = try solve(turn: turn, clients: clients, after: state)
        let secondRound = points(secondEnd["round"])
        var expected = firstRound
        for (name, p) in secondRound { expected[name, default: 0] += p }
        #expect(points(secondEnd["leaderboard"]) == expected)

        // `top hangman` reads the database: the same totals.
        ana.send("top hangman")
        let top = try #require(ana.waitForEvent("leaderboard"))
        let rows = (top["rows"] as? [[String: Any]]) ?? []
        var board: [String: Int] = [:]
        for row in rows { board[row["name"] as? String ?? "?"] = row["points"] as? Int }
        #expect(board == expected)

        // And straight from the file: two rounds, each player's scores summing to the totals.
        let db = try Database(path: server.databasePath)
        let summed = try db.query("""
            SELECT st.name AS name, SUM(sc.points) AS points, COUNT(*) AS n FROM scores sc
            JOIN rounds r ON r.id = sc.round_id JOIN students st ON st.id = sc.student_id
            WHERE r.game = 'hangman' GROUP BY st.id
            """)
        var stored: [String: Int] = [:]
        for row in summed {
            stored[try row.string("name")] = Int(try row.int("points"))
            #expect(try row.int("n") == 2)
        }
        #expect(stored == expected)
        let details = try db.query("SELECT subject, detail, room FROM rounds WHERE game = 'hangman' ORDER BY id")
        #expect(details.count == 2)
        #expect(try details.first?.string("subject") == "prueba-es")
        #expect(try details.first?.string("room") == room)
        #expect(try details.first?.string("detail").contains("\"difficulty\":\"easy\"") == true)
        let outcomes = try db.query("SELECT outcome FROM scores ORDER BY round_id, outcome").map { try $0.string("outcome") }
        #expect(outcomes.prefix(3) == ["played", "played", "solved"])
    }

    /// Text mode: the gallows and the spaced mask; reader mode: words, no art.
    @Test func textRoundShowsGallowsAndReaderModeDescribesIt() throws {
        let server = try HangmanFixture.server()
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        let ben = try TestClient.loggedIn(port: server.port, name: "Ben")
        ana.send("color off")
        #expect(ana.waitFor("Colour off.") != nil)
        ben.send("reader on")
        ana.send("crear ahorcado fácil")
        #expect(ana.waitFor("hangman-1") != nil)
        ben.send("join hangman-1")
        #expect(ana.waitFor("Ben") != nil)
        ana.send("start")
        // Each learns whose turn it is from their own state.
        let anaFirst = try #require(turnIsMine(ana) as Bool?)
        let benFirst = try #require(turnIsMine(ben) as Bool?)
        #expect(anaFirst != benFirst)
        let (starter, follower) = anaFirst ? (ana, ben) : (ben, ana)
        // Both miss once: the turn comes back to the starter, whose gallows has one miss.
        starter.send("z")
        #expect(follower.waitFor("Your turn") != nil)
        #expect(starter.waitFor("to play.") != nil)
        follower.send("x")
        #expect(starter.waitFor("Your turn") != nil)
        #expect(follower.waitFor("to play.") != nil)
        let anaLines = ana.transcript.suffix(14).joined(separator: "\n")
        let benLines = ben.transcript.suffix(14).joined(separator: "\n")
        #expect(anaLines.contains("=========="))
        #expect(anaLines.contains("Word: _ _ _ _"))
        #expect(anaLines.contains("Not in the word: z, x"))
        #expect(!benLines.contains("=========="))
        #expect(!benLines.contains("|"))
        // Session 10: blanks counted, no gallows line (it repeated the lives line).
        #expect(benLines.contains("The word has 4 letters: 4 blanks."))
        #expect(!benLines.contains("gallows"))
        #expect(benLines.contains("has 6 of 7 lives."))
        // Finish: letters until the word is known, then solve.
        for letter in ["g", "a"] {
            starter.send(letter)
            #expect(starter.waitFor("Your turn") != nil)
        }
        let maskLine = try #require(starter.transcript.last { $0.contains("Word: ") || $0.contains("The word has") })
        let mask = HangmanFixtureText.mask(from: maskLine)
        let word = try #require(HangmanFixture.candidates(mask).first)
        starter.send("solve \(word)")
        #expect(ana.waitFor("Round over! The word was \(word)") != nil)
        #expect(ana.waitFor("Room total:") != nil)
        #expect(ben.waitFor("points.") != nil)
    }

    /// A player drops on their turn: it passes at the turn timer, at no cost,
    /// and they come back within the grace to their place and lives.
    @Test func disconnectedPlayersTurnPassesAndTheyKeepTheirPlace() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        var ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ana.send("create hangman medium prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ben.send("join \(room)")
        #expect(ana.waitForEvent("room.joined") { ($0["players"] as? [String]) == ["Ana", "Ben"] } != nil)
        ben.send("set turn 5")
        #expect(ben.nextErrorCode() == "not_host")
        ana.send("set turn 3")
        #expect(ana.nextErrorCode() == "bad_turn_time")
        ana.send("set turn 5")
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("5 seconds") == true } != nil)
        ana.send("start")
        var state = try #require(ana.nextState())
        _ = ben.nextState()
        // Make it Ben's turn (a miss by Ana passes it) so Ben drops on his turn.
        if state["turn"] as? String == "Ana" {
            ana.send("z")
            state = try #require(ana.nextState())
        }
        #expect(state["turn"] as? String == "Ben")
        ben.close()
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("lost") == true } != nil)
        // The 5-second turn runs out in virtual time (the 120-second grace does not).
        try server.advance(by: 5)
        let passed = try #require(ana.waitForEvent("hangman.state", timeout: 8))
        #expect(passed["turn"] as? String == "Ana")
        let lives = passed["lives"] as? [String: Int]
        #expect(lives?["Ben"] == 5)  // medium 6, one fewer with two players; the timeout cost nothing
        // Ben comes back within the grace: his room, his place, the state.
        ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        let back = try #require(ben.waitForEvent("room.joined"))
        #expect(back["room"] as? String == room)
        #expect(back["spectator"] as? Bool == false)
        let again = try #require(ben.nextState())
        #expect(again["turn"] as? String == "Ana")
        #expect((again["lives"] as? [String: Int])?["Ben"] == 5)
        ana.send("g")
        #expect(ben.waitForEvent("hangman.guess")?["player"] as? String == "Ana")
    }

    // MARK: Helpers

    /// Runs `read` on every client; returns the first client's value (all must have one).
    private func allRead(_ clients: [String: TestClient], _ read: (TestClient) -> [String: Any]?) -> [String: Any]? {
        var first: [String: Any]?
        for name in clients.keys.sorted() {
            guard let value = read(clients[name]!) else { return nil }
            if first == nil { first = value }
        }
        return first
    }

    /// The turn player guesses letters until the mask names the word, then solves it.
    private func solve(turn: String, clients: [String: TestClient], after start: [String: Any]) throws -> [String: Any] {
        let player = try #require(clients[turn])
        var state = start
        var tried = Set((state["tried"] as? [String]) ?? [])
        while HangmanFixture.candidates(state["mask"] as? String ?? "").count > 1 {
            let letter = try #require(HangmanFixture.letters.map(String.init).first { !tried.contains($0) })
            tried.insert(letter)
            player.send(letter)
            let guess = try #require(allRead(clients) { $0.waitForEvent("hangman.guess") })
            #expect(guess["hit"] as? Bool == true)
            #expect(guess["revealed"] as? Int == 1)
            state = try #require(allRead(clients) { $0.nextState() })
            #expect(state["turn"] as? String == turn)  // a hit keeps the turn
        }
        let word = try #require(HangmanFixture.candidates(state["mask"] as? String ?? "").first)
        player.send("resolver \(word.uppercased())")
        let solved = try #require(allRead(clients) { $0.waitForEvent("hangman.guess") })
        #expect(solved["hit"] as? Bool == true)
        let end = try #require(allRead(clients) { $0.waitForEvent("round.end") })
        #expect(end["word"] as? String == word)
        return end
    }

    private func points(_ list: Any?) -> [String: Int] {
        var out: [String: Int] = [:]
        for row in (list as? [[String: Any]]) ?? [] { out[row["name"] as? String ?? "?"] = row["points"] as? Int }
        return out
    }

    /// Reads a text client's lines until its state says whose turn it is: true when theirs.
    private func turnIsMine(_ client: TestClient) -> Bool? {
        while let line = client.readLine() {
            if line.contains("Your turn") { return true }
            if line.contains("to play.") { return false }
        }
        return nil
    }
}

enum HangmanFixtureText {
    /// The mask from a text line `Word: g _ _ a` (or a reader line `...: g, 2 blanks, a.`).
    static func mask(from line: String) -> String {
        if let range = line.range(of: "Word: ") {
            return String(line[range.upperBound...].filter { $0 != " " })
        }
        guard let colon = line.firstIndex(of: ":") else { return "" }
        return line[line.index(after: colon)...].split(separator: ",").map { part -> String in
            let p = part.trimmingCharacters(in: CharacterSet(charactersIn: " ."))
            if p == "blank" { return "_" }
            // "3 blanks": a run of blanks said as one count (session 10).
            let words = p.split(separator: " ")
            if words.count == 2, words[1] == "blanks", let n = Int(words[0]) { return String(repeating: "_", count: n) }
            return p
        }.joined()
    }
}
