import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// What playing the product by hand with real clients found after issue 18's
/// refactors (the play branch), each kept from coming back through TCP:
/// - `aula admin` on a narrow terminal wrapped at 80 columns (it never told
///   the console its width), so a 40-column window broke words in two;
/// - students of a quiz the teacher runs from the console were told "The host
///   can type start to play again", which only the teacher's console can do;
/// - Spanish students were told "Su docente les dio N segundos más" where every
///   other teacher line says "Tu docente ha …" (and a level room has one student);
/// - one statement and one solved level read "1 statements" and "1 levels solved".
@Suite(.lab, .slow, .serialized) struct PlayedByHandTests {
    @Test func oneStatementAndOneSolvedLevelAreSaidInTheSingular() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        defer { server.stop() }
        let teacher = try server.admin()
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("play t-01")
        #expect(ana.waitFor("Title t-01") != nil, "\(ana.transcript)")
        for line in ["code", "walk();", ".", "submit"] { ana.send(line) }
        #expect(teacher.client.waitFor("Ana on t-01: submit not solved — ended before every goal (1 statement).") != nil,
                "\(teacher.client.transcript)")
        for line in ["clear", "code", "repeat (4) { walk(); }", ".", "submit"] { ana.send(line) }
        #expect(teacher.client.waitFor("Ana on t-01: submit solved (2 statements).") != nil, "\(teacher.client.transcript)")
        ana.send("me")
        #expect(ana.waitFor("Experience: 10 XP, 1 level solved.") != nil, "\(ana.transcript)")
        ana.send("levels")
        #expect(ana.waitFor("Your map: 10 XP, 1 level solved.") != nil, "\(ana.transcript)")
        ana.send("lang es")
        ana.send("yo")
        #expect(ana.waitFor("Experiencia: 10, 1 nivel resuelto.") != nil, "\(ana.transcript)")
    }

    @Test func aTeacherRunQuizEndsTellingStudentsTheTeacherCanPlayItAgainInTheirLanguage() throws {
        let server = try QuizHostTests.server()
        defer { server.stop() }
        let admin = try server.admin()
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        let eva = try TestClient.loggedIn(port: server.port, name: "Eva")
        eva.send("lang es")
        #expect(eva.waitFor("Idioma: español") != nil)

        let hosted = admin.text("quiz host capitals")
        let room = try #require(QuizHostTests.roomID(hosted), "\(hosted)")
        #expect(ana.waitFor("join \(room)") != nil)
        #expect(eva.waitFor("unirse \(room)") != nil)
        ana.send("join \(room)")
        eva.send("entrar \(room)")
        #expect(ana.waitFor("runs \(room) from the console") != nil, "\(ana.transcript)")
        #expect(eva.waitFor("dirige \(room) desde la consola") != nil, "\(eva.transcript)")
        #expect(admin.text("quiz start 0").contains("\(room) started"))
        #expect(ana.waitFor("Capital of France?") != nil)
        #expect(eva.waitFor("Capital of France?") != nil)

        // More time: the Spanish line speaks like every other line from the teacher.
        #expect(admin.text("extend \(room) 20").contains("20"))
        // With the time now left (session 11).
        #expect(ana.waitFor("Your teacher gave you 20 more seconds: ") != nil, "\(ana.transcript)")
        #expect(eva.waitFor("Tu docente te ha dado 20 segundos más: quedan ") != nil, "\(eva.transcript)")

        // The end: only the console can start it again, and students are told so.
        #expect(admin.text("quiz end").contains("\(room) ended"))
        #expect(ana.waitFor("Your teacher can start this quiz again from the console.") != nil, "\(ana.transcript)")
        #expect(eva.waitFor("Tu docente puede volver a empezar este cuestionario desde la consola.") != nil,
                "\(eva.transcript)")
        #expect(!ana.transcript.contains("The host can type start"))
        #expect(!eva.transcript.contains("Quien creó la sala puede escribir empezar"))
        #expect(!eva.transcript.contains("Su docente"))
        // The console, watching its quiz, reads how to play it again there, not the
        // students' "Your teacher can start…" (session 11).
        let consoleLine = "To play it again: quiz start \(room). To close the room: room close \(room)."
        #expect(admin.client.transcript.contains { $0.contains(consoleLine) } || admin.client.waitFor(consoleLine) != nil,
                "\(admin.client.transcript)")
        #expect(!admin.client.transcript.contains { $0.contains("Your teacher can start this quiz again") })
    }

    static var canRunTheConsoleInATerminal: Bool {
        AdminClientBinaryTests.binary != nil && TmuxClient.missing(["tmux"]) == nil
    }

    /// The screen with the terminal's own wrapping undone (`capture-pane -J`):
    /// a line longer than the window was wrapped by the terminal, not the server.
    static func joinedLines(_ client: TmuxClient) -> [Substring] {
        let text = TmuxClient.output(["-L", client.socketName, "capture-pane", "-p", "-J", "-t", "c", "-S", "-300"]) ?? ""
        return text.split(separator: "\n")
    }

    @Test(.enabled(if: canRunTheConsoleInATerminal, "needs tmux and a built aula binary"))
    func aulaAdminTellsTheConsoleItsWidthAndEveryResize() throws {
        let binary = try #require(AdminClientBinaryTests.binary)
        let server = try TestServer()
        defer { server.stop() }
        try server.addTeacher()
        let console = try TmuxClient(command: "\(binary.path) admin --admin-port \(server.adminPort)", width: 40)
        #expect(console.waitFor("Teacher:"), "\(console.screen)")
        console.type("garcia")
        #expect(console.waitFor("Password:"), "\(console.screen)")
        console.type(AdminConsole.password)
        #expect(console.waitFor("admin>"), "\(console.screen)")
        console.type("help")
        #expect(console.waitFor("Type help COMMAND"), "\(console.screen)")
        let narrow = Self.joinedLines(console)
        #expect(narrow.allSatisfy { $0.count <= 40 }, "wider than 40: \(narrow.filter { $0.count > 40 })")

        // A wider window: the console is told at once (SIGWINCH) and wraps at 70.
        TmuxClient.tmux(["-L", console.socketName, "resize-window", "-t", "c", "-x", "70"])
        Thread.sleep(forTimeInterval: 0.3)
        TmuxClient.tmux(["-L", console.socketName, "clear-history", "-t", "c"])
        console.type("help")
        #expect(console.waitFor("Type help COMMAND for one command and its other names."), "\(console.screen)")
        let wide = Self.joinedLines(console)
        #expect(wide.allSatisfy { $0.count <= 70 }, "wider than 70: \(wide.filter { $0.count > 70 })")
        #expect(wide.contains { $0.count > 40 }, "still wrapped at 40: \(wide)")
    }
}
