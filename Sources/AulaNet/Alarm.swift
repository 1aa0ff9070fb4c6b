/// A timer whose deadline moves often and mostly later — a hangman turn clock
/// restarted by every hit. Moving it later costs no cancel and no new timer:
/// the one armed timer, when it rings before the deadline, re-arms for the
/// rest. At thousands of guesses a second that is the difference between
/// two heap operations and a closure per guess, and none. Loop thread only.
public final class Alarm {
    private unowned let loop: EventLoop
    private let ring: () -> Void
    /// When it should ring; nil when stopped.
    public private(set) var deadline: Double?
    private var armed: TimerID?
    private var armedFor: Double = 0

    /// `ring` runs on the loop thread once the deadline has passed.
    public init(loop: EventLoop, ring: @escaping () -> Void) {
        self.loop = loop
        self.ring = ring
    }

    deinit {
        if let armed { loop.cancel(armed) }
    }

    /// Rings at `deadline` (monotonic seconds, as `EventLoop.now`), replacing any earlier setting.
    public func set(at deadline: Double) {
        self.deadline = deadline
        if let timer = armed {
            // Armed for later than needed: only then is a new timer worth it.
            guard armedFor > deadline else { return }
            loop.cancel(timer)
        }
        arm(deadline)
    }

    public func stop() {
        deadline = nil
        if let timer = armed { loop.cancel(timer) }
        armed = nil
    }

    private func arm(_ time: Double) {
        armedFor = time
        // Unowned: deinit cancels the armed timer, so it never rings for a freed
        // alarm (and a weak reference would put every retain on the slow path).
        armed = loop.schedule(after: time - loop.now) { [unowned self] in self.rang() }
    }

    private func rang() {
        armed = nil
        guard let deadline else { return }
        if deadline > loop.now {
            arm(deadline)
            return
        }
        self.deadline = nil
        ring()
    }
}
