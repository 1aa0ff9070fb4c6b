import AulaGames
import AulaNet
import AulaServer

/// The admin port (127.0.0.1:4001 by default): one `AdminSession` per teacher
/// connection, and what all of them share — the password lockout, the
/// shutdown countdown. Loop thread only, like the server.
final class AdminPort: ConnectionHandler {
    weak var server: Server?
    var sessions: [UInt64: AdminSession] = [:]
    /// Wrong-password counts per teacher name (5 → locked 60 s).
    var lockout = LoginLockout()
    /// The running `shutdown` countdown's timers, if one was started.
    var shutdownTimers: [TimerID] = []

    init(server: Server) {
        self.server = server
    }

    func connectionOpened(_ connection: Connection) {
        guard let server, !server.shuttingDown else {
            connection.close()
            return
        }
        let client = Client(connection: connection, language: server.config.language)
        client.isConsole = true
        let session = AdminSession(server: server, port: self, client: client)
        connection.userData = session
        sessions[connection.id] = session
        session.start()
    }

    /// Tells every teacher logged in at the console right now (an alert: a PIN lock).
    func tellTeachers(_ event: Event) {
        for session in sessions.values where session.isOpen && session.teacher != nil {
            session.client.send(event)
        }
    }

    func connection(_ connection: Connection, received line: String) {
        (connection.userData as? AdminSession)?.receive(line)
    }

    func connection(_ connection: Connection, notice: NetNotice) {
        guard let session = connection.userData as? AdminSession else { return }
        switch notice {
        case .lineTooLong:
            session.client.send(AdminErrorEvent(code: "line_too_long", String(server?.config.limits.maxLineBytes ?? 1024)))
        case .throttled:
            session.client.send(AdminErrorEvent(code: "throttled"))
        case .idleWarning:
            session.client.send(InfoEvent("idle.warning", style: .warn))
        case .idleTimeoutClosing:
            session.client.send(InfoEvent("idle.closed", style: .warn))
        case .loginTimeoutClosing:
            session.client.send(AdminErrorEvent(code: "login_timeout", String(Int(server?.config.adminLimits.loginTimeout ?? 30))))
        case .displacedClosing:
            session.client.send(AdminErrorEvent(code: "too_many_logging_in"))
        case .windowSize(let width, _):
            if width >= Renderer.minWidth { session.client.renderer.width = min(width, Renderer.maxWidth) }
        case .screenReader:
            session.client.renderer.reader = true
        case .terminalType:
            break
        }
    }

    func connectionClosed(_ connection: Connection, reason: CloseReason) {
        guard let session = sessions.removeValue(forKey: connection.id) else { return }
        connection.userData = nil
        session.closed()
    }

    func refusalMessage(_ refusal: AdmissionRefusal) -> String {
        var renderer = Renderer(language: server?.config.language ?? .en)
        renderer.color = false
        switch refusal {
        case .serverFull: return renderer.render(ErrorEvent(code: "server_full"))
        case .tooManyFromAddress: return renderer.render(ErrorEvent(code: "too_many_connections"))
        case .addressFull:
            return renderer.render(ErrorEvent(code: "address_full", String(server?.config.adminLimits.maxPerAddress ?? 64)))
        case .tooManyLoggingIn: return renderer.render(ErrorEvent(code: "too_many_logging_in"))
        }
    }
}

/// A refusal on the admin console. In text mode it starts with `error:` so
/// `aula admin --script` (and a teacher skimming a log) can tell a failure from
/// an answer; in JSON it is the usual `error {code, message}`.
struct AdminErrorEvent: Event {
    let refusal: Refusal

    init(_ refusal: Refusal) { self.refusal = refusal }
    init(code: String, _ args: String...) { self.refusal = Refusal(code: code, args: args) }

    var name: String { "error" }
    func fields(_ t: TextContext) -> [(String, JSON)] {
        [("code", .string(refusal.code)), ("message", .string(t.say(refusal.phrase)))]
    }
    func text(_ t: TextContext) -> [String] { [t.paint(.bad, t.say("admin.error_line", t.say(refusal.phrase)))] }
}
