import Foundation
import AulaGames
import AulaContent
import AulaNet
import AulaStore

/// The server: owns the event loop's state — clients, players, rooms, the
/// class session — and the store. Every method runs on the loop thread. Not
/// `Sendable`, and the compiler checks it: the store, judge and hashing threads
/// come back only through `Server.read`/`write`/`offLoop` and `EventLoop.bind`
/// (Loop/), which carry loop-owned closures in a `LoopBound`.
public final class Server: ConnectionHandler {
    public static let openGroup = "open"
    /// Rounds ending within this many seconds of each other are committed together
    /// (`round.end` waits for the commit, so a student never notices 10 ms).
    /// Measured with `aula bench hangman`: the store thread's CPU per guess falls by about a quarter.
    /// Issue 20 (fan-out): 40 ms — at thousands of rounds a second each commit
    /// rewrote the same index and totals pages; a wider batch writes each of them
    /// once for more rounds (pages written per guess measured in bench/REPORT.md,
    /// "Fan-out (session 5)"). Still far below what a person notices.
    static let commitDelay = 0.04

    public let loop: EventLoop
    public let config: ServerConfig
    public let store: Store
    /// PIN and password hashing, off the loop and the store thread (Loop/HashWorker.swift).
    let hashes: HashWorker
    public package(set) var content: ContentLibrary
    /// The operator's log (Config/Log.swift): made by `RunningServer` from the config's
    /// level, handed to the rooms through `RoomHost` and to the console and board.
    public let log: Log
    let catalog = Catalog.shared

    var clients: [UInt64: Client] = [:]
    /// Logged-in players (connected, or within their reconnect grace), by group and name key.
    package var players: [String: Player] = [:]
    /// The players within their reconnect grace, by name key alone (Session/Server+HeldPlaces.swift).
    var heldPlaces: [String: [Player]] = [:]
    package var rooms: [String: Room] = [:] {
        didSet { RosterChanges.bump() }  // `rooms` pages are cached (Limits/Listings.swift)
    }
    package var roomCounter = 0
    package var gameFactories: [String: GameFactory] = [:]
    package var gameAliases: [String: String] = [:]
    /// Each game kind's room commands, for `help start` typed in the lobby
    /// (session 10: it answered "unknown command"). Filled by the games' `register`.
    package var roomHelp: [(kind: String, entries: [HelpEntry])] = []
    /// The hangman word bank by deck, as read from the database: rounds draw
    /// from it without a database read each; changing a deck forgets its entry.
    package var wordBankCache: [String: [WordEntry]] = [:]
    /// The class challenge operation (set by the level rooms when registered).
    public var classChallenges: ClassChallenges?
    /// The class session a teacher opened (join code), if any.
    public package(set) var classSession: ClassSession? {
        // The projector lets the last class go (Board/BoardLifecycle.swift); `lock` changes no id.
        didSet { if oldValue?.id != classSession?.id { board?.classChanged() } }
    }
    /// A console's `class open` waiting for the database: a second one meanwhile is
    /// refused (two consoles opening classes at once both said "open", a re-play).
    package var classOpening = false
    package var openGroupRef: GroupRef
    var studentListener: Listener?
    var adminListener: Listener?
    /// The teachers' console behind `adminListener` (`Console/TeacherConsole.swift`): attached
    /// by the executable or a test before `start()`; told goodbye at shutdown.
    var adminConsole: (any TeacherConsole)?
    /// The projector board (Board/), nil when `--board-port 0`.
    package var board: Board?
    package var shuttingDown = false
    /// Chat budgets and address mutes (Limits/Server+Chat.swift).
    package lazy var chatGuard = ChatGuard(limits: config.chat)
    /// The cached `who` and `rooms` pages (Limits/Listings.swift).
    let listings = Listings()
    /// Time accommodations a teacher gave, by student name key, kept in the database
    /// (AulaAdmin/Admin+Lesson.swift, Session/Server+KeptHolds.swift); applied at login
    /// (Session/Server+Accommodation.swift).
    package var rememberedAccommodations: [String: Double] = [:]
    /// The teachers' account names by look-alike key: no student or team may take one (Session/ShownNames.swift).
    package var teacherNameKeys: Set<String> = []
    /// Online players by their names' other readings (Session/Server+NameStrokes.swift).
    var strokeIndex: [String: String] = [:]
    /// Wrong PINs per student and per address (Session/PINLockouts.swift).
    package var pinLockouts = PINLockouts()
    /// Kicks that hold for their minutes (Session/KickList.swift).
    package let kicks = KickList()
    /// The class session reopened from the database at start-up, and who had
    /// logged into it before (told once that rooms were lost; Session/ClassRestore.swift).
    var restoredClass: (sessionID: Int64, seen: Set<String>)?
    /// Storage faults, the moved-database check and daily backups (Storage/StorageWatch.swift).
    package var storageWatch: StorageWatch?
    /// False when shutdown could not commit every write in time (`aula serve` then exits 1).
    public internal(set) var savedEverything = true
    /// The banner, `Name:` and other login lines every newcomer gets, rendered once per way of reading (Session/Server+RenderedOnce.swift).
    var renderedOnce: [(what: SameForEveryone, renderer: Renderer, bytes: [UInt8])] = []
    /// Login lookups of this loop turn, sent to the store together (Session/Server+LoginLookup.swift).
    var pendingLookups: [(lookup: LoginLookup, answered: (Result<LoginFound, StoreError>) -> Void)] = []
    /// The last `playerKey` made (Session/Server+NameClash.swift): a login asks for the same one ~8 times.
    var lastPlayerKey: (group: String, name: String, key: String)?
    /// Wall-clock seconds for what is stored (rounds, logins); injectable for tests.
    public var wallClock: () -> Double = { Date().timeIntervalSince1970 }

