import AulaServer
import AulaGames
import AulaStore
import AulaNet

/// A hangman room in race mode (`create hangman race [difficulty] [deck]`,
/// SPEC §12): the shell around the pure `HangmanRace`. Everyone guesses the
/// same word at once; each player sees their own `hangman.state`, the room
/// sees `hangman.race` (letters found and lives, never the letters), and the
/// room clock (120 s) ends the round as `time_up`. Saved and printed like a
/// turn-mode round. Owned by the loop thread (not `Sendable`, checked).
public final class HangmanRaceGame: RoomGame, HangmanRoundKeeper {
    public let kind = "hangman"
    /// No turns to wait for: a whole class fits.
    public let maxPlayers = 40
    public var commands: CommandTable<GameCall> { HangmanRaceCommands.table }

    var settings: HangmanSettings
    var race: HangmanRace?
    weak var server: (any RoomHost)?
    weak var room: Room?
    var random: SeededRandom
    let loop: EventLoop
    /// The server's log (a value: it outlives a server that is gone).
    let log: Log
    private var clock: Alarm?
    var loading = false
    /// The finished race is being saved; its `round.end` is not printed yet.
    var saving = false
    var closed = false
    var hintShown = false
    var roundPlayers: [String: Player] = [:]
    var roundStartedAt: Double = 0
    var recentWords: [String] = []
    var totals: [(name: String, points: Int)] = []
    var forgottenNames: Set<String> = []

    init(server: any RoomHost, settings: HangmanSettings, random: SeededRandom) {
        self.server = server
        self.loop = server.loop
        self.log = server.log
        self.settings = settings
        self.random = random
        clock = Alarm(loop: server.loop) { [unowned self] in self.clockRanOut() }
    }

    public var isPlaying: Bool { loading || (race.map { !$0.isOver } ?? false) }
    public var isTeacherPaused: Bool { race.map { !$0.isOver && $0.isPaused } ?? false }
    /// The race being run, its standings as the board shows them (nothing once it is over).
    public var boardView: [Event] {
        guard let room, let race, !race.isOver else { return [] }
        return [raceEvent(race, room: room.id)]
    }

    public var about: Phrase {
        Phrase("hangman.race.about", [Phrase.entry(settings.difficulty.phraseKey), settings.deckID,
                                      String(Int(HangmanRace.defaultSeconds))])
    }

    public func attach(to room: Room) {
        self.room = room
        room.host.send(InfoEvent(phrases: [about, Phrase("hangman.race.how"), room.waitingPhrase(for: room.host)]))
    }

    public func playerJoined(_ player: Player, spectator: Bool) {
        if let race, !race.isOver, let room {
            player.send(raceEvent(race, room: room.id))
        } else if let room {
            player.send(InfoEvent(phrases: [about, room.waitingPhrase(for: player)]))
        }
    }

    public func playerLeft(_ player: Player) {
        guard let race, !race.isOver, race.racer(player.name)?.left == false else { return }
        act(.leave(player.name), by: nil)
    }

    public func playerForgotten(_ name: String) { forgetPlayer(name) }

    public func playerReconnected(_ player: Player) {
        guard let room else { return }
        guard let race, !race.isOver else {
            // Between races: who starts the next one (session 12: nothing came).
            player.send(InfoEvent(phrases: [about, race == nil ? room.waitingPhrase(for: player) : room.nextRoundPhrase(for: player)]))
            return
        }
        player.send(raceEvent(race, room: room.id))
        if race.racer(player.name) != nil { player.send(stateEvent(race, for: player.name)) }
    }

    public func bareInput(_ line: String, from player: Player) -> Bool {
        let text = HangmanLetters.trimmed(line)
        guard let race, !race.isOver, race.racer(player.name) != nil,
              !text.isEmpty, text.allSatisfy(HangmanLetters.isLetter) else { return false }
        act(.guess(player.name, text), by: player)
        return true
    }

    public func roomClosed() {
        closed = true
        clock?.stop()
    }

    // MARK: Lesson controls

    public func pause() -> Bool {
        guard !closed, race?.pause(now: loop.now) == true else { return false }
        clock?.stop()
        return true
    }

    public func resume() -> Bool {
        guard !closed, race?.resume(now: loop.now) == true else { return false }
        armClock()
        return true
    }

    public func skip() -> Bool {
        guard !closed, let events = race?.skip(), !events.isEmpty else { return false }
        announce(events, actor: nil)
        return true
    }

    /// The room closes mid-race (`room close`, the server stopping): saved as `skip` saves it.
    public func endBeforeClosing() -> Bool { skip() }

    public func extend(by seconds: Double) -> Bool {
        guard !closed, race?.extend(by: seconds) == true else { return false }
        armClock()
        return true
    }

    public var lessonSecondsLeft: Double? { race?.secondsLeft(now: loop.now) }
    /// The race's end says "Your teacher ended the round." (session 11).
    public var skipSaysWho: Bool { true }

    // MARK: Playing

