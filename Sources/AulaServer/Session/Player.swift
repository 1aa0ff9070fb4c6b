import AulaNet
import AulaGames

/// A logged-in student: a name in a group, maybe in a room. Survives a dropped
/// connection for the reconnect grace, keeping their room, place and score.
public final class Player {
    public let name: String
    public let group: GroupRef
    /// The student's row in the database: resolved before the welcome (issue 18),
    /// so it is there for the whole session. A teacher's quiz stand-in has
    /// `Player.standInID`, which no row has (SQLite row ids start at 1).
    public let studentID: Int64
    // Who is online and where is cached for `who` (Limits/Listings.swift): a change says so.
    public package(set) var room: Room? { didSet { RosterChanges.bump() } }
    package var client: Client? { didSet { RosterChanges.bump() } }
    public package(set) var muted = false
    /// Logged in (or back) with their PIN: a mute or kick of their address does
    /// not reach them, and the PIN may take their place over from another connection.
    package var hasPIN = false
    /// The time multiplier a teacher gave this student (nil: none; 0: untimed).
    public package(set) var timeMultiplier: Double?
    var graceTimer: TimerID?
    /// How the dropped connection read (language, reader mode, colour): given
    /// back to the connection that takes the place again (Renderer+Returning.swift).
    var readingWhenDropped: Renderer?
    /// The room that closed while this player's connection was down: said on
    /// the way back (session 10: "You have your place again" and then the lobby).
    var roomClosedWhileAway: (room: String, reason: Phrase)?
    /// What the class was shown while this player's connection was down and is
    /// theirs to read on the way back: a challenge's final leaderboard (a student
    /// away at its end never saw it). The last two only.
    var missedWhileAway: [Event] = []
    /// What they last did and when, for the teacher's page (PlayerActivity.swift).
    var lastActivity: PlayerActivity?
    /// The address of the player's latest connection: within the reconnect
    /// grace, a name without a PIN is given back only to the same address.
    package var peerAddress: String
    /// Someone (the code editor) may take every line this player types.
    /// While it does, pasting a whole program at once is allowed: the flood
    /// limit rises tenfold (still bounded) for this connection.
    public var lineInterceptor: ((String) -> Bool)? {
        didSet {
            applyPasteAllowance(lingering: true)
            if lineInterceptor == nil { promptAgain = nil }
        }
    }
    /// Asks the interceptor's next line again (the editor's `code_line` prompt)
    /// after a line it let through (`mode json`) or one the connection refused
    /// (`line_too_long`): a bot waiting for the prompt waited for ever (session 10).
    public var promptAgain: (() -> Void)?

    static let pastedLinesPerSecond = 200

    /// `lingering`: the editor just closed — the rest of a pasted program's second
    /// (`.`, `run`, `time`) still goes in; otherwise the ordinary limit is back at once
    /// (a flooder must not keep 200 lines a second by typing `me` each second).
    func applyPasteAllowance(lingering: Bool = false) {
        guard let connection = client?.connection else { return }
        if lineInterceptor != nil || (client?.answersOwed ?? 0) > 0 {
            connection.linesPerSecondOverride = Player.pastedLinesPerSecond
        } else if lingering {
            connection.endLinesPerSecondOverrideAfterThisSecond()
        } else {
            connection.linesPerSecondOverride = nil
        }
    }

    package static let standInID: Int64 = 0

    package init(name: String, group: GroupRef, studentID: Int64, client: Client) {
        self.name = name
        self.group = group
        self.studentID = studentID
        self.client = client
        key = NameRules.key(name)
        self.peerAddress = client.connection.peerAddress
    }

    /// The look-alike key of the name (`NameRules.key`), computed once: the
    /// console compares it against every player.
    public let key: String
    public var isConnected: Bool { client?.connection.isOpen ?? false }
    public var language: Language { client?.renderer.language ?? .en }
    public var isReader: Bool { client?.renderer.reader ?? false }
    public var wantsJSON: Bool { client?.renderer.mode == .json }

    /// Sends an event to this player, if they are connected right now.
    public func send(_ event: Event) {
        client?.send(event)
    }

    /// Sends it now, or keeps it for the reconnect (`missedWhileAway`) when the
    /// connection is down: for what the player must not miss, like a final leaderboard.
    public func sendOrKeepForReturn(_ event: Event) {
        if isConnected {
            send(event)
            return
        }
        missedWhileAway.append(event)
        if missedWhileAway.count > 2 { missedWhileAway.removeFirst() }
    }

    public func refuse(_ refusal: Refusal) {
        send(ErrorEvent(refusal))
    }
}

/// The group a player belongs to (`open` when no class session is running).
public struct GroupRef: Sendable, Equatable {
    public let id: Int64
    public let name: String
    package init(id: Int64, name: String) { self.id = id; self.name = name }
    public var key: String { name.lowercased() }
}