    public init(config: ServerConfig, loop: EventLoop, store: Store, content: ContentLibrary, log: Log) throws {
        self.config = config
        self.log = log
        self.loop = loop
        self.store = store
        self.content = content
        hashes = HashWorker(maxQueued: config.maxQueuedHashes, slowdown: config.hashSlowdown)
        let groupID = try store.sync { db in try db.ensureGroup(name: Server.openGroup) }
        openGroupRef = GroupRef(id: groupID, name: Server.openGroup)
    }

    /// Starts listening: students on `config.port`, the admin console on `config.adminPort`.
    public func start() throws {
        try restoreClassSession()  // the class a restart interrupted (Session/ClassRestore.swift)
        try restoreKeptHolds()  // kicks and accommodations a restart must not drop (Session/Server+KeptHolds.swift)
        do {
            studentListener = try loop.listen(host: config.host, port: config.port, limits: config.limits, handler: self)
        } catch let error as NetError where error.code == EADDRINUSE {
            throw StartError("port \(config.port) is already in use — is another aula serve running?")
        }
        // Its own listener and budget (`ServerConfig.adminLimits`): student sockets never count against it.
        let adminLimits = config.adminLimits
        do {
            if let console = adminConsole {
                adminListener = try loop.listen(host: config.adminHost, port: config.adminPort, limits: adminLimits,
                                                handler: console)
            }
        } catch let error as NetError where error.code == EADDRINUSE {
            throw StartError("admin port \(config.adminPort) is already in use — is another aula serve running?")
        }
        log(.info, "listening", ("students", "\(config.host):\(studentPort)"), ("admin", "\(config.adminHost):\(adminPort)"))
        startBoard()
        startIdentityMaintenance()
        loadTeacherNames()
    }

    public var studentPort: Int { studentListener?.port ?? config.port }
    public var adminPort: Int { adminListener?.port ?? config.adminPort }

