import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
import AulaStore

/// The console's commands end to end over TCP: moderation, rooms and lesson
/// controls, words and content, scores and records, shutdown.
@Suite(.lab) struct AdminConsoleTests {
    @Test func helpListsEveryCommandAndUnknownWordsGetAHint() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let help = admin.text("help")
        for word in ["class open GROUP", "roster import", "watch ROOM", "accommodate [GROUP/]NAME", "shutdown", "words list"] {
            #expect(help.contains(word), "\(word)")
        }
        #expect(admin.text("help kick").contains("expulsar"))
        #expect(admin.text("brodcast hi").contains("error: Unknown command \"brodcast\". Did you mean \"broadcast\"?"))
        #expect(admin.text("lang es").contains("español"))
        #expect(admin.text("grupos").contains("Grupos"))
    }

    @Test func playersMuteUnmuteBroadcastAndKick() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana María")
        let leo = try TestClient.loggedInJSON(port: server.port, name: "Leo")
        #expect(admin.text("players").contains("Ana María (open)"))

        #expect(admin.text("mute Ana María").contains("Ana María is muted"))
        #expect(ana.waitForEvent("info") != nil)
        ana.send("say hola")
        #expect(ana.waitForEvent("error")?["code"] as? String == "muted")
        #expect(admin.text("players").contains("muted"))
        #expect(admin.text("unmute ana maría").contains("can chat again"))
        #expect(admin.text("mute Nadie").contains("error: No student called \"Nadie\""))

        #expect(admin.text("broadcast Five minutes left!").contains("Sent to 2 students"))
        let told = leo.waitForEvent("broadcast")
        #expect(told?["from"] as? String == "garcia")
        #expect(told?["text"] as? String == "Five minutes left!")

        #expect(admin.text("kick Leo too noisy").contains("Leo was removed"))
        #expect(leo.waitForEvent("kicked")?["reason"] as? String == "too noisy")
        #expect(leo.waitForClose())
        // No reconnect grace: the name is free at once.
        #expect(server.running.onLoop { $0.players.count } == 1)
        withExtendedLifetime(ana) {}
    }

    @Test func roomsWatchPauseSkipExtendAndClose() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        #expect(admin.text("room create Ana echo").contains("Room echo-1 created, hosted by Ana"))
        #expect(ana.waitFor("opened room echo-1 for you") != nil)
        #expect(admin.text("room create Ana echo").contains("error: Ana is already in room echo-1"))
        #expect(admin.text("room create Nadie echo").contains("error: No student called"))
        let rooms = admin.text("rooms")
        #expect(rooms.contains("echo-1") && rooms.contains("host Ana"))

        #expect(admin.text("watch echo-1").contains("Watching echo-1"))
        ana.send("echo:hello class")
        #expect(admin.client.waitFor("echo:hello class") != nil)
        #expect(admin.text("unwatch").contains("No longer watching"))
        #expect(admin.text("unwatch").contains("error: You are not watching"))

        // The echo game has no clock: the console says so instead of pretending.
        #expect(admin.text("pause echo-1").contains("error: echo-1 has nothing to pause"))
        #expect(admin.text("pause all").contains("Nothing to pause in: echo-1"))
        #expect(admin.text("resume echo-1").contains("error: echo-1 is not paused"))
        #expect(admin.text("skip echo-1").contains("error: echo-1 has nothing to skip"))
        #expect(admin.text("extend echo-1 30").contains("error: echo-1 has no clock"))
        #expect(admin.text("extend echo-1 lots").contains("error:"))
        #expect(admin.text("pause nowhere").contains("error: There is no room"))

        #expect(admin.text("room close 1").contains("Room echo-1 closed"))
        #expect(ana.waitFor("Your teacher closed the room.") != nil)
        #expect(admin.text("rooms").contains("Rooms (0)"))
    }

    @Test func pauseAndExtendReachTheGameWhenItHasAClock() throws {
        let server = try TestServer(games: { server in ClockGame.register(server) })
        let admin = try server.admin()
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        admin.run("room create Ana clock")
        #expect(admin.text("pause all").contains("Paused: clock-1"))
        #expect(ana.waitFor("Your teacher paused the game") != nil)
        #expect(admin.text("resume clock-1").contains("Resumed: clock-1"))
        #expect(admin.text("extend clock-1 45").contains("clock-1: 45 more seconds"))
        #expect(admin.text("skip clock-1").contains("Moved on: clock-1"))
        let calls = server.running.onLoop { ($0.allRooms.first?.game as? ClockGame)?.calls ?? [] }
        #expect(calls == ["pause", "resume", "extend 45", "skip"])
    }

    @Test func challengesGoThroughTheLevelRooms() throws {
        let server = try TestServer()
        let admin = try server.admin()
        // The real level rooms answer first: this server has no level 1-1.
        #expect(admin.text("challenge start 1-1 10").contains("error: There is no level"))
        _ = server.running.onLoop { $0.classChallenges = nil }
        #expect(admin.text("challenge start 1-1 10").contains("error: Class challenges are not available"))
        let fake = FakeChallenges()
        _ = server.running.onLoop { $0.classChallenges = fake }
        #expect(admin.text("challenge start 1-2 10").contains("Challenge on level 1-2 started with 4 students"))
        #expect(admin.text("challenge start 1-2 ten").contains("error:"))
        #expect(admin.text("challenge stop").contains("Challenge stopped"))
        #expect(fake.calls == ["start 1-2 10.0 garcia", "stop"])
    }

    @Test func accommodationsApplyNowAndAtLaterLogins() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        #expect(admin.text("accommodate Ana time 1.5").contains("Applied now"))
        #expect(server.running.onLoop { $0.players.values.first { $0.name == "Ana" }?.timeMultiplier } == 1.5)
        // Bea has played before (she is in the database), she is just not online now.
        try server.store { db in _ = try db.ensureStudent(groupID: try db.ensureGroup(name: "open"), name: "Bea", at: 0) }
        #expect(admin.text("accommodate Bea time untimed").contains("applied when they log in"))
        #expect(admin.text("accommodate Bea time forever").contains("error:"))
        let bea = try TestClient.loggedIn(port: server.port, name: "Bea")
        bea.send("who")
        bea.waitFor("Online now")
        #expect(server.running.onLoop { $0.players.values.first { $0.name == "Bea" }?.timeMultiplier } == 0)
        #expect(admin.text("players").contains("no time limit"))
        #expect(admin.text("accommodate Ana time off").contains("normal time"))
        #expect(server.running.onLoop { $0.players.values.first { $0.name == "Ana" }?.timeMultiplier ?? -1 } == -1)
        withExtendedLifetime(ana) {}
    }

    @Test func wordsAreCheckedByTheWordRules() throws {
        let server = try TestServer()
        try server.store { db in
            try db.upsertDeck(id: "animales-es", title: "Animales", lang: "es")
            try db.seedWords(deckID: "animales-es", words: [("gato", "Maúlla"), ("perro", "Ladra mucho"), ("vaca", "Da leche")])
        }
        let admin = try server.admin()
        #expect(admin.text("decks").contains("animales-es"))
        #expect(admin.text("words list animales-es").contains("perro"))
        #expect(admin.text("words list nada").contains("error: There is no word deck"))
        #expect(admin.text("words add animales-es pato2 Nada en el estanque").contains("error:"))
        #expect(admin.text("words add animales-es pato Un pato nada").contains("error: The hint gives the word away"))
        #expect(admin.text("words add animales-es Gato Otro gato").contains("error:"))
        #expect(admin.text("words add animales-es pingüino Vive en el hielo").contains("added to animales-es"))
        #expect(try server.store { try $0.hasWord(deckID: "animales-es", word: "pingüino") })
        #expect(admin.text("words del animales-es gato").contains("removed"))
        #expect(admin.text("words del animales-es perro").contains("error: A deck needs at least 3 words"))
        #expect(try server.store { try $0.wordCount(deckID: "animales-es") } == 3)
    }

    @Test func reloadKeepsTheOldContentWhenTheNewOneHasProblems() throws {
        let server = try TestServer(content: ["Decks/blocklist.txt": "tonto\n"])
        let admin = try server.admin()
        #expect(admin.text("reload").contains("Content reloaded"))
        let blocklist = server.directory.appendingPathComponent("Decks/blocklist.txt")
        try Data([0x66, 0xFF, 0xFE, 0x0A]).write(to: blocklist)
        let lines = admin.run("reload")
        #expect(lines.contains { $0.contains("Decks/blocklist.txt") })
        // Session 10: the rest reloads; the damaged blocklist alone keeps its old version, and says so.
        #expect(lines.joined(separator: " ").split(separator: " ").joined(separator: " ").contains("the blocklist loaded before (1 word) stays in use"))
        #expect(server.running.onLoop { $0.content.blocklist.count } == 1)
    }

    @Test func leaderboardExportAndReset() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let marta = try TestClient.loggedInClass(port: server.port, name: "Marta", code: code)
        withExtendedLifetime(marta) {}
        let session = try #require(try server.store { try $0.openSession() })
        try server.store { db in
            let id = try #require(try db.student(groupID: session.groupID, name: "Marta")).id
            _ = try db.saveRound(RoundRecord(sessionID: session.id, groupID: session.groupID, game: .quiz, room: "quiz-2",
                                             subject: "animales", detail: "", startedAt: 1_700_000_000, endedAt: 1_700_000_060,
                                             scores: [ScoreRecord(studentID: id, points: 42, outcome: .quizType("correct"))]))
            _ = try db.recordLevelResult(studentID: id, levelID: "1-1", score: 100, stars: 3, solvedAt: 1, xpReward: 10)
        }
        #expect(admin.text("leaderboard").contains("Marta"))
        #expect(admin.text("leaderboard 3B quiz").contains("42"))
        #expect(admin.text("leaderboard 9Z").contains("error: There is no group"))

        // Console exports are file names only, written to exports/ beside the database (SPEC §12).
        let csv = server.directory.appendingPathComponent("exports/scores-3b.csv")
        #expect(admin.text("export scores-3b.csv").contains("1 score rows written"))
        let text = try String(contentsOf: csv, encoding: .utf8)
        let lines = text.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "group,session,student,game,room,round,points,outcome,finished_at,content,correct,questions")
        #expect(lines.count == 2)
        #expect(lines[1].hasPrefix("3B,\(session.id),Marta,quiz,quiz-2,"))
        #expect(lines[1].hasSuffix(",42,correct,2023-11-14T22:14:20Z,animales,,"))
        #expect(admin.text("export /no/such/dir/x.csv").contains("error: \"/no/such/dir/x.csv\" is not a plain file name"))

        #expect(admin.text("reset Marta").contains("Level progress of Marta (3B) cleared"))
        #expect(try server.store { db in try db.levelProgress(studentID: try #require(try db.student(groupID: session.groupID, name: "Marta")).id) }.isEmpty)
        #expect(admin.text("reset Nadie").contains("error: No student called"))
    }

    @Test func shutdownCountsDownToStudentsThenStops() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        #expect(admin.text("shutdown cancel").contains("error: No shutdown"))
        #expect(admin.text("shutdown 2").contains("shuts down in 2 seconds"))
        #expect(ana.waitForEvent("shutdown")?["seconds"] as? Int == 2)
        #expect(ana.waitForEvent("shutdown")?["seconds"] as? Int == 1)
        #expect(ana.waitForEvent("shutdown", timeout: 4)?["seconds"] as? Int == 0)
        #expect(ana.waitForClose())
        #expect(admin.client.waitFor("shutting down") != nil)
        #expect(admin.client.waitForClose())
        // The audit row was committed before the database closed.
        let store = try Store(path: server.databasePath)
        #expect(try store.sync { try $0.audit(limit: 5) }.contains { $0.command == "shutdown 2" })
        store.close()
    }
}

