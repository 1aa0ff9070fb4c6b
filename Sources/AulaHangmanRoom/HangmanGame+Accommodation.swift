import AulaServer
import AulaGames

/// How long the turn being played lasts, fixed when its clock starts (a new
/// turn, or a hit that keeps it): the room's turn time × the accommodation of
/// whoever holds it. `shown` is false for an untimed student: no countdown and
/// no warning, and the turn passes only after `HangmanGame.untimedTurnSeconds`.
struct HangmanTurnLength: Equatable {
    let turn: String
    let startedAt: Double
    let seconds: Double
    let shown: Bool
}

/// Session 12's play test: `accommodate Hugo time 2` left Hugo 30 s turns and
/// `untimed` Luis ran out of time, while the guide says an accommodated
/// student's own clocks run longer "in every game". A hangman turn is that
/// student's own clock, so it follows the accommodation; the room waits for
/// them, and an untimed turn still passes after a cap (a student who walked
/// away does not hold the room forever; the teacher can `skip` the round).
extension HangmanGame {
    /// The cap of an untimed student's turn: 4 times the room's turn (the largest
    /// multiplier), at least 5 minutes.
    static func untimedTurnSeconds(roomSeconds: Int) -> Double {
        max(300, Double(roomSeconds) * 4)
    }

    /// The length `name`'s turns have now.
    func turnLength(for name: String) -> (seconds: Double, shown: Bool) {
        let base = Double(settings.turnSeconds)
        switch roundPlayers[name]?.timeMultiplier {
        case let multiplier? where multiplier <= 0: return (Self.untimedTurnSeconds(roomSeconds: settings.turnSeconds), false)
        case let multiplier? where multiplier.isFinite: return ((base * multiplier).rounded(), true)
        default: return (base, true)
        }
    }

    /// The current turn's length, fixed when its clock started; nil with no turn.
    func currentTurnLength() -> HangmanTurnLength? {
        // Read in place: the hot path must not copy the round (HangmanGame.inPlace).
        let now = Self.inPlace(&round) { round -> (turn: String, startedAt: Double)? in
            guard let round, !round.isOver, let turn = round.turn else { return nil }
            return (turn, round.turnStartedAt)
        }
        guard let now else { return nil }
        if let fixed = fixedTurn, fixed.startedAt == now.startedAt, fixed.turn == now.turn { return fixed }
        let length = turnLength(for: now.turn)
        let fixed = HangmanTurnLength(turn: now.turn, startedAt: now.startedAt, seconds: length.seconds, shown: length.shown)
        fixedTurn = fixed
        return fixed
    }
}

extension HangmanGame: AccommodatedRoom {
    /// Not their turn: their next turn has the new length. Their turn: a change
    /// that gives time (longer, or untimed) applies now, with the time already
    /// used kept; one that takes time away (shorter, `off`, a clock after
    /// untimed) waits for their next turn, and the console says so.
    package func accommodationChanged(for player: Player) -> AccommodationOutcome {
        guard let room, let fixed = currentTurnLength(), fixed.turn == player.name,
              roundPlayers[player.name] === player else { return .appliedNow }
        let wanted = turnLength(for: player.name)
        if wanted.shown == fixed.shown && wanted.seconds == fixed.seconds { return .appliedNow }
        let gives = fixed.shown && (!wanted.shown || wanted.seconds > fixed.seconds)
        guard gives else { return .fromNextTurn(room: room.id) }
        fixedTurn = HangmanTurnLength(turn: fixed.turn, startedAt: fixed.startedAt, seconds: wanted.seconds, shown: wanted.shown)
        restartTurnTimer()
        player.send(InfoEvent(wanted.shown ? "hangman.accommodated.more" : "hangman.accommodated.untimed", style: .good))
        player.send(stateEvent(for: player.name))
        return .appliedNow
    }
}
