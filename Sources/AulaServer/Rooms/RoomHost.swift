import AulaGames
import AulaNet
import AulaStore

/// The narrow port a game room (hangman, race, quiz, level) may use of the server: the loop's
/// clock and timers, the content, the store through the one checked hop, saving rounds, the
/// class session's id, its own room's exits, a word to the teachers. Players and rooms are
/// reached through `Player.send` and `Room.broadcast`. Games get this and nothing else (their
/// factories and `GameCall` too), so a game cannot reach into sessions, listeners or the console;
/// `Server` is the one implementation (Rooms/Server+RoomHost.swift). Loop thread only.
package protocol RoomHost: AnyObject {
    /// The loop: `now`, `schedule`, `cancel` (room timers).
    var loop: EventLoop { get }
    /// Wall-clock seconds for what is stored (rounds).
    var wallClock: () -> Double { get }
    /// Levels, quiz decks and word decks as loaded.
    var content: ContentLibrary { get }
    /// Fire-and-forget writes (a kept program, an attempt): nothing comes back to the loop.
    var store: Store { get }
    /// The class session a teacher opened, if any (rounds are filed under it).
    var classSession: ClassSession? { get }
    /// The operator's log (a `Sendable` value: store-thread callbacks may capture it).
    var log: Log { get }

    /// Reads on the store thread; `then` runs on the loop (Loop/Server+Hop.swift).
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T,
                           then: @escaping (Result<T, StoreError>) -> Void)
    /// Writes on the store thread; `then` runs on the loop once committed (or failed).
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T,
                            then: @escaping (Result<T, StoreError>) -> Void)
    /// A deck's words for a new hangman round (cached); `then` runs on the loop.
    func withWordBank(_ deckID: String, then: @escaping ([WordEntry]?, StoreError?) -> Void)
    /// Saves a hangman round with one score per seat; `done` runs on the loop.
    func saveHangmanRound(_ record: RoundRecord, seats: [Seat], done: @escaping (Result<Int64, StoreError>) -> Void)

    /// Takes a player out of their room (the room closes when empty).
    func leaveRoom(_ player: Player, reason: Phrase?)
    /// The same, for a player who goes straight into another room (no lobby prompt).
    func leaveRoom(_ player: Player, reason: Phrase?, movingOn: Bool)
    /// Closes a room: everyone in it back to the lobby.
    func closeRoom(_ room: Room)
    /// The same, with what its members read after "You left room X.".
    func closeRoom(_ room: Room, reason: Phrase)
    /// `lang` typed inside a room.
    func setLanguage(_ player: Player, _ word: String?)
    /// Tells every teacher at the console (a solve, an attempt, a challenge's board).
    func tellTeachers(_ event: Event)
    /// Notes what a player did last (the teacher's roster on the board).
    func noteActivity(_ kind: PlayerActivity.Kind, of player: Player)
    /// Marks an answer owed to the player (a judge job): their next lines wait
    /// until the returned closure is called on the loop (Loop/Server+Hop.swift).
    func owesAnswer(_ player: Player) -> () -> Void
    /// Why a team name may not be shown to the class, or nil (Session/ShownNames.swift).
    func teamNameRefusal(_ raw: String) -> Refusal?
}
