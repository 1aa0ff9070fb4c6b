import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

@Suite(.lab) struct LevelChallengeTests {
    @Test func aClassChallengePutsEveryoneOnOneLevelAndEndsWithTheClassLeaderboard() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        let cy = try TestClient.loggedInJSON(port: server.port, name: "Cy")
        // Ben is busy in a level room of his own: the challenge moves him.
        ben.send("play t-01")
        _ = ben.waitForEvent("level.opened")

        // t-02 is locked for all of them (no XP yet): a teacher's challenge ignores that.
        let started = server.running.onLoop { server in
            server.classChallenges?.startChallenge(levelID: "t-02", minutes: 1, startedBy: "Ms Lovelace")
        }
        #expect(try started??.get() == 3)
        #expect(server.running.onLoop { $0.classChallenges?.runningChallenge?.levelID } == "t-02")
        var rooms: [String] = []
        for client in [ana, ben, cy] {
            let opened = try #require(client.waitForEvent("level.opened"))
            #expect(opened["level"] as? String == "t-02")
            #expect(opened["challenge"] as? Bool == true)
            #expect(opened["time_limit"] as? Int == 60)
            rooms.append(opened["room"] as? String ?? "?")
        }
        #expect(Set(rooms).count == 3)
        let again = server.running.onLoop { $0.classChallenges?.startChallenge(levelID: "t-02", minutes: nil, startedBy: "x") }
        #expect(again??.failureCode == "challenge_running")

        // Ana solves within par, Ben with a longer program, Cy does not solve it.
        ana.send("code")
        ana.type(["walk();", "walk();", "walk();"])
        ana.send(".")
        ana.send("submit")
        let anaResult = try #require(ana.waitForEvent("level.result"))
        #expect(anaResult["solved"] as? Bool == true)
        ben.send("code")
        ben.type(["turnLeft();", "turnRight();", "turnLeft();", "turnRight();", "walk();", "walk();", "walk();"])
        ben.send(".")
        ben.send("submit")
        let benResult = try #require(ben.waitForEvent("level.result"))
        #expect(benResult["solved"] as? Bool == true)
        #expect((benResult["stars"] as? Int ?? 3) < 3)

        // The teacher stops it: Cy's time is up, everyone gets the class leaderboard.
        let stopped = server.running.onLoop { $0.classChallenges?.stopChallenge() }
        #expect((try? stopped??.get()) != nil)
        #expect(cy.waitForEvent("level.result")?["reason"] as? String == "time_up")
        for client in [ana, ben, cy] {
            let board = try #require(client.waitForEvent("leaderboard"))
            #expect(board["scope"] as? String == "challenge:t-02")
            let rows = board["rows"] as? [[String: Any]] ?? []
            #expect(rows.map { $0["name"] as? String } == ["Ana", "Ben", "Cy"])
            #expect(rows.map { $0["rank"] as? Int } == [1, 2, 3])
            #expect(rows.first?["points"] as? Int == anaResult["points"] as? Int)
            #expect(rows.last?["points"] as? Int == 0)
            let end = try #require(client.waitForEvent("round.end"))
            #expect(end["outcome"] as? String == "challenge")
        }
        #expect(server.running.onLoop { $0.classChallenges?.runningChallenge == nil } == true)

        // Saved as one round (the solves inside it save no rounds of their own); XP was granted.
        let saved = try server.running.server.store.sync { db in
            (try db.roundCount(), try db.leaderboard(groupID: nil, game: .level).map(\.points))
        }
        #expect(saved.0 == 1)
        #expect(saved.1.sorted(by: >) == [anaResult["points"] as? Int ?? -1, benResult["points"] as? Int ?? -1, 0])
        ana.send("me")
        #expect(ana.waitForEvent("me")?["xp"] as? Int == 10)
    }

    /// A student who logs in while a challenge runs joins it on the shared
    /// clock, is in its leaderboard, and gets no extra time for being late.
    @Test func aLatecomerJoinsTheRunningChallengeWithTheTimeLeft() throws {
        let server = try TestServer(virtualClock: true, configure: LevelTestContent.fastTyping,
                                    content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let started = server.running.onLoop { server in
            server.classChallenges?.startChallenge(levelID: "t-02", minutes: 2, startedBy: "Ms Lovelace")
        }
        #expect(try started??.get() == 1)
        _ = try #require(ana.waitForEvent("level.opened"))
        try server.advance(by: 2.2)

        let dan = try TestClient.loggedInJSON(port: server.port, name: "Dan")
        // "Your teacher's…", never the teacher's login name (session 11).
        let told = try #require(dan.waitForEvent("info") { ($0["text"] as? String ?? "").contains("Your teacher's class challenge is running") })
        #expect((told["text"] as? String ?? "").contains("t-02"))
        #expect(!dan.transcript.contains { $0.contains("Ms Lovelace") })
        let opened = try #require(dan.waitForEvent("level.opened"))
        #expect(opened["level"] as? String == "t-02")
        #expect(opened["challenge"] as? Bool == true)
        let limit = opened["time_limit"] as? Int ?? 0
        #expect(limit < 120 && limit >= 110)

        let stopped = server.running.onLoop { $0.classChallenges?.stopChallenge() }
        #expect((try? stopped??.get()) != nil)
        for client in [ana, dan] {
            let board = try #require(client.waitForEvent("leaderboard"))
            let rows = board["rows"] as? [[String: Any]] ?? []
            #expect(Set(rows.compactMap { $0["name"] as? String }) == ["Ana", "Dan"])
        }
        // Once it is over, a newcomer stays in the lobby.
        let eve = try TestClient.loggedInJSON(port: server.port, name: "Eve")
        eve.send("who")
        #expect(eve.waitForEvent("who") != nil)
        #expect(!eve.transcript.contains { $0.contains("level.opened") })
    }

    @Test func aChallengeNeedsAKnownLevelAndStudents() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let none = server.running.onLoop { $0.classChallenges?.startChallenge(levelID: "t-01", minutes: nil, startedBy: "T") }
        #expect(none??.failureCode == "no_students")
        _ = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let unknown = server.running.onLoop { $0.classChallenges?.startChallenge(levelID: "zz", minutes: nil, startedBy: "T") }
        #expect(unknown??.failureCode == "no_such_level")
        let badMinutes = server.running.onLoop { $0.classChallenges?.startChallenge(levelID: "t-01", minutes: -3, startedBy: "T") }
        #expect(badMinutes??.failureCode == "bad_minutes")
        let stop = server.running.onLoop { $0.classChallenges?.stopChallenge() }
        #expect(stop??.failureCode == "no_challenge")
    }
}

extension Result {
    /// The refusal's code, for tests.
    var failureCode: String? {
        if case .failure(let error) = self { return (error as? Refusal)?.code }
        return nil
    }
}
