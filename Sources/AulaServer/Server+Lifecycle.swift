import Foundation
import Synchronization
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
        // A round or quiz being played ends and is saved as `skip`/`quiz end` would
        // save it, before the store closes (a play test: `shutdown 8` lost them all
        // while the students read "Your results are saved").
        var ended: [String] = []
        for room in allRooms {
            if room.game.isPlaying, room.game.endBeforeClosing() { ended.append(room.id) }
            closeRoomQuietly(room)
        }
        if !ended.isEmpty { log(.info, "shutdown.rounds_ended", ("rooms", ended.joined(separator: ","))) }
        for client in clients.values {
            client.send(ShutdownEvent(seconds: 0))
            client.stage = .closing
            client.connection.close()
        }
        // Teachers at the console are told too, whatever stopped the server.
        adminConsole?.sayGoodbye()
        // Every phase is bounded (issue 17): connections get up to 3 s, the
        // database the rest of 4.5 s, so the process is gone within 5 s.
        let start = loop.now
        waitForConnectionsThenStop(deadline: start + min(config.shutdownTimeout, 3), hardDeadline: start + 4.5)
    }

    private func waitForConnectionsThenStop(deadline: Double, hardDeadline: Double) {
        let teachers = adminConsole?.teacherConnections ?? []
        if (clients.isEmpty && teachers.isEmpty) || loop.now >= deadline {
            for client in clients.values { client.connection.closeNow() }
            for teacher in teachers { teacher.closeNow() }
            storageWatch?.stop()
            savedEverything = closeStoreBounded(seconds: max(0.5, hardDeadline - loop.now))
            log(savedEverything ? .info : .error, "stopped", ("saved_everything", savedEverything))
            loop.stop()
            return
        }
        loop.schedule(after: 0.05) { [weak self] in
            self?.waitForConnectionsThenStop(deadline: deadline, hardDeadline: hardDeadline)
        }
    }

    /// Commits what is queued and closes the database, waiting at most `seconds`
    /// (issue 17: another process holding a write lock must not keep the server
    /// up). The close runs on a thread of its own; when time is up the loop stops
    /// anyway and the process exits: SQLite's WAL keeps the file consistent, and
    /// what was not committed is named in the log. False when writes were lost.
    private func closeStoreBounded(seconds: Double) -> Bool {
        let store = self.store
        let finished = DispatchSemaphore(value: 0)
        let outcome = ShutdownOutcome()
        let closer = Thread {
            outcome.saved = store.close(timeout: max(0.1, seconds - 0.3))
            finished.signal()
        }
        closer.name = "aula-store-close"
        closer.start()
        if finished.wait(timeout: .now() + seconds) == .success, outcome.saved {
            return true
        }
        log(.error, "shutdown.unsaved", ("path", config.databasePath), ("writes_not_saved", store.pendingCount),
            ("error", store.currentFailure?.description ?? "the database did not answer in time"))
        return false
    }

    private func closeRoomQuietly(_ room: Room) {
        rooms.removeValue(forKey: room.id)
        room.game.roomClosed()
        for member in room.members { member.room = nil }
    }
}

/// A running server on its own loop thread — what `aula serve` and the
/// end-to-end tests start. The loop thread owns the server; other threads
/// talk to it only through `stop` and `onLoop`, which hop with a `LoopBound`.
/// `@unchecked Sendable` (kept on purpose): `stopped` is guarded by `stopLock`, the
/// rest is immutable, and `server` is handed to tests and the bench to read after
/// the loop has stopped or through `onLoop` — the handle other threads hold.
public final class RunningServer: @unchecked Sendable {
    public let server: Server
    public let loop: EventLoop
    private let finished = DispatchSemaphore(value: 0)
    private let stopLock = NSLock()
    private var stopped = false
    /// Held while the server runs; let go when the loop has stopped.
    private let databaseLock: DatabaseLock