    /// Registers a game kind for `create KIND ...` (with its Spanish alias).
    package func registerGame(_ kind: String, alias: String, factory: @escaping GameFactory) {
        gameFactories[kind] = factory
        gameAliases[alias] = kind
    }

    /// Registers a game kind's room commands for the lobby's help.
    package func registerRoomHelp(_ kind: String, _ entries: [HelpEntry]) {
        roomHelp.removeAll { $0.kind == kind }
        roomHelp.append((kind, entries))
    }

    // MARK: ConnectionHandler

    public func connectionOpened(_ connection: Connection) {
        let client = Client(connection: connection, language: config.language)
        connection.userData = client
        clients[connection.id] = client
        if shuttingDown {
            client.send(ShutdownEvent(seconds: 0))
            connection.close()
            return
        }
        if log.level <= .debug { log(.debug, "connect", ("id", connection.id), ("peer", connection.peerAddress)) }
        greet(client)
    }

    public func connection(_ connection: Connection, received line: String) {
        guard let client = connection.userData as? Client else { return }
        client.lastLineWasCleaned = connection.lastLineWasCleaned
        handleLine(line, from: client)
    }

    public func connection(_ connection: Connection, notice: NetNotice) {
        guard let client = connection.userData as? Client else { return }
        switch notice {
        case .lineTooLong:
            client.send(ErrorEvent(code: "line_too_long", String(config.limits.maxLineBytes)))
            client.player?.promptAgain?()
        case .throttled:
            client.send(ErrorEvent(code: "throttled"))
        case .idleWarning:
            client.send(InfoEvent("idle.warning", style: .warn))
        case .idleTimeoutClosing:
            client.send(InfoEvent("idle.closed", style: .warn))
        case .loginTimeoutClosing:
            client.send(ErrorEvent(code: "login_timeout", String(Int(config.limits.loginTimeout))))
        case .displacedClosing:
            client.send(ErrorEvent(code: "too_many_logging_in"))
        case .windowSize(let width, _):
            if width >= Renderer.minWidth {
                client.renderer.width = min(width, Renderer.maxWidth)
                // The terminal's own size: not carried to a later connection.
                client.renderer.widthTyped = false
                client.renderer.widthReported = true
            }
        case .terminalType(let name):
            // TinTin++ splits lines at ";" (docs/clients.md): say once how to keep it.
            if name.uppercased().hasPrefix("TINTIN") {
                client.send(InfoEvent("client.tintin_verbatim"))
                repeatPrompt(client)
            }
        case .screenReader:
            if !client.renderer.reader {
                client.renderer.reader = true
                client.send(InfoEvent("reader.auto"))
                repeatPrompt(client)
            }
        }
    }

    public func connectionClosed(_ connection: Connection, reason: CloseReason) {
        guard let client = clients.removeValue(forKey: connection.id) else { return }
        connection.userData = nil
        // Checked first: describing the reason goes through reflection, ~2 % of the loop per close (issue 20).
        if log.level <= .debug { log(.debug, "disconnect", ("id", connection.id), ("reason", "\(reason)")) }
        guard let player = client.player, player.client === client else { return }
        player.client = nil
        player.readingWhenDropped = client.renderer
        if case .closing = client.stage {
            // `quit`: already taken out of rooms and the player list.
            return
        }
        playerLostConnection(player)
    }

    public func refusalMessage(_ refusal: AdmissionRefusal) -> String {
        var renderer = Renderer(language: config.language)
        renderer.color = false
        switch refusal {
        case .serverFull: return renderer.render(ErrorEvent(code: "server_full"))
        case .tooManyFromAddress: return renderer.render(ErrorEvent(code: "too_many_connections"))
        case .addressFull: return renderer.render(ErrorEvent(code: "address_full", String(config.limits.maxPerAddress)))
        case .tooManyLoggingIn: return renderer.render(ErrorEvent(code: "too_many_logging_in"))
        }
    }

    // MARK: Input

