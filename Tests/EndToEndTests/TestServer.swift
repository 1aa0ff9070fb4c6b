import Foundation
@testable import AulaServer
import AulaAdmin
import AulaGameRooms
import AulaNet
import AulaStore

/// A real server on ephemeral loopback ports, with its own temporary database
/// and content folder, running its loop on a background thread.
///
/// `virtualClock: true` runs the loop on a paused `VirtualClock` (issue 18):
/// room timers, turn clocks and save waits then fire only when the test calls
/// `advance(by:)`, at once and in order, so a 30-second question takes no 30
/// seconds. Sockets, the store and the judge stay real, so: wait for the
/// answer to a line before advancing (the advance may otherwise overtake the
/// line on its way in); advance in steps that end where the test looks (a step
/// that passes a round's end also passes its save wait, before the store may
/// have answered); and mind that lines-per-second budgets see no time pass.
final class TestServer {
    let running: RunningServer
    let directory: URL
    let port: Int
    /// The paused clock, when the test asked for one.
    let clock: VirtualClock?
    var databasePath: String { directory.appendingPathComponent("aula.sqlite").path }

    /// `logOutput`: where the server's log lines go (a `LogCapture` to read them back).
    init(virtualClock: Bool = false, logOutput: any LogOutput = StandardErrorLog(), configure: (inout ServerConfig) -> Void = { _ in }, content: [String: String] = [:],
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
        // The teachers' passwords at the cheap cost `addTeacher` stores (the standard cost is
        // tested by `PasswordUpgradeTests` and the store's SecurityTests).
        config.passwordHashing = TestServer.cheapPasswordHashing
        configure(&config)
        let clock = virtualClock ? VirtualClock() : nil
        self.clock = clock
        // Every test server has the teachers' console, whatever games it registers.
        running = try TestServer.start(config: config, logOutput: logOutput, clock: clock ?? MonotonicClock(), games: games)
        running.runInBackground()
        guard let port = running.onLoop({ $0.studentPort }) else { throw TestError("server did not answer") }
        self.port = port
    }

    /// Starts the server. A test that restarts on the same database may find
    /// its lock still held for a moment after `stop()` let it go: the lock is a
    /// `flock` on an open file description, and a child process another test
    /// is starting at that instant (Chromium, tmux, `aula`) holds a copy of
    /// every descriptor between its fork and its exec. The server in this
    /// process has released it, so a held lock is retried for up to 3 s
    /// (the product's own refusal of a second server is tested elsewhere,
    /// without this).
    static func start(config: ServerConfig, logOutput: any LogOutput, clock: any LoopClock,
                      games: @escaping (Server) -> Void) throws -> RunningServer {
        try retryingHeldLock {
            try RunningServer(config: config, logOutput: logOutput, clock: clock, registerGames: { server in
                games(server)
                AdminConsoleSetup.attach(to: server)
            })
        }
    }

    /// `make`, tried again every 20 ms for up to 3 s while the database lock is held (see `start`).
    static func retryingHeldLock<T>(_ make: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(3)
        while true {
            do {
                return try make()
            } catch let failure as DatabaseLock.Failure {
                guard case .held = failure, Date() < deadline else { throw failure }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }

    /// Waits for the loop to end and the database lock to be let go (up to 30 s: under a
    /// full parallel run the product's 6 s wait was once too short for the next test's
    /// start on the same file, `SchoolYearTests`).
    func stop() {
        running.stop(timeout: 30)
    }

    /// Virtual clock only: moves time `seconds` on, firing every timer due on
    /// the way (on the loop thread; returns once they ran). How many fired.
    @discardableResult
    func advance(by seconds: Double) throws -> Int {
        guard clock != nil else { throw TestError("advance(by:) needs TestServer(virtualClock: true)") }
        guard let fired = running.onLoop({ $0.loop.advance(by: seconds) }) else { throw TestError("server did not answer") }
        return fired
    }

    deinit {
        running.stop(timeout: 2)
        try? FileManager.default.removeItem(at: directory)
    }
}