    /// Opens the database (migrating it), reads the content, binds the ports.
    /// `clock`: the loop's time; tests may give a `VirtualClock` (issue 18).
    /// `logOutput`: where the server's log lines go (at `config.logLevel`); tests may give a `LogCapture`.
    /// `registerGames` runs before the ports open: it registers the game rooms and
    /// attaches the teachers' console (`AulaGameRooms`, `AulaAdmin`; without a
    /// console the admin port stays closed).
    /// `releaseStartupPages`: `aula serve` lets go of the code pages only start-up ran
    /// (AulaNet/CodePages.swift; tests keep them): once just before the ports open, so
    /// an idle server is small from its first connection, and once more a second into
    /// `runHere`, for what opening the ports and the first turns touched once.
    public init(config: ServerConfig, logOutput: any LogOutput = StandardErrorLog(), clock: any LoopClock = MonotonicClock(),
                releaseStartupPages: Bool = false, registerGames: (Server) -> Void = { _ in }) throws {
        let log = Log(level: config.logLevel, output: logOutput)
        // One server per database (issue 17): taken before the file is opened. Both come
        // first: a missing folder or a read-only file is the one line to read, before the
        // content's summary and the connection cap (session 11).
        let lock = try DatabaseLock(databasePath: config.databasePath)
        let store = try Store(path: config.databasePath, commitDelay: Server.commitDelay)
        store.previousRun = PreviousRun(stoppedUncleanly: lock.previousRunStoppedUncleanly, startedAt: lock.previousRunStartedAt)
        if lock.previousRunStoppedUncleanly {
            log(.warn, "server.unclean_stop", ("note", "the previous aula serve stopped without saving (killed?): "
                + "a round or quiz being played then was not saved; finished ones are kept"))
        }
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
        if content.isEmpty { log(.warn, "content.empty", ("folder", URL(fileURLWithPath: config.contentDirectory).standardizedFileURL.path)) }
        // Grouped like check-content's lines: a reason repeated in one file is logged 5 times, then counted.
        for entry in ContentProblemReport.entries(problems) {
            switch entry {
            case .problem(let problem):
                log(.warn, "content.problem", ("file", problem.file), ("field", problem.field),
                    ("reason", Catalog.shared.text(problem.reason, .en)))
            case .more(let file, _, let count):
                log(.warn, "content.problem.more", ("file", file), ("same_reason", count))
            case .rest(let count):
                log(.warn, "content.problem.more", ("not_shown", count))
            }
        }
        // [hangman] word bank from Decks/words, and the decks only the bank still offers
        let bankDecks = HangmanWordBank.seedAtStart(content.wordDecks, files: content.wordFiles, store: store, log: log)
        let loop = try EventLoop(clock: clock)
        let server = try Server(config: config, loop: loop, store: store, content: content.withBankDecks(bankDecks), log: log)
        let watch = StorageWatch(server: server)
        server.storageWatch = watch
        watch.start()
        registerGames(server)
        if releaseStartupPages { RunningServer.releasePages(log) }
        try server.start()
        self.server = server
        self.loop = loop
        self.databaseLock = lock
        self.releasesPagesAgain = releaseStartupPages
    }

    /// Whether `runHere` lets go of the start-up code pages once more (see `init`).
    private let releasesPagesAgain: Bool

    private static func releasePages(_ log: Log) {
        let released = CodePages.releaseStartupPages()
        log(.debug, "memory.code_pages_released", ("kilobytes", released / 1024))
    }

    /// Runs the loop on the calling thread until shutdown; SIGINT/SIGTERM/SIGHUP shut down gracefully.
    public func runHere(handleSignals: Bool = true) throws {
        if handleSignals {
            // SIGHUP: the terminal that ran `aula serve` was closed (a tmux or ssh session
            // ended). It stopped the server without telling anyone or saving an open
            // editor's lines (a play test, session 11): now it is a shutdown like Ctrl-C.
            try loop.onSignals([SIGINT, SIGTERM, SIGHUP]) { [server] signal in
                server.shutdown(reason: signal == SIGINT ? "SIGINT" : signal == SIGHUP ? "SIGHUP" : "SIGTERM")
            }
        }
        if releasesPagesAgain {
            _ = loop.schedule(after: 1) { [server] in RunningServer.releasePages(server.log) }
        }
        loop.run()
        databaseLock.release()
        finished.signal()
    }

    /// Runs the loop on a new thread (tests).
    public func runInBackground() {
        let thread = Thread { [self] in
            loop.run()
            databaseLock.release()
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
        // Shutdown waits for goodbyes in loop time: a paused test clock would
        // never let it finish, so time runs for real from here.
        (loop.clock as? VirtualClock)?.resume()
        let server = LoopBound(self.server, on: loop)
        loop.execute { server.value.shutdown(reason: "stop") }
        _ = finished.wait(timeout: .now() + timeout)
    }

    /// Runs `body` on the loop thread and waits for it (tests, the bench).
    public func onLoop<T: Sendable>(_ body: @escaping @Sendable (Server) -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let server = LoopBound(self.server, on: loop)
        loop.execute {
            box.value = body(server.value)
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else { return nil }
        return box.value
    }
}

/// What the closing thread found, read by the loop after it signalled (an atomic: checked).
private final class ShutdownOutcome: Sendable {
    private let flag = Atomic<Bool>(false)
    var saved: Bool {
        get { flag.load(ordering: .acquiring) }
        set { flag.store(newValue, ordering: .releasing) }
    }
}

/// The loop's answer to `onLoop`, read by the waiting thread (a mutex: checked).
private final class ResultBox<T: Sendable>: Sendable {
    private let slot = PThreadMutex<T?>(nil)
    var value: T? {
        get { slot.withLock { $0 } }
        set { slot.withLock { $0 = newValue } }
    }
}
