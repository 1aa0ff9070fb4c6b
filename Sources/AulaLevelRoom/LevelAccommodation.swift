import AulaServer
import AulaGames

/// `accommodate` given while the student is in a level (session 11: Sofia made
/// untimed mid-level still heard "one minute left"; Nico's `time 2` left him 99 s
/// of 150). The open clock follows at once when that gives time: a longer
/// multiplier stretches the whole as if given from the start (150 s ×2 with 51
/// used: 249 s left of 300); `untimed` stops the clock. A change that would take
/// time away (a smaller multiplier, `off`, a clock after `untimed`) waits for
/// the next level, and so does any change in a class challenge (the shared clock).
/// The time bonus keeps session 10's rule: measured against the allowance fixed
/// when the clock started, so an accommodation given later neither costs nor
/// earns points.
extension LevelRoomGame: AccommodatedRoom {
    package func accommodationChanged(for player: Player) -> AccommodationOutcome {
        guard let room, room.isHost(player), phase == .playing, let clock, let server else { return .appliedNow }
        let wanted = allowance(for: player)  // nil: untimed
        guard clock.isTimed else { return wanted == nil ? .appliedNow : .fromNextLevel(level: level.id) }
        // What the clock allows now, as a whole: its start's allowance and what `accommodate` added.
        let whole = (bonusWhole ?? clock.limit ?? 0) + accommodatedSeconds
        // A class challenge's level keeps its clock whatever the change (the guide; session 12:
        // `untimed` there read "Applied now" and changed nothing, untimed being the shared clock).
        if inChallenge { return .fromNextLevel(level: level.id) }
        guard let wanted else {
            stopClockForUntimed(clock, server: server, room: room)
            player.send(InfoEvent("admin.accommodate.told_untimed", style: .good))
            room.broadcast(LevelTimerEvent(room: room.id, secondsLeft: nil, limit: nil, occasion: .asked, paused: false))
            return .appliedNow
        }
        if wanted == whole { return .appliedNow }
        guard wanted > whole, clock.extend(by: wanted - whole) else { return .fromNextLevel(level: level.id) }
        accommodatedSeconds += wanted - whole
        player.send(InfoEvent("admin.accommodate.told_more", style: .good))
        room.broadcast(LevelTimerEvent(room: room.id, secondsLeft: clock.secondsLeft, limit: clock.total,
                                       occasion: .asked, paused: clock.isPaused))
        return .appliedNow
    }

    /// The level goes on without a clock; the old one counts on unseen (no
    /// announcements, no time-up) for the time bonus.
    private func stopClockForUntimed(_ old: LevelClock, server: any RoomHost, room: Room) {
        old.onAnnounce = nil
        old.onTimeUp = nil
        clockBeforeUntimed = old
        let untimed = LevelClock(loop: server.loop, limit: nil)
        // An untimed clock never runs out by itself, but a teacher's `skip` runs it
        // out (a play test: without this the skip was told and did nothing).
        untimed.onTimeUp = { [weak self] in self?.timeUp() }
        clock = untimed
        untimed.start()
    }

    /// The time left and the whole the time bonus counts, for a `submit`: the
    /// stopped clock's when `untimed` came mid-level (its own extensions left
    /// out), else nil (the open clock's, as before).
    var bonusAfterUntimed: (left: Double, whole: Double)? {
        guard let old = clockBeforeUntimed, let limit = old.limit else { return nil }
        let extra = (old.total ?? limit) - limit
        // Above 0: run out unseen, the solve still counts, with no time bonus.
        return (max(0.001, (old.secondsLeft ?? 0) - extra), bonusWhole ?? limit)
    }
}
