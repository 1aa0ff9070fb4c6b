import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// The console's `reload` as a teacher writing their own content meets it
/// (session 10): one mistake leaves out only what it names, the rest loads;
/// an unsolvable level, a level off the map and a file with the wrong
/// extension are told; nothing found keeps the old content.
@Suite(.lab) struct ContentReloadTests {
    static let words = """
        {"id": "fiesta-es", "title": "Fiesta", "lang": "es", "words": [
         {"word": "piñata", "hint": "Se rompe con un palo"}, {"word": "globo", "hint": "Se infla"},
         {"word": "tarta", "hint": "Lleva velas"}, {"word": "confeti", "hint": "Papelitos de colores"}]}
        """
    static let quiz = """
        {"id": "pets-es", "title": "Mascotas", "lang": "es", "description": "¿Qué mascota eres?",
         "types": [{"key": "gato", "title": "Gato", "definition": "Tranquilo"}, {"key": "perro", "title": "Perro", "definition": "Fiel"}],
         "questions": [{"kind": "single", "text": "¿Por la mañana?", "answers": [{"text": "Dormir", "type": "gato"}, {"text": "Correr", "type": "perro"}]}]}
        """

    @Test func oneBadWordLeavesOutOnlyItselfAndTheNewDeckAndLevelLoad() throws {
        let server = try TestServer(content: LevelTestContent.standard().merging(["Decks/words/fiesta-es.json": Self.words]) { a, _ in a })
        let admin = try server.admin()
        // The teacher adds a quiz deck and a level, and repeats a word.
        try write(server, "Decks/quizzes/pets-es.json", Self.quiz)
        try write(server, "Levels/w1/t-03.json", LevelTestContent.level(id: "t-03", board: "#..G..#", timeLimit: 60, xpRequired: 0))
        try write(server, "Decks/words/fiesta-es.json", Self.words.replacingOccurrences(of: "\"confeti\"", with: "\"Piñata\""))
        try write(server, "Decks/words/notas-es.txt", "{}")
        let lines = unwrapped(admin.run("reload"))
        #expect(lines.contains { $0.contains("Decks/words/fiesta-es.json: words[3].word (word 4): \"Piñata\" repeats \"piñata\"") }, "\(lines)")
        #expect(lines.contains { $0.contains("Levels/worlds.json: worlds: warning: Level “t-03” is in no world") })
        #expect(lines.contains { $0.contains("Decks/words/notas-es.txt: warning: ignored: only files ending in .json") })
        #expect(lines.contains { $0.contains("Content reloaded.") })
        #expect(lines.contains { $0.contains("Left out, as at a start: what the problems above name (warnings only warn; problems that left something out: 1)") })
        #expect(!lines.contains { $0.hasPrefix("error:") })
        #expect(server.running.onLoop { $0.content.quizDecks.map(\.id) } == ["pets-es"])
        #expect(server.running.onLoop { $0.content.levels.level(id: "t-03") != nil } == true)
        #expect(server.running.onLoop { $0.content.wordDecks.first { $0.id == "fiesta-es" }?.words.count } == 3)
    }

    @Test func aWalledOffGoalIsReportedAndTheLevelIsNotServed() throws {
        let server = try TestServer(content: LevelTestContent.standard())
        let admin = try server.admin()
        try write(server, "Levels/w1/t-04.json", LevelTestContent.level(id: "t-04", board: "#..#G##", timeLimit: 60, xpRequired: 0))
        let lines = unwrapped(admin.run("reload"))
        #expect(lines.contains { $0.hasPrefix("Levels/w1/t-04.json: board: Ada cannot reach any G tile from her start (row 1, column 1)") }, "\(lines)")
        #expect(server.running.onLoop { $0.content.levels.level(id: "t-04") == nil } == true)
        #expect(admin.text("challenge start t-04 2").contains("error:"))
        #expect(admin.text("lang es").contains("español"))
        let spanish = unwrapped(admin.run("reload"))
        #expect(spanish.contains { $0.hasPrefix("Levels/w1/t-04.json: board: Ada no puede llegar a ninguna casilla G") }, "\(spanish)")
    }

    @Test func aQuizOrLevelFileBrokenMidLessonKeepsItsOldVersionAndSaysSo() throws {
        let server = try TestServer(content: LevelTestContent.standard().merging(["Decks/quizzes/pets-es.json": Self.quiz]) { a, _ in a })
        let admin = try server.admin()
        try write(server, "Decks/quizzes/pets-es.json", "{ \"id\": \"pets-es\", oops")
        try write(server, "Levels/w1/t-02.json", "{ oops")
        try FileManager.default.removeItem(at: server.directory.appendingPathComponent("Levels/w1/t-rand.json"))
        let lines = unwrapped(admin.run("reload"))
        #expect(lines.contains { $0 == "Decks/quizzes/pets-es.json: warning: the version loaded before stays in use until this file is fixed (then reload)." }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Levels/w1/t-02.json: warning: the version loaded before stays in use") })
        #expect(server.running.onLoop { $0.content.quizDecks.map(\.id) } == ["pets-es"])
        #expect(server.running.onLoop { $0.content.levels.worlds.first?.levels } == ["t-01", "t-02"])
        // A file taken away is taken away.
        #expect(server.running.onLoop { $0.content.levels.level(id: "t-rand") == nil } == true)
    }

    @Test func aContentFolderMovedAwayKeepsTheOldContent() throws {
        let server = try TestServer(content: LevelTestContent.standard())
        let admin = try server.admin()
        try FileManager.default.removeItem(at: server.directory.appendingPathComponent("Levels"))
        let lines = unwrapped(admin.run("reload"))
        #expect(lines.contains { $0.hasPrefix("error: No content found in") && $0.contains("the content loaded before is kept") }, "\(lines)")
        #expect(server.running.onLoop { $0.content.levels.level(id: "t-01") != nil } == true)
    }

    /// The console's lines with its wrapping at 80 columns undone (a continuation starts with spaces).
    private func unwrapped(_ lines: [String]) -> [String] {
        lines.reduce(into: [String]()) { out, line in
            if line.hasPrefix("  "), let last = out.last, !line.hasPrefix("  Blocklist") {
                out[out.count - 1] = last + " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                out.append(line)
            }
        }
    }

    private func write(_ server: TestServer, _ path: String, _ text: String) throws {
        let url = server.directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
