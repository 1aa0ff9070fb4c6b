import Foundation
import AulaContent
import AulaNet
import AulaStore

/// Starting and stopping a whole server: the pieces wired together, graceful
/// shutdown on SIGINT/SIGTERM (tell everyone, finish writes, close the
/// database cleanly, exit within 5 s).
extension Server {
    /// Tells everyone, closes every connection, commits every pending write,
    /// closes the database and stops the loop. `done` runs after the loop stops.
    public func shutdown(reason: String = "signal") {
        guard !shuttingDown else { return }
        shuttingDown = true
        log(.info, "shutdown", ("reason", reason), ("connections", clients.count))
        // Stop accepting, but keep the open connections to tell them goodbye.
        studentListener?.stopAccepting()
        adminListener?.stopAccepting()
        board?.stop()
        for room in allRooms { closeRoomQuietly(room) }
        for client in clients.values {
            client.send(ShutdownEvent(seconds: 0))
            client.stage = .closing
            client.connection.close()
        }
        // Teachers at the console are told too, whatever stopped the server.
        adminConsole?.sayGoodbye()
        let deadline = loop.now + config.shutdownTimeout
        waitForConnectionsThenStop(deadline: deadline)
    }

    private func waitForConnectionsThenStop(deadline: Double) {
        let teachers = adminConsole?.sessions.values.map(\.client) ?? []
        if (clients.isEmpty && teachers.isEmpty) || loop.now >= deadline {
            for client in clients.values { client.connection.closeNow() }
            for teacher in teachers { teacher.connection.closeNow() }
            store.close()
            log(.info, "stopped")
            loop.stop()
            return
        }
        loop.schedule(after: 0.05) { [weak self] in self?.waitForConnectionsThenStop(deadline: deadline) }
    }

    private func closeRoomQuietly(_ room: Room) {
        rooms.removeValue(forKey: room.id)
        room.game.roomClosed()
        for member in room.members { member.room = nil }
    }
}

/// A running server on its own loop thread — what `aula serve` and the
/// end-to-end tests start. The loop thread owns the server; other threads
/// talk to it only through `loop.execute`.
public final class RunningServer: @unchecked Sendable {
    public let server: Server
    public let loop: EventLoop
    private let finished = DispatchSemaphore(value: 0)
    private let stopLock = NSLock()
    private var stopped = false

    /// Opens the database (migrating it), reads the content, binds the ports.
    public init(config: ServerConfig, registerGames: (Server) -> Void = { _ in }) throws {
        Log.shared.level = config.logLevel
        // Each student is a socket: a cap above the open-file limit could never
        // be reached, and "server full" must come before "out of files".
        var config = config
        let files = FileLimit.raise()
        if files > 200 && files < config.limits.maxConnections + 100 {
            config.limits.maxConnections = files - 100
            log(.info, "connection.cap", ("max_connections", config.limits.maxConnections), ("open_files", files))
        }
        let (content, problems) = ContentLibrary.load(directory: config.contentDirectory)
        for line in content.summary(.en) { log(.info, "content", ("summary", line.trimmingCharacters(in: " "))) }
        for problem in problems {
            log(.warn, "content.problem", ("file", problem.file), ("field", problem.field),
                ("reason", Catalog.shared.text(problem.reason, .en)))
        }
        let store = try Store(path: config.databasePath, commitDelay: Server.commitDelay)
        HangmanWordBank.seedAtStart(content.wordDecks, store: store)  // [hangman] word bank from Decks/words
        let loop = try EventLoop()
        let server = try Server(config: config, loop: loop, store: store, content: content)
        store.onError = { error in
            log(.error, "store.error", ("error", error.description))
        }
        registerGames(server)
        try server.start()
        self.server = server
        self.loop = loop
    }

    /// Runs the loop on the calling thread until shutdown; SIGINT/SIGTERM shut down gracefully.
    public func runHere(handleSignals: Bool = true) throws {
        if handleSignals {
            try loop.onSignals([SIGINT, SIGTERM]) { [server] signal in
                server.shutdown(reason: signal == SIGINT ? "SIGINT" : "SIGTERM")
            }
        }
        loop.run()
        finished.signal()
    }

    /// Runs the loop on a new thread (tests).
    public func runInBackground() {
        let thread = Thread { [self] in
            loop.run()
            finished.signal()
        }
        thread.name = "aula-loop"
        thread.start()
    }

    /// Graceful shutdown from any thread; returns when the loop has stopped.
    public func stop(timeout: Double = 6) {
        let first = stopLock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        loop.execute { [server] in server.shutdown(reason: "stop") }
        _ = finished.wait(timeout: .now() + timeout)
    }

    /// Runs `body` on the loop thread and waits for it (tests, the bench).
    public func onLoop<T: Sendable>(_ body: @escaping @Sendable (Server) -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        loop.execute { [server] in
            box.value = body(server)
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else { return nil }
        return box.value
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
