import AulaGames

/// A room: a host, players in joining order, spectators, and the game played in it.
public final class Room {
    public let id: String
    public let game: RoomGame
    public internal(set) var host: Player
    public package(set) var players: [Player] = []
    public internal(set) var spectators: [Player] = []
    /// Teachers watching from the admin console get what the room sees.
    package var watchers: [Client] = []
    /// The teacher who runs this room from the console (`quiz host DECK`), or
    /// nil for a student's room. Such a room's `host` is a stand-in that plays
    /// no part and has no connection; the room stays open when empty.
    public package(set) var teacherHost: String?
    package weak var server: Server?
    /// Join and leave notices told to the room (Rooms/RoomNotices.swift).
    var notices = RoomNoticeBudget()

    package init(id: String, game: RoomGame, host: Player, server: Server) {
        self.id = id
        self.game = game
        self.host = host
        self.server = server
    }

    public var kind: String { game.kind }
    public var members: [Player] { players + spectators }
    public func isPlayer(_ p: Player) -> Bool { players.contains { $0 === p } }
    public func isHost(_ p: Player) -> Bool { host === p }

    /// Sends an event to everyone in the room (and to teachers watching it).
    public func broadcast(_ event: Event) {
        var cache = RenderCache()
        for member in players { cache.send(event, to: member.client) }
        for member in spectators { cache.send(event, to: member.client) }
        for watcher in watchers { cache.send(event, to: watcher) }
        server?.board?.observe(room: self, event)
    }

    /// Whether a projector board is listening (Board/): events that are sent
    /// member by member (each with their own clock) are built for it only then.
    package var hasBoard: Bool { server?.board != nil }

    /// An event the board should show that the room's members get one by one
    /// (a quiz question with each player's own seconds, a hangman state with
    /// each viewer's own last line): the board gets the standard one.
    package func showBoard(_ event: Event) {
        server?.board?.observe(room: self, event)
    }

    /// Sends an event to the players and spectators (and the board), not to the
    /// teachers watching: what a teacher's control tells the students ("Your
    /// teacher paused the game") reached the console as well, which has its own
    /// confirmation (session 12).
    package func tellMembers(_ event: Event, except skip: Player? = nil) {
        var cache = RenderCache()
        for member in players where member !== skip { cache.send(event, to: member.client) }
        for member in spectators where member !== skip { cache.send(event, to: member.client) }
        server?.board?.observe(room: self, event)
    }

    /// Sends an event to everyone but one.
    public func broadcast(_ event: Event, except skip: Player) {
        var cache = RenderCache()
        for member in players where member !== skip { cache.send(event, to: member.client) }
        for member in spectators where member !== skip { cache.send(event, to: member.client) }
        for watcher in watchers { cache.send(event, to: watcher) }
        server?.board?.observe(room: self, event)
    }

    /// Moves a spectator to the players (e.g. at the start of the next round).
    public func promoteSpectatorsToPlayers() {
        while players.count < game.maxPlayers, let index = spectators.firstIndex(where: { _ in true }) {
            players.append(spectators.remove(at: index))
        }
    }

    /// Makes a player a spectator (e.g. three timeouts in a row).
    public func makeSpectator(_ p: Player) {
        guard let index = players.firstIndex(where: { $0 === p }) else { return }
        spectators.append(players.remove(at: index))
    }

    func remove(_ p: Player) {
        players.removeAll { $0 === p }
        spectators.removeAll { $0 === p }
    }
}
