import Foundation
@testable import AulaServer
import AulaStore

/// A real server on ephemeral loopback ports, with its own temporary database
/// and content folder, running its loop on a background thread.
final class TestServer {
    let running: RunningServer
    let directory: URL
    let port: Int
    var databasePath: String { directory.appendingPathComponent("aula.sqlite").path }

    init(configure: (inout ServerConfig) -> Void = { _ in }, content: [String: String] = [:],
         games: @escaping (Server) -> Void = { server in
             Games.registerAll(server)
             EchoGame.register(server)
         }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("aula-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Decks"), withIntermediateDirectories: true)
        for (path, text) in content {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        var config = ServerConfig()
        config.host = "127.0.0.1"
        config.port = 0
        config.adminPort = 0
        config.boardPort = nil  // off unless a test asks (parallel tests must not fight over 4002)
        config.databasePath = directory.appendingPathComponent("aula.sqlite").path
        config.contentDirectory = directory.path
        config.logLevel = .error
        configure(&config)
        running = try RunningServer(config: config, registerGames: games)
        running.runInBackground()
        guard let port = running.onLoop({ $0.studentPort }) else { throw TestError("server did not answer") }
        self.port = port
    }

    func stop() {
        running.stop()
    }

    deinit {
        running.stop(timeout: 2)
        try? FileManager.default.removeItem(at: directory)
    }
}
