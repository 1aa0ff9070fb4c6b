/// A teacher's lesson controls on the open question (SPEC §12): pause,
/// resume, extend and skip. Only an open question has a clock; the pause
/// between a tally and the next question belongs to the room's shell.
///
/// Decisions: while paused nobody's time runs (accommodated players' own
/// clocks too), nothing closes on time, and answers are refused with `paused`.
/// An extension gives every player the same extra seconds. Speed points stay
/// fair: an answer's elapsed time leaves the paused time out, and is measured
/// against the player's own seconds plus the extension.
extension QuizGame {
    /// True while the open question's clock is paused.
    public var isPaused: Bool {
        guard case .asking(let p) = phase else { return false }
        return rounds[p].clock.isPaused
    }

    /// Stops the open question's clock. False when no question is open or it is already paused.
    public mutating func pause(now: Double) -> Bool {
        guard case .asking(let p) = phase else { return false }
        return rounds[p].clock.pause(now: now)
    }

    /// Runs the open question's clock again, with the time that was left.
    public mutating func resume(now: Double) -> Bool {
        guard case .asking(let p) = phase else { return false }
        return rounds[p].clock.resume(now: now)
    }

    /// More seconds on the open question, for everyone.
    public mutating func extend(by seconds: Double) -> Bool {
        guard case .asking(let p) = phase else { return false }
        return rounds[p].clock.extend(by: seconds)
    }

    /// Seconds left on the question's own seconds (a player without an
    /// accommodation), held while paused; nil when no question is open.
    public func standardSecondsLeft(now: Double) -> Double? {
        guard case .asking(let p) = phase else { return nil }
        return rounds[p].clock.left(of: Double(view(position: p).seconds), now: now)
    }

    /// When the question's own seconds run out (nil: none open, or paused).
    public var standardDeadline: Double? {
        guard case .asking(let p) = phase else { return nil }
        return rounds[p].clock.deadline(of: Double(view(position: p).seconds))
    }

    /// A teacher's `skip`: the open question closes now (its tally follows);
    /// the room then moves on as after any question. Paused or not.
    public mutating func skip(now: Double) -> [QuizEvent] {
        guard case .asking = phase else { return [] }
        return closeIfDone(now: now, reason: .teacher)
    }
}
