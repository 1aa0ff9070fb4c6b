import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
import AulaStore
import AulaNet

/// The hangman word bank as a teacher edits it (session 10), over TCP and the
/// console: `reload` seeds the word files like a start does, words taken out
/// of a file and a deleted file's deck stop being offered, rude words are kept
/// out of decks, and deck words are played lower-cased.
@Suite(.lab) struct WordDeckEditingTests {
    static func deck(_ id: String, _ words: [(String, String)]) -> String {
        let entries = words.map { "{\"word\": \"\($0.0)\", \"hint\": \"\($0.1)\"}" }.joined(separator: ", ")
        return "{\"id\": \"\(id)\", \"title\": \"Mazo\", \"lang\": \"es\", \"words\": [\(entries)]}"
    }

    static let animals = [("gato", "Maúlla"), ("perro", "Ladra mucho"), ("tigre", "Tiene rayas"), ("vaca", "Da leche")]

    /// The console's answer as one line (long lines wrap at the terminal's width).
    private func flat(_ lines: [String]) -> String {
        lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func write(_ server: TestServer, _ path: String, _ text: String) throws {
        try text.write(to: server.directory.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    /// The words a new round of the deck would draw from (the loop's word bank, cache and all).
    private func served(_ server: TestServer, _ deck: String) throws -> [String] {
        let box = PThreadMutex<[String]?>(nil)
        server.running.onLoop { s in s.withWordBank(deck) { words, _ in box.withLock { $0 = (words ?? []).map(\.word) } } }
        for _ in 0..<500 {
            if let words = box.withLock({ $0 }) { return words.sorted() }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw TestError("the word bank did not answer")
    }

    @Test func reloadTakesANewDeckAndChangedWordsAndADeletedFilesDeckGoes() throws {
        let server = try TestServer(content: ["Decks/words/animales-es.json": Self.deck("animales-es", Self.animals)])
        let admin = try server.admin()
        #expect(try served(server, "animales-es") == ["gato", "perro", "tigre", "vaca"])
        // A new deck file (capitals in it) and a word renamed in the old one.
        try write(server, "Decks/words/cocina-es.json",
                  Self.deck("cocina-es", [("Sal", "Condimento blanco"), ("SOPA", "Se toma con cuchara"), ("Salsa", "Acompaña la pasta")]))
        var renamed = Self.animals
        renamed[2] = ("tigres", "Tienen rayas")
        try write(server, "Decks/words/animales-es.json", Self.deck("animales-es", renamed))
        let reload = flat(admin.run("reload"))
        #expect(reload.contains("Content reloaded"))
        #expect(reload.contains("Word bank: words added: 4; no longer used: 1."), "\(reload)")
        #expect(reload.contains("animales-es: words added: 1; no longer used (no longer in its file): 1."))
        #expect(admin.text("decks").contains("cocina-es"))
        let listed = admin.text("words list cocina-es")
        #expect(listed.contains("sopa") && !listed.contains("SOPA"))
        #expect(try served(server, "animales-es") == ["gato", "perro", "tigres", "vaca"])

        // A student plays the new deck at once; the mask shows the word as it is stored, lower case.
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create hangman medium cocina-es")
        #expect(ana.waitForEvent("room.joined") != nil)
        ana.send("start")
        #expect(ana.nextState() != nil)
        ana.send("s")
        let mask = try #require(ana.waitForEvent("hangman.state") { ($0["mask"] as? String ?? "").contains("s") }?["mask"] as? String)
        #expect(mask.hasPrefix("s") && mask == mask.lowercased())

        // Both files deleted: animales-es is no longer offered; cocina-es keeps the teacher's word, and is.
        #expect(admin.text("words add cocina-es olla Sirve para cocer").contains("added to cocina-es"))
        for file in ["animales-es", "cocina-es"] {
            try FileManager.default.removeItem(at: server.directory.appendingPathComponent("Decks/words/\(file).json"))
        }
        let gone = flat(admin.run("reload"))
        #expect(gone.contains("Word bank: words added: 0; no longer used: 7."), "\(gone)")
        #expect(gone.contains("animales-es: its file is gone, so the deck is no longer offered (words from the file no longer used: 4)."))
        #expect(gone.contains("cocina-es: its file is gone (words from the file no longer used: 3); the words added at the console are kept: 1."))
        #expect(try served(server, "cocina-es") == ["olla"])
        ana.send("leave")
        ana.send("create hangman cocina-es")
        #expect(ana.waitForEvent("room.joined") != nil)
        ana.send("start")
        #expect(ana.waitForEvent("hangman.state") { $0["mask"] as? String == "____" } != nil)
        #expect(!admin.text("decks").contains("animales-es"))
        #expect(admin.text("words list animales-es").contains("error: There is no word deck"))
        #expect(try served(server, "animales-es") == [])
        let leo = try TestClient.loggedInJSON(port: server.port, name: "Leo")
        leo.send("create hangman medium animales-es")
        #expect(leo.nextErrorCode() == "unknown_deck")

        // The teacher's last word in the file-less deck can go (a deck below three words was
        // kept for ever: `words del` said a deck keeps three), and the deck with it.
        let removed = admin.text("words del cocina-es olla")
        #expect(removed.contains("removed from cocina-es"), "\(removed)")
        #expect(!admin.text("decks").contains("cocina-es"))
        #expect(try served(server, "cocina-es") == [])
    }

    @Test func rudeWordsAreLeftOutOfFilesRefusedAtTheConsoleAndNeverServed() throws {
        let log = LogCapture()
        let server = try TestServer(logOutput: log, configure: { $0.logLevel = .info }, content: [
            "Decks/blocklist.txt": "joder\nputa\nputas\n",
            "Decks/words/animales-es.json": Self.deck("animales-es", Self.animals + [("putas", "Una palabrota"),
                                                                                    ("loro", "Dice joder")]),
        ])
        // Left out of the file, with a warning naming the file and the word.
        let warnings = log.lines.filter { $0.contains("content.problem") && $0.contains("Decks/words/animales-es.json") }
        #expect(warnings.contains { $0.contains("words[4].word") && $0.contains("putas") && $0.contains("blocklist") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("words[5].hint") && $0.contains("loro") }, "\(warnings)")
        #expect(try served(server, "animales-es") == ["gato", "perro", "tigre", "vaca"])

        let admin = try server.admin()
        #expect(flat(admin.run("words add animales-es putas una palabrota"))
                    .contains("error: \"putas\" is on the blocklist (Decks/blocklist.txt), so it can't be a hangman word."))
        #expect(admin.text("words add animales-es PuTa99 una palabrota").contains("error:"))
        #expect(flat(admin.run("words add animales-es loro Dice joder a todas horas")).contains("error: The hint for \"loro\" has a word on the blocklist"))
        #expect(!admin.text("words list animales-es").contains("putas"))

        // A word stored before the blocklist listed it is not served either.
        try server.store { db in _ = try db.addWord(deckID: "animales-es", word: "joder", hint: "Una palabrota") }
        server.running.onLoop { $0.wordBankCache["animales-es"] = nil }
        #expect(try served(server, "animales-es") == ["gato", "perro", "tigre", "vaca"])
    }
}
