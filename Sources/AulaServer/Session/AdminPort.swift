import AulaGames
import AulaNet

/// The admin port (127.0.0.1:4001). The teachers' console is its own issue;
/// until it lands, the port is bound (so nothing else can take it) and says so
/// honestly instead of pretending to log anyone in.
final class AdminPort: ConnectionHandler {
    weak var server: Server?

    init(server: Server) {
        self.server = server
    }

    func connectionOpened(_ connection: Connection) {
        var renderer = Renderer(language: server?.config.language ?? .en)
        renderer.color = false
        connection.send(renderer.render(InfoEvent("admin.not_ready")))
        connection.close()
    }

    func connection(_ connection: Connection, received line: String) {}
    func connection(_ connection: Connection, notice: NetNotice) {}
    func connectionClosed(_ connection: Connection, reason: CloseReason) {}

    func refusalMessage(_ refusal: AdmissionRefusal) -> String {
        Renderer(language: server?.config.language ?? .en).render(ErrorEvent(code: "server_full"))
    }
}
