import CShims
import Synchronization

/// Where an `EventLoop` reads the time: monotonic seconds from an arbitrary
/// start. Everything on the loop — room timers, turn clocks, save waits,
/// lockouts — reads `EventLoop.now`, so swapping the clock swaps time for all
/// of it at once (issue 18; like tokio's `time::pause` or NIO's
/// `EmbeddedEventLoop`).
public protocol LoopClock: Sendable {
    /// Monotonic seconds.
    var now: Double { get }
    /// Real seconds until `deadline` comes by itself; nil when it never will
    /// (a paused virtual clock moves only when advanced), so the loop then
    /// waits for file events alone instead of sleeping towards it.
    func realSecondsUntil(_ deadline: Double) -> Double?
}

/// The real clock: CLOCK_MONOTONIC. What `aula serve` runs on.
public struct MonotonicClock: LoopClock {
    public init() {}

    public var now: Double { aula_monotonic_seconds() }

    public func realSecondsUntil(_ deadline: Double) -> Double? { deadline - now }
}

/// A clock for tests: paused, it stands still until `EventLoop.advance(by:)`
/// moves it, and the loop's timers fire in deadline order on the way, without
/// sleeping. `resume()` lets it run at real speed again from where it stands
/// (a test server's shutdown waits on real time, so it is resumed first).
/// Thread-safe: tests read it from their own thread.
public final class VirtualClock: LoopClock {
    private struct State {
        /// The time while paused; the time at `resumedAt` while running.
        var base: Double
        /// Real monotonic seconds when it was last resumed; nil while paused.
        var resumedAt: Double?
    }

    private let state: PThreadMutex<State>  // not Mutex: ThreadSanitizer sees this one (PThreadMutex.swift)

    /// Starts paused at `start` (a large value, so code that subtracts a few
    /// seconds from "now" never sees a negative time).
    public init(start: Double = 1_000_000) {
        state = PThreadMutex(State(base: start, resumedAt: nil))
    }

    public var now: Double {
        state.withLock { Self.read($0) }
    }

    public var isPaused: Bool { state.withLock { $0.resumedAt == nil } }

    public func realSecondsUntil(_ deadline: Double) -> Double? {
        state.withLock { $0.resumedAt == nil ? nil : deadline - Self.read($0) }
    }

    /// Lets time run at real speed from where it stands.
    public func resume() {
        state.withLock { state in
            guard state.resumedAt == nil else { return }
            state.resumedAt = aula_monotonic_seconds()
        }
    }

    /// Stops time where it stands.
    public func pause() {
        state.withLock { state in
            state.base = Self.read(state)
            state.resumedAt = nil
        }
    }

    /// Moves a paused clock forward to `time` (never back). The loop calls
    /// this while it fires timers in `advance(by:)`; tests call that instead.
    func move(to time: Double) {
        state.withLock { state in
            guard state.resumedAt == nil, time > state.base else { return }
            state.base = time
        }
    }

    private static func read(_ state: State) -> Double {
        guard let resumedAt = state.resumedAt else { return state.base }
        return state.base + max(0, aula_monotonic_seconds() - resumedAt)
    }
}
