import AulaServer
import Foundation
import AulaGames
import AulaStore

/// Starting a round (the deck's words read from the word bank) and ending one
/// (saved to the database, then `round.end` printed to the room).
extension HangmanGame {
    // MARK: Start

    /// `start` (host): spectators who waited become players, the deck's words
    /// are read from the database, and the round begins with the room's players.
    func start(by player: Player) {
        guard let room, let server else { return }
        guard room.isHost(player) else {
            player.refuse(Refusal(code: "not_host", args: [room.host.name]))
            return
        }
        guard !isPlaying, !saving else {
            player.refuse(Refusal(code: "round_in_progress"))
            return
        }
        room.promoteSpectatorsToPlayers()
        guard !room.players.isEmpty else {
            player.refuse(Refusal(code: "no_players"))
            return
        }
        loading = true
        // The words become entries on the store's thread, off the event loop.
        // Strong captures here and below (the game is held until the answer or
        // the timer, seconds at most; `begin` and `tell` check `closed`/`room`):
        // a weak one gives the game a side table, which slows every retain of it.
        server.withWordBank(settings.deckID) { [self, player] words, error in
            begin(with: words.map { .success($0) } ?? .failure(error ?? .closed), startedBy: player)
        }
    }

    private func begin(with words: Result<[WordEntry], StoreError>, startedBy host: Player?) {
        loading = false
        guard !closed, let room, let server else { return }
        let entries: [WordEntry]
        switch words {
        case .success(let found):
            entries = found
        case .failure(let error):
            log(.error, "hangman.words_unreadable", ("room", room.id), ("deck", settings.deckID), ("error", error.description))
            host?.refuse(Refusal(code: "deck_unavailable", args: [settings.deckID]))
            return
        }
        guard let word = WordPicker.pick(from: entries, difficulty: settings.difficulty,
                                         avoiding: Set(recentWords), random: &random) else {
            host?.refuse(Refusal(code: "deck_empty", args: [settings.deckID]))
            return
        }
        // The players are the room's players now (someone may have left while the words were read).
        let players = room.players
        switch HangmanRound.start(word: word, players: players.map(\.name), difficulty: settings.difficulty,
                                  random: &random, now: server.loop.now) {
        case .failure(let refusal):
            host?.refuse(refusal)
        case .success(let started):
            round = started.round
            fixedTurn = nil  // the first turn's length is read afresh (HangmanGame+Accommodation.swift)
            hintShown = false
            roundStartedAt = server.wallClock()
            roundPlayers = Dictionary(players.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            recentWords.append(word.key)
            if recentWords.count > Self.recentWordsKept { recentWords.removeFirst() }
            log(.info, "hangman.round_started", ("room", room.id), ("deck", settings.deckID),
                ("players", players.count))
            announce(started.events)
        }
    }

    // MARK: End

    /// The word is complete or nobody has lives: the round is saved and its
    /// end printed (HangmanRoundEnd.swift, shared with the race).
    func finish(_ result: HangmanResult) {
        cancelTurnTimer()
        guard let server, let round else { return }
        let seats = round.players.map { HangmanSeat(name: $0.name, points: $0.points, outcome: Self.outcome(of: $0, in: result)) }
        saveAndTellEnd(result, difficulty: round.difficulty, mode: nil, seats: seats, server: server)
    }

    /// A player's outcome as stored: `solved` (completed the word), `played`
    /// (still in when someone else completed it), `lost` (still in when
    /// nobody had lives), `out` (no lives left), `spectator` (three timeouts),
    /// `left` (left the room), `skipped` (still in when a teacher ended the round).
    static func outcome(of player: HangmanPlayer, in result: HangmanResult) -> Outcome {
        switch player.status {
        case .out: return .out
        case .spectator: return .spectator
        case .left: return .left
        case .playing:
            if result.completedBy == player.name { return .solved }
            switch result.outcome {
            case .solved: return .played
            case .noLives, .everyoneBenched: return .lost
            case .skipped: return .skipped
            case .timeUp: return .timeUp
            }
        }
    }
}
