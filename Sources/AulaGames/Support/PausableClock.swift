/// A countdown's arithmetic as a value, with the time passed in (`now`, in
/// seconds on any monotonic clock): it counts the running seconds since it
/// started, leaving out the time it spent paused, plus the extra seconds a
/// teacher gave with `extend`. The limit itself is not stored, so one clock can
/// serve several limits at once (a quiz question: each player's own seconds).
/// Used by quiz questions, hangman turns and level rooms (SPEC §12 "Lesson controls").
public struct PausableClock: Equatable, Sendable {
    /// Running seconds counted before the current run (the runs before pauses).
    private var banked: Double = 0
    /// When the current run began; nil while paused.
    private var runningSince: Double?
    /// Seconds added by `extend`, on top of any limit.
    public private(set) var extra: Double = 0

    /// A clock that starts running at `now` (or paused, when `paused`).
    public init(startedAt now: Double, paused: Bool = false) {
        runningSince = paused ? nil : now
    }

    public var isPaused: Bool { runningSince == nil }

    /// Running seconds so far (paused time left out).
    public func elapsed(now: Double) -> Double {
        banked + (runningSince.map { max(0, now - $0) } ?? 0)
    }

    /// Seconds left of a limit of `limit` seconds (plus the extension), never below 0.
    public func left(of limit: Double, now: Double) -> Double {
        max(0, limit + extra - elapsed(now: now))
    }

    /// The moment a limit of `limit` seconds runs out, if the clock keeps
    /// running; nil while paused (nothing runs out then).
    public func deadline(of limit: Double) -> Double? {
        guard let since = runningSince else { return nil }
        return since + limit + extra - banked
    }

    /// Stops the clock. False when it was already paused.
    @discardableResult
    public mutating func pause(now: Double) -> Bool {
        guard let since = runningSince else { return false }
        banked += max(0, now - since)
        runningSince = nil
        return true
    }

    /// Runs again from `now`, with the time that was left. False when it was running.
    @discardableResult
    public mutating func resume(now: Double) -> Bool {
        guard runningSince == nil else { return false }
        runningSince = now
        return true
    }

    /// More time on every limit. False for a value that is not a positive number.
    @discardableResult
    public mutating func extend(by seconds: Double) -> Bool {
        guard seconds.isFinite, seconds > 0 else { return false }
        extra += seconds
        return true
    }

    /// Starts over at `now` (a new turn): nothing elapsed, no extension; a paused
    /// clock stays paused (the new turn starts counting at `resume`).
    public mutating func restart(now: Double) {
        banked = 0
        extra = 0
        if runningSince != nil { runningSince = now }
    }
}