    func handleLine(_ line: String, from client: Client) {
        switch client.stage {
        case .name, .classCode, .pin:
            loginLine(line, from: client)
        case .checking:
            holdLine(line, client)
        case .closing:
            break
        case .playing:
            if client.answersOwed > 0 {
                holdLine(line, client)
                return
            }
            guard let player = client.player else { return }
            if let intercept = player.lineInterceptor {
                if intercept(line) { return }
                dispatch(line, from: player)
                player.promptAgain?()
                return
            }
            dispatch(line, from: player)
        }
    }

    /// A line typed while the database answers: kept (at most 32: at 20 lines a
    /// second, more than a second and a half of typing), the rest refused aloud.
    private func holdLine(_ line: String, _ client: Client) {
        guard client.heldLines.count < Self.heldLinesCap else {
            // Said once per wait, not once per line (a flood must not double as output).
            if !client.heldOverflowTold {
                client.heldOverflowTold = true
                client.send(ErrorEvent(code: "throttled"))
            }
            return
        }
        client.heldLines.append((line, client.lastLineWasCleaned))
    }

    static let heldLinesCap = 32

    /// Replays the lines typed while the login (or a command) waited for the database.
    func replayHeldLines(_ client: Client) {
        while !client.heldLines.isEmpty, client.connection.isOpen {
            if case .checking = client.stage { return }
            if client.answersOwed > 0 { return }
            let (line, cleaned) = client.heldLines.removeFirst()
            client.lastLineWasCleaned = cleaned
            handleLine(line, from: client)
        }
        if client.heldLines.isEmpty { client.heldOverflowTold = false }
    }

    // MARK: Players

    // `playerKey`: Session/Server+NameClash.swift.

    /// Players connected right now, in a group, in name order.
    package func onlinePlayers(in group: GroupRef) -> [Player] {
        players.values.filter { $0.group == group && $0.isConnected }.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// Everyone in the lobby (in no room) of a group, connected.
    package func lobbyPlayers(in group: GroupRef) -> [Player] {
        players.values.filter { $0.group == group && $0.room == nil && $0.isConnected }
    }

    /// A dropped connection: keep the player's place for the reconnect grace.
    func playerLostConnection(_ player: Player) {
        if let room = player.room {
            announceDropped(room, player)
            room.game.playerDisconnected(player)
        }
        // The player is held strongly (a weak reference would slow every retain
        // of every Player); the timer is cancelled when they come back.
        hold(player)
        player.graceTimer = loop.schedule(after: config.reconnectGrace) { [weak self, player] in
            guard let self, !player.isConnected else { return }
            player.graceTimer = nil
            self.forget(player)
        }
    }

    /// The player is gone for good: out of their room and the player list.
    /// `recordsDeleted`: the console's `forget` deleted the student (a kick also
    /// lets a held place go, but the student and their points stay).
    package func forget(_ player: Player, recordsDeleted: Bool = false) {
        if let timer = player.graceTimer { loop.cancel(timer); player.graceTimer = nil }
        stopHolding(player)
        let room = player.room
        if room != nil { leaveRoom(player, reason: nil) }
        let key = playerKey(player.group, player.name)
        if players[key] === player {
            players.removeValue(forKey: key)
            unindexStrokes(of: player, key: key)
        }
        // Deleted: nothing running shows them any more (a round's end kept their
        // points under their name, a challenge's leaderboard their row: a re-play).
        guard recordsDeleted else { return }
        room?.game.playerForgotten(player.name)
        classChallenges?.studentForgotten(player)
    }

    /// The number of open student connections (for tests and the admin console).
    public var connectionCount: Int { clients.count }
}

/// A class period a teacher opened: its group and join code.
public struct ClassSession: Sendable {
    public let id: Int64
    public let group: GroupRef
    public let joinCode: String
    public var locked: Bool
    package init(id: Int64, group: GroupRef, joinCode: String, locked: Bool) {
        self.id = id; self.group = group; self.joinCode = joinCode; self.locked = locked
    }
}
