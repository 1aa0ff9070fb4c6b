/// A teacher's lesson controls on a hangman round (SPEC §12): pause, resume and
/// extend the turn clock, and skip the round with everyone's points kept.
extension HangmanRound {
    public var isPaused: Bool { turnClock.isPaused }

    /// A teacher stops the turn clock. False when the round is over or already paused.
    public mutating func pause(now: Double) -> Bool {
        !isOver && turnClock.pause(now: now)
    }

    /// The turn goes on with the time it had left.
    public mutating func resume(now: Double) -> Bool {
        !isOver && turnClock.resume(now: now)
    }

    /// More seconds for the current turn (a new turn starts with the full time again).
    public mutating func extendTurn(by seconds: Double) -> Bool {
        !isOver && turn != nil && turnClock.extend(by: seconds)
    }

    /// When a turn of `seconds` runs out; nil when paused or over.
    public func turnDeadline(seconds: Double) -> Double? {
        isOver || turn == nil ? nil : turnClock.deadline(of: seconds)
    }

    /// Seconds left of a turn of `seconds` (held while paused); nil when over.
    public func turnSecondsLeft(seconds: Double, now: Double) -> Double? {
        isOver || turn == nil ? nil : turnClock.left(of: seconds, now: now)
    }

    /// A teacher ends the round now: outcome `skipped`, everyone keeps the
    /// points earned so far. Empty when the round is already over.
    public mutating func skip(now: Double) -> [HangmanEvent] {
        guard !isOver else { return [] }
        var events: [HangmanEvent] = []
        finish(.skipped, now: now, into: &events)
        return events
    }
}
