import AulaServer
import AulaGames
import AulaStore

/// What both ways of playing hangman (turns and race) keep about the round
/// that just ended: one implementation of its end, so a failed save is
/// treated alike in both.
protocol HangmanRoundKeeper: AnyObject {
    var settings: HangmanSettings { get }
    var room: Room? { get }
    /// The round's players by name (they keep their points when they leave).
    var roundPlayers: [String: Player] { get }
    var roundStartedAt: Double { get }
    /// The room's running totals across rounds, in order of first appearance.
    var totals: [(name: String, points: Int)] { get set }
    /// From the rules' end of the round until its `round.end` is printed:
    /// no new round starts meanwhile (its end would follow the new start).
    var saving: Bool { get set }
    var log: Log { get }
    /// Players `forget` deleted while the round ran: left out of what is shown.
    var forgottenNames: Set<String> { get set }
}

extension HangmanRoundKeeper {
    /// `RoomGame.playerForgotten`, for both ways of playing.
    func forgetPlayer(_ name: String) {
        forgottenNames.insert(name)
        totals.removeAll { $0.name == name }
    }
}

/// One seat of a finished round: who, their points, and how it ended for them.
struct HangmanSeat {
    let name: String
    let points: Int
    let outcome: Outcome
}

/// Whether a round's end was printed yet (by the store's answer or the wait).
final class RoundEndTicket {
    let end: HangmanRoundEndEvent
    var told = false
    init(end: HangmanRoundEndEvent) { self.end = end }
}

extension HangmanRoundKeeper {
    /// The round is over: the totals grow, the round is saved with one score
    /// per seat, and `round.end` is printed only once the database confirms it
    /// (SPEC §8), or after `HangmanGame.saveWait` with a warning when the disk
    /// does not answer (a full disk must not freeze the room; the write keeps
    /// retrying). `mode` is stored in the round's detail ("race"; nil for turns).
    func saveAndTellEnd(_ result: HangmanResult, difficulty: HangmanDifficulty, mode: String?,
                        seats: [HangmanSeat], server: any RoomHost) {
        guard let room else { return }
        saving = true
        // A player forgotten during the round is not shown (their row is gone from the database too).
        var result = result
        if !forgottenNames.isEmpty {
            var shown = HangmanResult(outcome: result.outcome, word: result.word, hint: result.hint,
                                      completedBy: result.completedBy.map { forgottenNames.contains($0) ? Database.forgottenName : $0 },
                                      scores: result.scores.filter { !forgottenNames.contains($0.name) })
            shown.someOutOfLives = result.someOutOfLives
            result = shown
        }
        for score in result.scores {
            if let index = totals.firstIndex(where: { $0.name == score.name }) {
                totals[index].points += score.points
            } else {
                totals.append((score.name, score.points))
            }
        }
        let end = HangmanRoundEndEvent(room: room.id, result: result, totals: totals)
        var detail: [(String, JSON)] = [
            ("word", .string(result.word)), ("difficulty", .string(difficulty.rawValue)),
            ("outcome", .string(result.outcome.rawValue)),
        ]
        if let mode { detail.append(("mode", .string(mode))) }
        detail.append(("completed_by", result.completedBy.map { .string($0) } ?? .null))
        detail.append(("players", .int(seats.count)))
        let group = room.host.group
        let session = server.classSession.flatMap { $0.group == group ? $0.id : nil }
        let record = RoundRecord(sessionID: session, groupID: group.id, game: .hangman, room: room.id,
                                 subject: settings.deckID, detail: JSON.object(detail).serialized,
                                 startedAt: roundStartedAt, endedAt: max(server.wallClock(), roundStartedAt),
                                 scores: [])
        let rows = seats.map { seat in
            Seat(name: seat.name, groupID: roundPlayers[seat.name]?.group.id ?? group.id,
                 studentID: roundPlayers[seat.name]?.studentID, points: seat.points, outcome: seat.outcome)
        }
        let ticket = RoundEndTicket(end: end)
        // Strong captures (the game is held until the answer or the wait, seconds
        // at most): a weak one gives the game a side table, which slows every retain of it.
        server.saveHangmanRound(record, seats: rows) { [self] saved in tell(ticket, saved) }
        _ = server.loop.schedule(after: HangmanGame.saveWait) { [self] in tell(ticket, nil) }
    }

    /// The first of "the store answered" and "we waited long enough" prints the end.
    private func tell(_ ticket: RoundEndTicket, _ saved: Result<Int64, StoreError>?) {
        guard !ticket.told else {
            switch saved {
            case .success(let id)?: log(.info, "hangman.round_saved_late", ("room", ticket.end.room), ("round", id))
            case .failure(let error)?:
                log(.error, "hangman.round_not_saved", ("room", ticket.end.room), ("error", error.description))
            case nil: break
            }
            return
        }
        ticket.told = true
        saving = false
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
        // Benched for missed turns, or joined while the round ran: they play
        // the next round, and `rooms` lists them as players from now on.
        room.promoteSpectatorsToPlayers()
        room.broadcast(ticket.end)
        room.tellNextRound()
    }
}