/// A game with a clock, to see the lesson controls reach it.
final class ClockGame: RoomGame {
    let kind = "clock"
    let maxPlayers = 4
    var isPlaying = true
    var about: Phrase { Phrase("rooms.waiting") }
    var calls: [String] = []
    let commands = CommandTable<GameCall>([])

    static func register(_ server: Server) {
        server.registerGame("clock", alias: "reloj") { _, _, _ in .success(ClockGame()) }
    }

    func attach(to room: Room) {}
    func playerJoined(_ player: Player, spectator: Bool) {}
    func playerLeft(_ player: Player) {}
    func roomClosed() {}
    func pause() -> Bool { calls.append("pause"); return true }
    func resume() -> Bool { calls.append("resume"); return true }
    func skip() -> Bool { calls.append("skip"); return true }
    func extend(by seconds: Double) -> Bool { calls.append("extend \(Int(seconds))"); return true }
}

/// Stands in for the level rooms' class challenge.
final class FakeChallenges: ClassChallenges, @unchecked Sendable {
    var calls: [String] = []
    func startChallenge(levelID: String, minutes: Double?, startedBy teacher: String) -> Result<Int, Refusal> {
        calls.append("start \(levelID) \(minutes.map { String($0) } ?? "-") \(teacher)")
        return .success(4)
    }
    func stopChallenge() -> Result<Void, Refusal> {
        calls.append("stop")
        return .success(())
    }
    var runningChallenge: (levelID: String, secondsLeft: Double)? { nil }
    func studentArrived(_ player: Player) { calls.append("arrived \(player.name)") }
    func studentForgotten(_ player: Player) { calls.append("forgotten \(player.name)") }
    func rejoinChallenge(_ player: Player, levelID: String) -> Bool { false }
}