    func act(_ action: HangmanAction, by player: Player?) {
        guard let outcome = race?.apply(action, now: loop.now) else {
            player?.refuse(Refusal(code: loading ? "round_starting" : "no_round"))
            return
        }
        switch outcome {
        case .failure(let refusal): player?.refuse(refusal)
        case .success(let events): announce(events, actor: action.player)
        }
    }

    /// The actor sees what happened to them and their own state; the room
    /// sees only the progress lines (nobody's letters).
    func announce(_ events: [HangmanEvent], actor: String?) {
        guard let room, let race else { return }
        var own: [Event] = []
        // Each line of news with whom it is about: they read it in the second person.
        var news: [(phrase: Phrase, about: String?)] = []
        var finished: HangmanResult?
        for event in events {
            switch event {
            case .guessed(let name, let letter, let hit, let revealed):
                own.append(HangmanGuessEvent(room: room.id, player: name, guess: String(letter), hit: hit,
                                             revealed: revealed, phrase: event.phrase))
            case .solveTried(let name, let text, let correct, let revealed):
                own.append(HangmanGuessEvent(room: room.id, player: name, guess: text, hit: correct,
                                             revealed: revealed, phrase: event.phrase))
            case .roundOver(let result): finished = result
            case .playerLeft(let name): news.append((event.phrase, name))
            case .playerOut(let name): news.append((event.phrase, name))
            case .wordCompleted(let name, _): news.append((Phrase("hangman.race.completed", [name]), name))
            default: own.append(InfoEvent(phrases: [event.phrase]))
            }
        }
        let actorPlayer = actor.flatMap { name in room.members.first { $0.name == name } }
        // News about the actor ("You completed the word!") comes before their state's
        // "You are done: wait for the others" (session 11: it came after).
        let aboutActor = actorPlayer.map { p in news.contains { $0.about == p.name } } ?? false
        if let actor, let player = actorPlayer {
            for e in own { player.send(e) }
            if aboutActor {
                player.send(InfoEvent(phrases: news.map { $0.about == player.name && $0.phrase.key == "hangman.race.completed"
                    ? Phrase("hangman.race.completed.you") : $0.phrase }))
            }
            if finished == nil {
                var state = stateEvent(race, for: actor)
                state.afterGuess = true
                player.send(state)
            }
        }
        if !news.isEmpty {
            if aboutActor, let actorPlayer {
                room.broadcast(InfoEvent(phrases: news.map(\.phrase)), except: actorPlayer)
            } else {
                room.broadcast(InfoEvent(phrases: news.map(\.phrase)))
            }
        }
        // A screen reader hears the standings at milestones only (someone done,
        // out or gone; the end), not after every classmate's letter (a play test:
        // a class of 25 never stopped talking); `state` reads them on request.
        var standings = raceEvent(race, room: room.id)
        standings.quietForReaders = news.isEmpty && finished == nil
        room.broadcast(standings)
        if let finished { finish(finished) }
    }

    func raceEvent(_ race: HangmanRace, room: String) -> HangmanRaceEvent {
        HangmanRaceEvent(room: room, letterCount: race.letterCount, maxLives: race.maxLives,
                         secondsLeft: race.secondsLeft(now: loop.now).map { Int($0.rounded(.up)) },
                         // The final standings keep those who completed the word and then
                         // left: they are in the round's points right below (a sweep).
                         players: race.racers.filter { !$0.left || (race.isOver && $0.completed) }.map {
                             .init(name: $0.name, found: race.found(by: $0.name), lives: $0.lives, done: $0.done)
                         })
    }

    /// One racer's own state: their mask, letters and gallows, the room clock.
    func stateEvent(_ race: HangmanRace, for name: String) -> HangmanStateEvent {
        let me = race.racer(name)
        var view = HangmanView(mask: race.mask(for: name), letterCount: race.letterCount, maxLives: race.maxLives,
                               lives: me.map { [HangmanView.Lives(name: $0.name, lives: $0.lives, misses: $0.misses.count)] } ?? [],
                               turn: nil, tried: me?.tried ?? [],
                               misses: me?.misses ?? [], hint: hintShown ? race.word.hint : nil)
        view.turnSecondsLeft = race.secondsLeft(now: loop.now).map { Int($0.rounded(.up)) }
        view.lastMissBy = name   // always your own gallows
        view.race = true
        view.raceDone = me?.done ?? false
        return HangmanStateEvent(room: room?.id ?? "", view: view, viewer: name)
    }

    func armClock() {
        guard let deadline = race?.deadline else { clock?.stop(); return }
        clock?.set(at: deadline + 0.005)
    }

    private func clockRanOut() {
        guard !closed, var race, !race.isOver else { return }
        let events = race.tick(now: loop.now)
        self.race = race
        if events.isEmpty { armClock() } else { announce(events, actor: nil) }
    }
}

private extension HangmanAction {
    var player: String {
        switch self {
        case .guess(let p, _), .solve(let p, _), .timeout(let p), .leave(let p): return p
        }
    }
}
