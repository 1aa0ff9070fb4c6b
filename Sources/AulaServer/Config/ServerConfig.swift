import AulaNet
import AulaStore

/// Everything `aula serve` can be told (flags and `AULA_*` variables, SPEC §2).
public struct ServerConfig: Sendable {
    public var host = "0.0.0.0"
    public var port = 4000
    public var adminHost = "127.0.0.1"
    public var adminPort = 4001
    public var databasePath = "aula.sqlite"
    /// The folder holding `Levels/` and `Decks/`.
    public var contentDirectory = "."
    public var language: Language = .en
    public var logLevel: LogLevel = .info
    public var limits = NetLimits()
    /// The teachers' console's own budget: student sockets never count against it.
    public var adminMaxConnections = 64
    /// Seconds to finish `Teacher:` and `Password:`.
    public var adminLoginTimeout: Double = 30
    /// Console sockets still logging in per address — 127.0.0.1 included.
    public var adminMaxPreLoginPerAddress = 8
    /// Chat budgets per room and per address (issue 12, defect 10).
    public var chat = ChatLimits()
    /// Where console `export` writes; nil: `exports/` beside the database.
    public var exportDirectory: String?
    /// How long a dropped player keeps their place (SPEC §3: 120 s).
    public var reconnectGrace: Double = 120
    /// How long graceful shutdown may take before we stop waiting.
    public var shutdownTimeout: Double = 4

    // A school year (issue 17): backups, the moved-database check.
    /// Where daily backups go; nil: `backups/` beside the database.
    public var backupDirectory: String?
    /// Backups kept (older ones are deleted); 0 keeps every one.
    public var backupKeep = 14
    /// Hours between backups; 0 = no automatic backups.
    public var backupEvery: Double = 24
    /// Seconds between checks that the database file is still where it was opened.
    public var storageCheckEvery: Double = 5
    /// The projector board (SPEC §12): HTTP on this port, nil = off
    /// (`--board-port 0`); 0 here = an ephemeral port (tests).
    public var boardPort: Int? = 4002
    /// Where the board listens; any bind but 127.0.0.1 / ::1 needs the key.
    public var boardHost = "127.0.0.1"
    /// Board connections at most (SSE streams count).
    public var boardMaxConnections = 64
    /// Board connections per address, streams and requests (the server's own
    /// machine is not counted: the projector and the teacher's page live there).
    public var boardMaxPerAddress = 24
    /// Board requests per address whose head has not arrived yet (127.0.0.1
    /// too); a newcomer past it closes the oldest of them.
    public var boardPendingHeadsPerAddress = 8
    /// Seconds a board request has to send its whole head.
    public var boardHeadTimeout: Double = 4
    /// Open event streams per address: past it the oldest of that address
    /// closes (its page reconnects by itself). The server's own machine gets more.
    public var boardStreamsPerAddress = 6
    public var boardStreamsOwnMachine = 16
    /// The board's key; nil: a random one at start (only asked off loopback).
    public var boardKey: String?
    /// PIN and password hashes waiting or running at most; past it a login is told
    /// `login_busy` and asked again (issue 18: hashing on its own thread, bounded).
    public var maxQueuedHashes = 64
    /// Tests only: seconds each hash waits before it runs (a slow hash, during which
    /// store reads must still be answered). Zero in production.
    var hashSlowdown: Double = 0
    /// Tests only: seconds each judge job waits before it runs (`JudgeWorker.slowdown`),
    /// so a test can find a job still being judged. Zero in production.
    package var judgeSlowdown: Double = 0
    /// The scrypt cost of teachers' passwords: new passwords are hashed with it and a good
    /// login re-hashes a password stored with any other cost. The standard cost in the product;
    /// the end-to-end tests choose a cheap one, or every console login in them would re-hash
    /// its test password at 16 MiB (about a fifth of the suite's CPU).
    public var passwordHashing = ScryptParameters.standard

    public init() {}

    /// The board's limits: raw bytes (its own HTTP parser), its own cap, a
    /// request head within 10 s, no idle timeout (an SSE stream never talks),
    /// and a small output buffer so a stalled browser is dropped early.
    public var boardLimits: NetLimits {
        var board = limits
        board.rawInput = true
        board.maxConnections = boardMaxConnections
        // Session 11: one client held all 64 places (streams, or heads sent a
        // byte every half second). Per address now: a few heads on their way
        // in — the oldest of them goes for a newcomer, loopback included — a
        // few streams (`Board.streamsPerAddress`, the oldest goes), and a
        // short deadline for a head, which a browser sends at once.
        board.maxPerAddress = min(boardMaxConnections, boardMaxPerAddress)
        board.maxPreLoginPerAddress = min(boardMaxConnections, boardPendingHeadsPerAddress)
        board.preLoginCapCoversLoopback = true
        board.whenPreLoginFull = .displaceOldest
        board.loginTimeout = boardHeadTimeout
        board.idleTimeout = .infinity
        board.idleWarningAfter = .infinity
        board.maxOutputBytes = 256 * 1024
        return board
    }

    /// The console's limits: the students' (idle timeout, line rate...) with its own caps.
    public var adminLimits: NetLimits {
        limits.forAdminConsole(maxConnections: adminMaxConnections, loginTimeout: adminLoginTimeout,
                               maxPreLoginPerAddress: adminMaxPreLoginPerAddress)
    }
}
