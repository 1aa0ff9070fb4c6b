import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Issue 18: prompts whose answer must not be shown are marked by the
/// protocol — IAC WILL ECHO … IAC WONT ECHO in text mode (to clients that
/// speak telnet), `"hidden": true` on the JSON prompt — and `aula admin`
/// hides typing by that mark, never by matching "password" in the text.
@Suite(.lab, .slow, .serialized) struct HiddenInputMarkerTests {
    static let willEcho: [UInt8] = [255, 251, 1]
    static let wontEcho: [UInt8] = [255, 252, 1]

    private func index(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    /// Raw bytes until `needle` has arrived (or 15 s): hashing a password on a
    /// busy machine can take longer than one short read.
    private func bytes(until needle: String, from client: TestClient) -> [UInt8] {
        var seen: [UInt8] = []
        let deadline = Date().addingTimeInterval(15)
        while index(of: Array(needle.utf8), in: seen) == nil, Date() < deadline {
            seen += client.rawBytes(timeout: 0.5)
        }
        return seen
    }

    @Test func aTelnetClientSeesWillEchoBeforeThePasswordPromptAndWontEchoAfterIt() throws {
        let server = try TestServer()
        try server.addTeacher()
        let client = try TestClient(port: server.adminPort)
        client.sendRaw([255, 241])  // IAC NOP: "this client speaks telnet", as `aula admin` says it
        var seen = bytes(until: "Teacher:", from: client)
        #expect(index(of: Array("Teacher:".utf8), in: seen) != nil)
        #expect(index(of: Self.willEcho, in: seen) == nil, "no hiding at the name prompt")
        client.send("garcia")
        seen = bytes(until: "Password:", from: client)
        let will = try #require(index(of: Self.willEcho, in: seen))
        let prompt = try #require(index(of: Array("Password:".utf8), in: seen))
        #expect(will < prompt)
        client.send(AdminConsole.password)
        seen = bytes(until: "admin>", from: client)
        let wont = try #require(index(of: Self.wontEcho, in: seen))
        let welcome = try #require(index(of: Array("admin>".utf8), in: seen))
        #expect(wont > prompt && wont < welcome)
    }

    @Test func aRawClientGetsNoTelnetBytesAtThePasswordPrompt() throws {
        let server = try TestServer()
        try server.addTeacher()
        let client = try TestClient(port: server.adminPort)
        #expect(client.waitFor("Teacher:") != nil)
        client.send("garcia")
        #expect(client.waitFor("Password:") != nil)
        client.send(AdminConsole.password)
        #expect(client.waitFor("admin>") != nil)
        #expect(!client.transcript.joined().unicodeScalars.contains { $0.value == 0xFF || $0 == "\u{FFFD}" })
    }

    @Test func theJSONPromptSaysHidden() throws {
        let server = try TestServer()
        try server.addTeacher()
        let client = try TestClient(port: server.adminPort)
        #expect(client.waitFor("Teacher:") != nil)
        client.send("mode json")
        client.send("garcia")
        let prompt = try #require(client.waitForEvent("prompt") { $0["kind"] as? String == "password" })
        #expect(prompt["hidden"] as? Bool == true)
        client.send(AdminConsole.password)
        let next = try #require(client.waitForEvent("prompt") { $0["kind"] as? String == "command" })
        #expect(next["hidden"] == nil)
    }

    /// `aula admin --script` answers the hidden prompt from AULA_PASSWORD: it
    /// found the prompt by its mark (the server speaks Spanish here, and no
    /// prompt text is matched for the password any more).
    @Test func theAdminClientAnswersTheMarkedPromptFromItsEnvironment() throws {
        guard let binary = AdminClientBinaryTests.binary else {
            print("HiddenInputMarkerTests: skipped — no built aula binary (run swift build)")
            return
        }
        let server = try TestServer(configure: { $0.language = .es })
        try server.addTeacher()
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("aula-script-\(UUID().uuidString).txt")
        try "grupos\n".write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["admin", "--admin-port", String(server.adminPort), "--script", script.path]
        process.environment = ["AULA_TEACHER": "garcia", "AULA_PASSWORD": AdminConsole.password, "PATH": "/usr/bin:/bin"]
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = Pipe()
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(out)\n\(err)")
        #expect(out.contains("admin> grupos"))
        #expect(!out.contains("\u{FFFD}"), "no telnet bytes leak into the output")
    }
}
