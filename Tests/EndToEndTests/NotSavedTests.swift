import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaQuizRoom
@testable import AulaHangmanRoom
import AulaStore

/// Issue 18: the "not saved" branches of every game, untested before. A write
/// the database refuses (`Store.injectedFailure`) is told at once; a write
/// held up by another program's lock (SQLite's write lock) is told after the
/// game's save wait — passed in virtual time, so no test waits 3 or 10 real
/// seconds — and is still saved once the lock goes (SPEC §11).
@Suite(.lab, .slow, .serialized) struct NotSavedTests {
    static let broken = StoreError(code: 10, message: "disk I/O error (test)")

    /// Ana alone in an easy round of the fixture deck; her four letters
    /// complete any of its words. The round is in play when this returns.
    static func hangmanRound(_ server: TestServer) throws -> TestClient {
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create hangman easy prueba-es")
        guard ana.waitForEvent("room.joined") != nil else { throw TestError("no room") }
        ana.send("start")
        guard ana.nextState() != nil else { throw TestError("no state") }
        return ana
    }

    /// Ana alone in a race on the fixture deck; the race runs when this returns.
    static func raceRound(_ server: TestServer) throws -> TestClient {
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create hangman race easy prueba-es")
        guard ana.waitForEvent("room.joined") != nil else { throw TestError("no room") }
        ana.send("start")
        guard ana.waitForEvent("hangman.race") != nil else { throw TestError("no race") }
        return ana
    }

    static func guessEveryLetter(_ ana: TestClient) {
        for letter in HangmanFixture.letters { ana.send(String(letter)) }
    }

    /// The text of the next info event before `round.end`, and the round end.
    static func infoThenEnd(_ client: TestClient) -> (String?, [String: Any]?) {
        var info: String?
        while let line = client.readLine(timeout: 5) {
            guard let event = TestClient.json(line) else { continue }
            switch event["ev"] as? String {
            case "info": if info == nil || info?.contains("not") == false { info = event["text"] as? String }
            case "round.end": return (info, event)
            default: continue
            }
        }
        return (info, nil)
    }

    static func rounds(_ server: TestServer) throws -> Int {
        try server.store { db in try db.roundCount() }
    }

    /// Polls (bounded) until the store has committed `count` rounds.
    static func eventuallyRounds(_ server: TestServer, _ count: Int) throws -> Bool {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if try rounds(server) == count { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try rounds(server) == count
    }

    @Test func aHangmanRoundTheDatabaseRefusesIsToldNotSaved() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let ana = try Self.hangmanRound(server)
        server.running.server.store.injectedFailure = Self.broken
        Self.guessEveryLetter(ana)
        let (info, end) = Self.infoThenEnd(ana)
        server.running.server.store.injectedFailure = nil
        #expect(end?["outcome"] as? String == "solved")
        #expect(info == "The scores of this round could not be saved. Your teacher has been told.")
        #expect(try Self.rounds(server) == 0)
    }

    @Test func aHangmanRoundHeldByALockIsToldAfterTheSaveWaitAndSavedLater() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let ana = try Self.hangmanRound(server)
        let other = try Database(path: server.databasePath, busyTimeout: 0)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        Self.guessEveryLetter(ana)
        // The word is complete; the save waits for the lock. Just short of the
        // 3-second save wait nothing is printed…
        // (Time moves only once the loop has taken all four guesses.)
        for _ in HangmanFixture.letters { #expect(ana.waitForEvent("hangman.guess") != nil) }
        try server.advance(by: HangmanGame.saveWait - 0.1)
        #expect(ana.waitForEvent("round.end", timeout: 0.3) == nil)
        // …then the end is printed anyway, with the warning first.
        try server.advance(by: 0.1)
        let (info, end) = Self.infoThenEnd(ana)
        #expect(end?["outcome"] as? String == "solved")
        #expect(info == "The database is not answering: this round's scores will be saved as soon as it does.")
        try other.execute("ROLLBACK")
        #expect(try Self.eventuallyRounds(server, 1))
    }

    @Test func aHangmanRaceTheDatabaseRefusesIsToldNotSaved() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let ana = try Self.raceRound(server)
        server.running.server.store.injectedFailure = Self.broken
        Self.guessEveryLetter(ana)
        let (info, end) = Self.infoThenEnd(ana)
        server.running.server.store.injectedFailure = nil
        #expect(end != nil)
        #expect(info == "The scores of this round could not be saved. Your teacher has been told.")
    }

    /// The quiz's JSON `round.end` has no `saved` field (docs/protocol.md):
    /// the text form carries the warning, so these quiz players use text mode.
    static let quizNotSaved = "The results could not be saved to the database right now."

    static func quizAnswered(_ server: TestServer) throws -> TestClient {
        let ivy = try TestClient.loggedIn(port: server.port, name: "Ivy")
        ivy.send("create quiz slow")
        guard ivy.waitFor("start") != nil else { throw TestError("no quiz room") }
        ivy.send("start")
        guard ivy.waitFor("X or Y?") != nil else { throw TestError("no question") }
        return ivy
    }

    @Test func aQuizTheDatabaseRefusesIsPrintedNotSaved() throws {
        let server = try QuizSupport.server(virtualClock: true)
        let ivy = try Self.quizAnswered(server)
        server.running.server.store.injectedFailure = Self.broken
        ivy.send("1")
        // The tally first (time moves only once the loop has taken the answer)…
        #expect(ivy.waitFor("1 of 1 answered.") != nil)
        try server.advance(by: 0.2)  // …then its review pause, then the results
        #expect(ivy.waitFor(Self.quizNotSaved) != nil, "\(ivy.transcript)")
        server.running.server.store.injectedFailure = nil
        #expect(try Self.rounds(server) == 0)
    }

    @Test func aQuizHeldByALockIsPrintedNotSavedAfterTheSaveWaitAndSavedLater() throws {
        let server = try QuizSupport.server(virtualClock: true)
        let ivy = try Self.quizAnswered(server)
        let other = try Database(path: server.databasePath, busyTimeout: 0)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        ivy.send("1")
        #expect(ivy.waitFor("1 of 1 answered.") != nil)
        try server.advance(by: 0.2)
        // Just short of the 10-second save wait the leaderboards are not printed…
        try server.advance(by: QuizRoom.saveWait - 0.1)
        #expect(ivy.waitFor(Self.quizNotSaved, timeout: 0.3) == nil)
        // …then they are, marked as not saved.
        try server.advance(by: 0.1)
        #expect(ivy.waitFor(Self.quizNotSaved) != nil)
        try other.execute("ROLLBACK")
        #expect(try Self.eventuallyRounds(server, 1))
    }

    @Test func aSolvedLevelTheDatabaseRefusesIsToldAndStillEnds() throws {
        let server = try TestServer(virtualClock: true, configure: LevelTestContent.fastTyping,
                                    content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        let room = try #require(ana.waitForEvent("level.opened")?["room"] as? String)
        ana.send("code")
        ana.type(["walk();", "walk();", "walk();", "walk();"])
        ana.send(".")
        server.running.server.store.injectedFailure = Self.broken
        ana.send("submit")
        let right = try #require(ana.waitForEvent("level.result"))
        #expect(right["solved"] as? Bool == true)
        #expect(ana.nextErrorCode() == "level_not_saved")
        let end = try #require(ana.waitForEvent("round.end"))
        server.running.server.store.injectedFailure = nil
        #expect(end["room"] as? String == room)
        #expect(end["outcome"] as? String == "solved")
        let saved = try server.store { db in try db.scalar("SELECT COUNT(*) FROM level_progress").int ?? -1 }
        #expect(saved == 0)
    }
}
