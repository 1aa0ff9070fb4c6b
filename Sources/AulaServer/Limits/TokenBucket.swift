/// A token bucket: `rate` tokens a second up to `burst`; each chat line takes
/// one. Pure: the caller gives the time.
struct TokenBucket: Equatable {
    let rate: Double
    let burst: Double
    private(set) var tokens: Double
    private var last: Double

    init(rate: Double, burst: Double, now: Double) {
        self.rate = max(0, rate)
        self.burst = max(1, burst)
        self.tokens = max(1, burst)
        self.last = now
    }

    /// The tokens there would be at `now` (a clock going backwards adds none).
    func available(at now: Double) -> Double {
        min(burst, tokens + max(0, now - last) * rate)
    }

    mutating func refill(at now: Double) {
        tokens = available(at: now)
        last = max(last, now)
    }

    /// Takes one token if there is one.
    mutating func take(at now: Double) -> Bool {
        refill(at: now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// Full again: the same as a fresh bucket, so it can be forgotten.
    func isFull(at now: Double) -> Bool { available(at: now) >= burst }
}
