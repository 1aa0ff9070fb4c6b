import AulaServer
import AulaGames
import AulaStore

/// A teacher's lesson controls on a level room (SPEC §12): `pause`, `resume`,
/// `skip` (the attempt ends as time up) and `extend` act on the level's clock;
/// during a class challenge its shared clock follows.
extension LevelRoomGame {
    public func pause() -> Bool { clockChanged(phase == .playing && (clock?.pause() ?? false)) }
    public func resume() -> Bool { clockChanged(phase == .playing && (clock?.resume() ?? false)) }
    public func skip() -> Bool {
        guard phase == .playing, let clock else { return false }
        clock.runOut()
        return true
    }
    public func extend(by seconds: Double) -> Bool {
        guard phase == .playing, let clock, clock.extend(by: seconds), let room else { return false }
        room.broadcast(LevelTimerEvent(room: room.id, secondsLeft: clock.secondsLeft, limit: clock.total,
                                       occasion: .asked, paused: clock.isPaused))
        return clockChanged(true)
    }

    /// A teacher's pause, resume or extend worked here: the challenge's shared clock follows.
    func clockChanged(_ done: Bool) -> Bool {
        if done, let server { challenge?.roomClockChanged(self, now: server.loop.now) }
        return done
    }

    /// Every extension this room's clock holds: those it started with and the teacher's since.
    var extendedSeconds: Double { priorExtra + max(0, (clock?.total ?? 0) - (clock?.limit ?? 0)) }
    public var lessonSecondsLeft: Double? { phase == .playing ? clock?.secondsLeft : nil }
    /// `extend` is followed by the level's own "459 seconds left of 540" (above).
    public var showsExtendedTime: Bool { true }
    /// A teacher paused the clock: the coder's play commands are refused with `paused`.
    var isPaused: Bool { phase == .playing && (clock?.isPaused ?? false) }
    public var isTeacherPaused: Bool { isPaused }
}
