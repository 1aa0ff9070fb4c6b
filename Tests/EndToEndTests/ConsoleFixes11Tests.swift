import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
import AulaStore

/// Session 11, the teacher's console as a play-tester ran it for a school year:
/// `shutdown` alone stopped the lesson; an accommodation for a name nobody has
/// was "applied when they log in"; quoted group names were not found; the
/// Spanish console showed English words.
@Suite(.lab, .serialized) struct ConsoleFixes11Tests {
    /// An answer on one line (the console wraps at 80 columns).
    static func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    @Test func shutdownAloneSaysHowAndStopsNothing() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let answer = Self.flat(admin.text("shutdown"))
        #expect(answer.contains("error:") && answer.contains("shutdown SECONDS") && answer.contains("shutdown now"), "\(answer)")
        #expect(Self.flat(admin.text("help shutdown")).contains("shutdown alone stops nothing"))
        // Still running: the console answers, Ana hears no countdown.
        #expect(admin.text("groups").contains("open"))
        ana.send("who")
        #expect(ana.waitForEvent("who") != nil)
        #expect(!ana.transcript.joined().contains("\"shutdown\""))
        #expect(server.running.onLoop { $0.shuttingDown } == false)

        _ = admin.run("idioma es")
        let spanish = Self.flat(admin.text("apagar"))
        #expect(spanish.contains("error:") && spanish.contains("apagar SEGUNDOS") && spanish.contains("apagar ahora"), "\(spanish)")
        #expect(Self.flat(admin.text("ayuda apagar")).contains("apagar sin más no apaga nada"))
        #expect(server.running.onLoop { $0.shuttingDown } == false)
    }

    @Test func shutdownNowStopsAtOnce() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        _ = admin.run("idioma es")
        admin.client.send("apagar ahora")
        #expect(admin.client.waitFor("Apagando ahora") != nil)
        #expect(ana.waitForEvent("shutdown")?["seconds"] as? Int == 0)
        #expect(admin.client.waitForClose())
    }

    @Test func anAccommodationForANameNobodyHasIsRefused() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let english = admin.text("accommodate Nadie time 1.5")
        #expect(english.contains("error:") && english.contains("No student called \"Nadie\""), "\(english)")
        #expect(!english.contains("applied when they log in"))
        #expect(server.running.onLoop { $0.rememberedAccommodations.isEmpty } == true)
        #expect(Self.flat(admin.text("help accommodate")).contains("until the server restarts"))
        _ = admin.run("idioma es")
        let spanish = admin.text("adaptar Nadie tiempo 1.5")
        #expect(spanish.contains("error:") && spanish.contains("Nadie"), "\(spanish)")
        #expect(Self.flat(admin.text("ayuda adaptar")).contains("hasta que se reinicie el servidor"))
        // Someone the database knows, offline now, is still remembered for their next login.
        try server.store { db in _ = try db.ensureStudent(groupID: try db.ensureGroup(name: "3B"), name: "Bea", at: 0) }
        #expect(!admin.text("adaptar 3B/Bea tiempo 2").contains("error:"))
    }

    @Test func aGroupNameInQuotesIsTheGroup() throws {
        let server = try TestServer()
        let admin = try server.admin()
        #expect(!admin.text("group add 3º ESO").contains("error:"))
        let board = admin.text("leaderboard \"3º ESO\"")
        #expect(!board.contains("error:") && board.contains("3º ESO"), "\(board)")
        #expect(!admin.text("leaderboard «3º ESO» level").contains("error:"))
        let export = admin.text("export quoted-\(UUID().uuidString.prefix(6)).csv \"3º ESO\"")
        #expect(!export.contains("error:"), "\(export)")
        #expect(!admin.text("class open \"3º ESO\"").contains("error:"))
    }

    @Test func theSpanishConsoleShowsSpanishWords() throws {
        let server = try TestServer(configure: { $0.boardPort = 0 })
        try server.store { db in
            try db.upsertDeck(id: "animales-es", title: "Animales", lang: "es")
            try db.seedWords(deckID: "animales-es", words: [("gato", "Maúlla"), ("perro", "Ladra mucho"), ("vaca", "Da leche")])
        }
        let admin = try server.admin()
        _ = admin.run("grupo añadir 3B")
        _ = admin.run("idioma es")
        let board = admin.text("clasificacion 3B nivel")
        #expect(board.contains("(juego: niveles)") && !board.contains("level"), "\(board)")
        let follow = admin.text("pantalla seguir clase")
        #expect(follow.contains("sigue ahora: clase"), "\(follow)")
        #expect(admin.text("pantalla seguir reto").contains("sigue ahora: reto"))
        #expect(admin.text("pantalla seguir auto").contains("sigue ahora: automático"))
        let decks = admin.text("barajas")
        #expect(decks.contains("palabras") && !decks.contains(" words "), "\(decks)")
        // English stays English.
        _ = admin.run("lang en")
        #expect(admin.text("leaderboard 3B level").contains("(game: levels)"))
        #expect(admin.text("board follow class").contains("follows: class"))
        #expect(admin.text("decks").contains(" words "))
    }
}
