import AulaNet

/// One open connection and how it wants to be spoken to. A client becomes a
/// `Player` after login; if the connection drops, the player outlives it for
/// the reconnect grace and a new client can take it back.
public final class Client {
    /// Where in the login conversation this connection is.
    package enum Stage {
        case name
        case classCode(name: String)
        case pin(name: String, group: GroupRef)
        case checking            // waiting for the database (PIN check, student row)
        case playing
        case closing
    }

    package let connection: Connection
    package var renderer: Renderer
    package var stage: Stage = .name {
        // Playing means logged in: the network's login deadline and pre-login cap let go.
        didSet { if case .playing = stage { connection.markLoggedIn() } }
    }
    /// True when the line being handled had control characters, escapes or
    /// invalid bytes removed — a name typed like that is refused, not cleaned.
    /// Declared right after `stage` on purpose: it fills the byte after the
    /// stage's tag, and the object stays in a 112-byte block (issue 20).
    var lastLineWasCleaned = false
    /// What this connection chose at a login prompt (`lang`, `reader`, `color`):
    /// kept over what a returning student chose before (Renderer+Returning.swift).
    /// One byte, in the padding after the flag above.
    var chosenBeforeLogin: ReadingChoices = []
    /// A teacher's console connection: it reads at its own width from the
    /// first line (the students' 40 columns before login are not for it).
    /// One byte, in the same padding.
    package var isConsole = false
    var player: Player?
    /// Lines typed while the database answers a login question (a student who
    /// types ahead must not lose them); replayed in order afterwards.
    var heldLines: [(line: String, cleaned: Bool)] = []
    /// Answers the database still owes this connection's commands (`me`, `top`,
    /// `levels`, `play`…): while any is owed, the next lines are held and run in
    /// order once it is sent (session 10: a bot's `play w1-01` then `code` ran
    /// `code` in the lobby, before the level had opened).
    var answersOwed = 0
    /// The held lines overflowed and the student was told (once per wait).
    var heldOverflowTold = false

    package init(connection: Connection, language: Language) {
        self.connection = connection
        self.renderer = Renderer(language: language)
    }

    public var id: UInt64 { connection.id }

    /// How to render now: before login, at most 40 columns while no width is known (`Renderer.beforeLogin`).
    var reading: Renderer {
        if isConsole { return renderer }
        if case .playing = stage { return renderer }
        return renderer.beforeLogin
    }

    /// Renders and queues one event in this connection's mode.
    public func send(_ event: Event) {
        guard connection.isOpen else { return }
        let bytes = reading.renderBytes(event)
        if !bytes.isEmpty { connection.send(bytes: bytes) }
    }
}
