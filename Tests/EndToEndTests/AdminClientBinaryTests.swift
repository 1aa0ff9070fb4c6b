import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// `aula admin` as a teacher runs it (issue 16): `--help` prints the usage
/// without connecting, and from a pipe (not a terminal) lines go as typed —
/// no line editor, no escape sequences. The line editor's keys are tested in
/// AulaNetTests/LineEditorTests.
@Suite(.lab, .slow, .serialized) struct AdminClientBinaryTests {
    /// The built `aula` executable (`swift build` puts it beside the tests).
    static var binary: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let build = root.appendingPathComponent(".build")
        // First the build the tests run from (also a --scratch-path build), then the repository's .build.
        var candidates: [URL] = []
        if let tests = Bundle.main.executableURL?.deletingLastPathComponent() {
            candidates.append(tests.appendingPathComponent("aula"))
        }
        candidates.append(build.appendingPathComponent("debug/aula"))
        if let triples = try? FileManager.default.contentsOfDirectory(atPath: build.path) {
            candidates += triples.map { build.appendingPathComponent("\($0)/debug/aula") }
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `aula ARGS` with `input` on stdin; (status, stdout, stderr), killed after `timeout` seconds.
    static func run(_ args: [String], input: String = "", timeout: Double = 20) throws -> (Int32, String, String) {
        guard let binary else { throw TestError("no aula binary") }
        let process = Process()
        process.executableURL = binary
        process.arguments = args
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, out, err)
    }

    @Test func helpPrintsTheUsageInsteadOfConnecting() throws {
        guard Self.binary != nil else {
            print("AdminClientBinaryTests: skipped — no built aula binary (run swift build)")
            return
        }
        // Port 1 has nothing listening: connecting would fail, so a usage means no connection was tried.
        let (status, out, err) = try Self.run(["admin", "--help", "--admin-port", "1"])
        #expect(status == 0)
        #expect(out.contains("Usage: aula admin"))
        #expect(out.contains("Up/Down"))
        #expect(!err.contains("cannot connect"))
    }

    @Test func fromAPipeLinesGoAsTypedWithoutTheEditor() throws {
        guard Self.binary != nil else {
            print("AdminClientBinaryTests: skipped — no built aula binary (run swift build)")
            return
        }
        let server = try TestServer()
        try server.addTeacher()
        let input = "garcia\n\(AdminConsole.password)\ncolor off\ngroups\nquit\n"
        let (status, out, _) = try Self.run(["admin", "--admin-port", String(server.adminPort)], input: input)
        #expect(status == 0)
        #expect(out.contains("admin>"))
        #expect(out.contains("Goodbye!"))
        // No line editor: no cursor movement or line clearing from the client.
        #expect(!out.contains("\u{1B}[K") && !out.contains("\r\u{1B}"))
        #expect(!out.contains("error: Unknown command"))
    }

    /// `aula admin --lang es` (a play test, session 12): accepted, and the console stayed
    /// English; `idioma es` had to be typed after every login. Now --lang works, and the
    /// language a teacher chose is theirs at the next login; `lopez` logs in as `López`.
    @Test func langIsTheConsolesLanguageAndTheTeacherKeepsIt() throws {
        guard Self.binary != nil else {
            print("AdminClientBinaryTests: skipped — no built aula binary (run swift build)")
            return
        }
        let server = try TestServer()
        defer { server.stop() }
        try server.addTeacher("López")
        let port = String(server.adminPort)
        let login = "lopez\n\(AdminConsole.password)\ncolor off\n"
        let spanish = try Self.run(["admin", "--lang", "es", "--admin-port", port], input: login + "groups\nquit\n")
        #expect(spanish.0 == 0, "\(spanish.2)")
        #expect(spanish.1.contains("Hola, López.") && spanish.1.contains("Grupos ("), "\(spanish.1)")
        // Next time, without --lang: the teacher's language.
        let again = try Self.run(["admin", "--admin-port", port], input: login + "groups\nquit\n")
        #expect(again.1.contains("Hola, López.") && again.1.contains("Grupos ("), "\(again.1)")
        // `lang en` in the console is remembered too.
        _ = try Self.run(["admin", "--admin-port", port], input: login + "lang en\nquit\n")
        let english = try Self.run(["admin", "--admin-port", port], input: login + "groups\nquit\n")
        #expect(english.1.contains("Welcome, López.") && english.1.contains("Groups ("), "\(english.1)")
        // A script too.
        let script = server.directory.appendingPathComponent("period.txt")
        try "groups\n".write(to: script, atomically: true, encoding: .utf8)
        let scripted = try AdminClientExitTests.run(["admin", "--lang", "es", "--script", script.path, "--admin-port", port],
                                                    environment: ["AULA_TEACHER": "lopez", "AULA_PASSWORD": AdminConsole.password])
        #expect(scripted.status == 0 && scripted.out.contains("Grupos ("), "\(scripted.out) \(scripted.err)")
    }

}
