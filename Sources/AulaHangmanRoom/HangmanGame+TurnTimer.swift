import AulaServer
import AulaGames

/// The turn clock of a hangman room: its alarm follows the round's turn (the
/// room's time × the player's accommodation, HangmanGame+Accommodation.swift),
/// warns at 10 seconds and passes the turn when it rings.
extension HangmanGame {
    /// (Re)starts the clock of the current turn: a new turn, or a hit that
    /// keeps it. A disconnected player's turn passes when it runs out too.
    func restartTurnTimer() {
        // No deadline while a teacher has paused the round. (Read in place:
        // `guard let round` would copy the round on every guess.)
        let length = currentTurnLength()  // the room's time × the player's accommodation
        let seconds = length?.seconds ?? Double(settings.turnSeconds)
        guard let deadline = Self.inPlace(&round, { $0?.turnDeadline(seconds: seconds) }) else {
            turnClock?.stop()
            warnClock?.stop()
            return
        }
        turnClock?.set(at: deadline)
        // A turn shorter than the warning gets none, nor does an untimed student's.
        if length?.shown != false, deadline - Self.turnWarningAt > loop.now {
            warnClock?.set(at: deadline - Self.turnWarningAt)
        } else {
            warnClock?.stop()
        }
    }

    func cancelTurnTimer() {
        turnClock?.stop()
        warnClock?.stop()
    }

    /// 10 seconds left: the player is told (`timer {room, seconds_left}`), the
    /// room too ("10 seconds, Sofía!").
    func warnTurn() {
        guard !closed, let room, let round, !round.isOver, !round.isPaused, let name = round.turn else { return }
        let seconds = Int(Self.turnWarningAt)
        let own = HangmanTimerEvent(room: room.id, secondsLeft: seconds)
        let others = InfoEvent("hangman.turn_warning", String(seconds), name, style: .warn)
        for member in room.members { member.send(member.name == name ? own as Event : others) }
        for watcher in room.watchers { watcher.send(others) }
    }

    /// The clock rang: the turn of whoever holds it now has run out (a hit
    /// or a new turn moved the clock, so it never rings for an old turn).
    func turnRanOut() {
        guard !closed, let round, !round.isOver, let name = round.turn else { return }
        act(.timeout(name), by: nil)
    }
}
