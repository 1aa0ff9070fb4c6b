import Dispatch
import Foundation
import AulaGames
import AulaServer
import AulaStore

/// One admin command being run: who typed what, how to answer, and how it
/// ends. Every command ends exactly once — `done()` or `fail(...)` — which
/// writes its audit row (teacher, time, command, outcome) and gives the
/// teacher the prompt back. Commands that wait for the database use `read` /
/// `write`, whose continuations come back on the loop thread.
final class AdminCall {
    let server: Server
    let session: AdminSession
    let teacher: String
    /// The command line as typed (passwords are never typed on it: they are asked at a hidden prompt).
    /// `forget` replaces it before it ends, so the audit keeps no student's name.
    var line: String
    let audited: Bool
    private var finished = false

    init(server: Server, session: AdminSession, teacher: String, line: String, audited: Bool) {
        self.server = server
        self.session = session
        self.teacher = teacher
        self.line = line
        self.audited = audited
    }

    var client: Client { session.client }
    /// The server's log: `log(.info, "event", ...)` in a command.
    var log: Log { server.log }
    var language: Language { client.renderer.language }

    func say(_ event: Event) { client.send(event) }

    func info(_ key: String, _ args: String..., style: Style? = nil) {
        say(InfoEvent(phrases: [Phrase(key, args)], style: style))
    }

    /// Ends the command well.
    func done(_ outcome: String = "ok") { finish(outcome) }

    /// Ends the command with a refusal (an `error:` line).
    func fail(_ refusal: Refusal) {
        say(AdminErrorEvent(Self.forTeachers(refusal, contentFolder: server.config.contentDirectory)))
        finish(refusal.code)
    }

    /// A game's refusal in words for the teacher, where the student's say "ask your
    /// teacher" (a re-play: `quiz host` on a server with no decks told the teacher to
    /// ask their teacher). Same code.
    static func forTeachers(_ refusal: Refusal, contentFolder: String) -> Refusal {
        guard refusal.code == "no_decks" else { return refusal }
        let folder = URL(fileURLWithPath: contentFolder, isDirectory: true).standardizedFileURL.path
        return Refusal("no_decks", Phrase("admin.no_decks", [folder]))
    }

    func fail(code: String, _ args: String...) { fail(Refusal(code: code, args: args)) }

    func usage(_ commandID: String) { fail(Refusal.usage("bad_argument", commandID)) }

    private func finish(_ outcome: String) {
        guard !finished else { return }
        finished = true
        if audited { server.audit(teacher: teacher, command: line, outcome: outcome) }
        session.commandFinished()
    }

    /// Reads from the database off the loop; `then` runs on the loop. A failure ends the command.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T, then: @escaping (T) -> Void) {
        server.read(body) { [self] result in
            switch result {
            case .success(let value): then(value)
            case .failure(let error): fail(code: "admin_storage_detail", error.description)
            }
        }
    }

    /// Writes (committed before `then` runs, on the loop). A failure ends the command.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T, always: (() -> Void)? = nil,
                            then: @escaping (T) -> Void) {
        server.write(body) { [self] result in
            always?()
            switch result {
            case .success(let value): then(value)
            case .failure(let error): fail(code: "admin_storage_detail", error.description)
            }
        }
    }

    /// Runs slow work (hashing, reading files) off the loop; `then` runs on the loop.
    func offLoop<T: Sendable>(_ body: @escaping @Sendable () -> T, then: @escaping (T) -> Void) {
        server.offLoop(body, then: then)
    }

    /// Asks a question; a hidden one (a password) turns telnet echo off.
    func ask(_ kind: PromptEvent.Kind, _ key: String, hidden: Bool, answer: @escaping (String) -> Void) {
        session.ask(kind, Phrase(key), hidden: hidden, answer: answer)
    }
}
