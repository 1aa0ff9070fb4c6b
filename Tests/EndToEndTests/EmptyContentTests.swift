import Foundation
import Testing
import AulaTestSupport
import AulaBench

/// A server started outside its folder (session 9): `./Levels` and `./Decks` are
/// the default, and from any other folder it ran quietly with nothing to play
/// ("There are no word decks on this server" was the students' first news).
@Suite(.lab) struct EmptyContentTests {
    @Test func serveSaysSoWhenItFindsNothingToPlay() throws {
        let directory = try CommandLineTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ServerProcess.ownExecutable())
        process.arguments = ["serve", "--bind", "127.0.0.1", "--port", "0", "--admin-port", "0", "--board-port", "0",
                             "--db", directory.appendingPathComponent("aula.sqlite").path]
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for name in ["AULA_DB", "AULA_CONTENT", "AULA_LANG"] { env[name] = nil }
        process.environment = env
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        // Bounded: whatever happens, the server is stopped within 15 s.
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 15, execute: watchdog)
        var said = ""
        while !said.contains("aula: serving students") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        watchdog.cancel()
        let folder = directory.standardizedFileURL.path
        #expect(said.contains("aula: No content in \(folder): no word decks, quiz decks or levels"), "\(said)")
        #expect(said.contains("--content DIR"), "\(said)")
        // No blocklist either: names and chat are not filtered, and it says so (a re-play).
        #expect(said.contains("aula: No blocklist in \(folder) (Decks/blocklist.txt): names and chat are not filtered"), "\(said)")
    }

    /// The console speaks to the teacher (a re-play: `quiz host x` with no decks
    /// answered "Ask your teacher to add some.").
    @Test func theConsoleSaysWhereDecksGo() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let said = admin.run("quiz host x").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(said.contains("There are no decks for this game: add deck files to Decks/"), "\(said)")
        #expect(!said.contains("Ask your teacher"), "\(said)")
    }

    @Test func checkContentSaysSoToo() throws {
        let directory = try CommandLineTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CommandLineTests.aula(["check-content", "--lang", "es"], in: directory)
        #expect(run.out.contains("No hay contenido en"), "\(run.out)")
        // Nothing to check is a failure, not "all content is valid" (a re-play: a script read it as a pass).
        #expect(run.status == 1)
        #expect(!run.out.contains("Todo el contenido es válido"), "\(run.out)")
    }

    @Test func theShippedContentIsNotEmpty() throws {
        let run = try CommandLineTests.aula(["check-content"], in: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
        #expect(!run.out.contains("No content in"), "\(run.out)")
        #expect(run.status == 0)
    }
}
