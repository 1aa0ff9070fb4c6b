import AulaServer
import AulaGames

/// A teacher's lesson controls in a quiz room (SPEC §12). The open question's
/// clock is the pure game's (`QuizGame+Lesson`); here the timers follow it. A
/// pause during a tally holds the next question until `resume`.
extension QuizRoom {
    public func pause() -> Bool {
        switch game.phase {
        case .asking:
            guard game.pause(now: server.loop.now) else { return false }
            cancelQuestionTimers()
            return true
        case .reviewing:
            guard !reviewHeld, let timer = advanceTimer else { return false }
            server.loop.cancel(timer)
            advanceTimer = nil
            reviewHeld = true
            return true
        case .lobby, .finished:
            return false
        }
    }

    public func resume() -> Bool {
        if reviewHeld {
            reviewHeld = false
            scheduleAdvance()
            return true
        }
        guard game.resume(now: server.loop.now) else { return false }
        scheduleReminders()
        scheduleTick()
        return true
    }

    /// An open question closes now (tally, then the next question as usual);
    /// during a tally the next question comes at once. Either ends a pause.
    public func skip() -> Bool {
        switch game.phase {
        case .asking:
            reviewHeld = false
            apply(game.skip(now: server.loop.now))
            return true
        case .reviewing:
            advanceNow()
            return true
        case .lobby, .finished:
            return false
        }
    }

    /// The room closes mid-quiz (`room close`, the server stopping): the quiz
    /// ends as `quiz end` ends it, with the questions asked so far, and is saved.
    public func endBeforeClosing() -> Bool {
        guard isPlaying else { return false }
        return (try? hostEnd()) != nil
    }

    public func extend(by seconds: Double) -> Bool {
        guard game.extend(by: seconds) else { return false }
        cancelQuestionTimers()
        scheduleReminders()
        scheduleTick()
        return true
    }

    public var lessonSecondsLeft: Double? { game.standardSecondsLeft(now: server.loop.now) }

    /// A player's own clock (their accommodation); anyone else reads the standard one.
    public func secondsLeft(for player: Player) -> Double? {
        game.players.contains(player.name) ? game.secondsLeft(for: player.name, now: server.loop.now) : lessonSecondsLeft
    }

    /// An open question's tally says "Your teacher closed this question." (session 11);
    /// during a tally the next question just comes.
    public var skipSaysWho: Bool {
        if case .asking = game.phase { return true }
        return false
    }

    /// A teacher's pause is on: the open question's clock is stopped, or the
    /// next question is held after a tally.
    public var isTeacherPaused: Bool { game.isPaused || reviewHeld }

    /// The open question for the projector, with the standard seconds left now
    /// (held while paused); between questions and before the start, nothing.
    public var boardView: [Event] {
        guard let room, case .asking = game.phase, let view = game.currentQuestion else { return [] }
        let left = lessonSecondsLeft.map { Int(max(0, $0).rounded(.up)) }
        var event = QuizQuestionEvent(room: room.id, question: view, seconds: left, resent: true)
        event.watching = true
        return [event]
    }

    /// Someone arriving (or back) in a paused room is told, so a refused answer makes sense.
    func tellIfPaused(_ player: Player) {
        if let room, isTeacherPaused { player.send(PausedEvent(room: room.id, secondsLeft: lessonSecondsLeft)) }
    }
}
