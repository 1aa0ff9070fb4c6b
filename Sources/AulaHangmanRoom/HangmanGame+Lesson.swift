import AulaServer
import AulaGames

/// A teacher's lesson controls in a hangman room (SPEC §12): the turn clock
/// is the round's (`HangmanRound.turnClock`); the alarm follows it.
extension HangmanGame {
    /// Stops the turn clock: no timeout, guesses and solves refused with `paused`.
    public func pause() -> Bool {
        guard !closed, round?.pause(now: loop.now) == true else { return false }
        cancelTurnTimer()
        return true
    }

    /// The turn goes on with the time it had left.
    public func resume() -> Bool {
        guard !closed, round?.resume(now: loop.now) == true else { return false }
        restartTurnTimer()
        return true
    }

    /// Ends the round: the word is shown, the round saved with outcome
    /// `skipped` (points so far kept) and the room's leaderboard printed.
    public func skip() -> Bool {
        guard !closed, let events = round?.skip(now: loop.now), !events.isEmpty else { return false }
        announce(events)
        return true
    }

    /// The room closes mid-round (`room close`, the server stopping): the round
    /// ends as `skip` ends it, saved with outcome `skipped` and the points kept.
    public func endBeforeClosing() -> Bool { skip() }

    /// More time for the current turn (the next turn has the room's full time again).
    public func extend(by seconds: Double) -> Bool {
        guard !closed, round?.extendTurn(by: seconds) == true else { return false }
        restartTurnTimer()
        return true
    }

    /// `extend` gives the time to whoever's turn it is (the next turn has the full time again).
    public var extendedPlayer: String? { round?.isOver == false ? round?.turn : nil }
    public var isTeacherPaused: Bool { round.map { !$0.isOver && $0.isPaused } ?? false }

    /// Nil on an untimed student's turn: it shows no clock (HangmanGame+Accommodation.swift).
    public var lessonSecondsLeft: Double? {
        let length = currentTurnLength()
        guard length?.shown != false else { return nil }
        return round?.turnSecondsLeft(seconds: length?.seconds ?? Double(settings.turnSeconds), now: loop.now)
    }

    /// The round's end says "Your teacher ended the round." (session 11: with
    /// "moved the game on" above it, the room read it twice).
    public var skipSaysWho: Bool { true }

    /// The round being played, as a spectator sees it (its end's leaderboard is not redrawn).
    public var boardView: [Event] {
        guard round?.isOver == false else { return [] }
        return [stateEvent(for: nil)]
    }

    /// Someone arriving (or back) in a paused round is told, so a refused guess makes sense.
    func tellIfPaused(_ player: Player) {
        if let room, round?.isPaused == true, round?.isOver == false { player.send(PausedEvent(room: room.id, secondsLeft: lessonSecondsLeft)) }
    }
}
