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

    /// The word is complete or nobody has lives: save the round, and print
    /// `round.end` only once the database confirms it (SPEC §8), or after
    /// `saveWait` with a warning when the disk does not answer.
    func finish(_ result: HangmanResult) {
        cancelTurnTimer()
        guard let server, let room, let round else { return }
        saving = true
        for score in result.scores {
            if let index = totals.firstIndex(where: { $0.name == score.name }) {
                totals[index].points += score.points
            } else {
                totals.append((score.name, score.points))
            }
        }
        let end = HangmanRoundEndEvent(room: room.id, result: result, totals: totals)
        let record = roundRecord(round, result: result, room: room, server: server)
        let seats = round.players.map { p in
            Seat(name: p.name, groupID: roundPlayers[p.name]?.group.id ?? room.host.group.id,
                 studentID: roundPlayers[p.name]?.studentID, points: p.points, outcome: Self.outcome(of: p, in: result))
        }
        let ticket = RoundEndTicket(end: end)
        server.saveHangmanRound(record, seats: seats) { [self] saved in tell(ticket, saved) }
        _ = server.loop.schedule(after: Self.saveWait) { [self] in tell(ticket, nil) }
    }

    /// The first of "the store confirmed" and "we waited long enough" prints the end.
    private func tell(_ ticket: RoundEndTicket, _ saved: Result<Int64, StoreError>?) {
        guard !ticket.told else {
            if case .success(let id)? = saved { log(.info, "hangman.round_saved_late", ("room", ticket.end.room), ("round", id)) }
            return
        }
        ticket.told = true
        saving = false
        roundSaved(ticket.end, saved)
    }

    /// Prints the end of the round: a warning first when it is not saved (nil: not yet).
    private func roundSaved(_ end: HangmanRoundEndEvent, _ saved: Result<Int64, StoreError>?) {
        guard let room else { return }
        switch saved {
        case .success(let id):
            log(.info, "hangman.round_saved", ("room", room.id), ("round", id))
        case .failure(let error):
            log(.error, "hangman.round_not_saved", ("room", room.id), ("error", error.description))
            room.broadcast(InfoEvent("hangman.not_saved", style: .bad))
        case nil:
            log(.warn, "hangman.round_save_waiting", ("room", room.id))
            room.broadcast(InfoEvent("hangman.not_saved_yet", style: .warn))
        }
        room.broadcast(end)
        room.broadcast(InfoEvent("hangman.next_round", room.host.name))
    }

    private func roundRecord(_ round: HangmanRound, result: HangmanResult, room: Room, server: any RoomHost) -> RoundRecord {
        let detail = JSON.object([
            ("word", .string(result.word)), ("difficulty", .string(round.difficulty.rawValue)),
            ("outcome", .string(result.outcome.rawValue)),
            ("completed_by", result.completedBy.map { .string($0) } ?? .null),
            ("players", .int(round.players.count)),
        ]).serialized
        let group = room.host.group
        let session = server.classSession.flatMap { $0.group == group ? $0.id : nil }
        let now = server.wallClock()
        return RoundRecord(sessionID: session, groupID: group.id, game: .hangman, room: room.id,
                           subject: settings.deckID, detail: detail, startedAt: roundStartedAt,
                           endedAt: max(now, roundStartedAt), scores: [])
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

/// Whether a round's end was printed yet (by the store's answer or the wait).
final class RoundEndTicket {
    let end: HangmanRoundEndEvent
    var told = false
    init(end: HangmanRoundEndEvent) { self.end = end }
}
