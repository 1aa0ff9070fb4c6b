import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// `aula admin` on a real terminal (tmux): every prompt whose answer is shown
/// is the line editor's prompt, so the answer is typed on the prompt's line.
/// Played by hand: at the first-account prompt "New teacher's name:" the typed
/// name appeared on the next line (only Teacher:/Docente: were prompts).
@Suite(.lab, .slow, .serialized) struct AdminPromptTerminalTests {
    @Test(.enabled(if: PlayedByHandTests.canRunTheConsoleInATerminal, "needs tmux and a built aula binary"))
    func theFirstAccountsNameIsTypedOnThePromptsLine() throws {
        let binary = try #require(AdminClientBinaryTests.binary)
        let server = try TestServer()
        defer { server.stop() }
        // No teacher yet: the console on this machine asks for the first account.
        let console = try TmuxClient(command: "\(binary.path) admin --admin-port \(server.adminPort)", width: 100)
        #expect(console.waitFor("New teacher's name:"), "\(console.screen)")
        console.type("garcia")
        #expect(console.waitFor("New password"), "\(console.screen)")
        let lines = console.screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("New teacher's name: garcia"), "\(console.screen)")
        #expect(!lines.contains("garcia"), "\(console.screen)")
    }

    /// Ctrl-C at forget's "Type yes…" cancels the question (a play test, session 12: it
    /// only cleared the line, and the next command typed was taken as the answer).
    @Test(.enabled(if: PlayedByHandTests.canRunTheConsoleInATerminal, "needs tmux and a built aula binary"))
    func ctrlCAtForgetsQuestionCancelsIt() throws {
        let binary = try #require(AdminClientBinaryTests.binary)
        let server = try TestServer()
        defer { server.stop() }
        try server.addTeacher()
        try server.store { db in _ = try db.ensureStudent(groupID: try db.ensureGroup(name: "3B"), name: "Ana", at: 0) }
        let console = try TmuxClient(command: "\(binary.path) admin --admin-port \(server.adminPort)", width: 100)
        #expect(console.waitFor("Teacher:"), "\(console.screen)")
        console.type("garcia")
        #expect(console.waitFor("Password:"), "\(console.screen)")
        console.type(AdminConsole.password)
        #expect(console.waitFor("admin>"), "\(console.screen)")
        console.type("forget Ana")
        #expect(console.waitFor("Type yes to delete"), "\(console.screen)")
        console.type("ye", thenKeys: ["C-c"])
        #expect(console.waitFor("Nothing was deleted."), "\(console.screen)")
        // The next command is a command again, not the answer.
        console.type("groups")
        #expect(console.waitFor("Groups ("), "\(console.screen)")
        #expect(try server.store { db in try db.group(name: "3B")?.studentCount } == 1)
    }
}
