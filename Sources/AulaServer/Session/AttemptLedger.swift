/// Counts secret-guessing attempts (PINs, teacher passwords) per key — a
/// student, an address, a teacher name — and locks a key that failed too often,
/// like fail2ban or OpenSSH's `PerSourcePenalties`. Pure bookkeeping on the
/// loop thread; the clock is given to every call so tests step time.
///
/// An attempt is *reserved* before its secret is checked (the check runs off
/// the loop and takes a while) and *settled* after: failures already counted
/// plus attempts still in flight may never exceed the limit, so a thousand
/// connections guessing at once get exactly as many guesses as one connection
/// guessing in turn (issue 12, defects 4 and 7).
public struct AttemptLedger: Sendable {
    public struct Policy: Sendable, Equatable {
        /// Failures that start a lock.
        public var maxFailures: Int
        /// The first lock's length, in seconds.
        public var lockSeconds: Double
        /// Each further lock lasts this many times the one before (1: always the same).
        public var growth: Double
        /// The longest lock.
        public var maxLockSeconds: Double
        /// After this long without a failure (and no lock running), the key's
        /// failures and lock count are forgotten; nil: failures stay until a success.
        public var forgetAfter: Double?
        /// Whether a success clears the key's failures and lock count (a student's
        /// own right PIN does; an address's does not, or an attacker with a PIN of
        /// their own could reset the address between guesses).
        public var successClears: Bool

        public init(maxFailures: Int, lockSeconds: Double, growth: Double = 1, maxLockSeconds: Double? = nil,
                    forgetAfter: Double? = nil, successClears: Bool = true) {
            self.maxFailures = max(1, maxFailures)
            self.lockSeconds = lockSeconds
            self.growth = max(1, growth)
            self.maxLockSeconds = maxLockSeconds ?? lockSeconds
            self.forgetAfter = forgetAfter
            self.successClears = successClears
        }
    }

    private struct Entry {
        var failures = 0
        var inFlight = 0
        var lockedUntil = 0.0
        /// Locks started so far (the next one is longer).
        var locks = 0
        var lastFailure = 0.0
    }

    public let policy: Policy
    private var entries: [String: Entry] = [:]
    /// The keys counted now (a teacher's `release NAME` looks for the name in every group).
    public var keys: [String] { Array(entries.keys) }

    public init(policy: Policy) {
        self.policy = policy
    }

    /// The length of the lock a key with `locks` earlier locks gets next.
    public func lockLength(afterLocks locks: Int) -> Double {
        var length = policy.lockSeconds
        for _ in 0..<min(locks, 64) {
            length *= policy.growth
            if length >= policy.maxLockSeconds { break }
        }
        return min(length, policy.maxLockSeconds)
    }

    /// Seconds left on the key's lock, or nil when it is not locked.
    public func lockedFor(_ key: String, now: Double) -> Double? {
        guard let entry = entries[key], entry.lockedUntil > now else { return nil }
        return entry.lockedUntil - now
    }

    /// Failures counted now plus attempts in flight (0: the key has not failed lately).
    public func pending(_ key: String, now: Double) -> Int {
        let entry = refreshed(key, now: now)
        return entry.failures + entry.inFlight
    }

    /// Reserves one attempt: nil when it may go ahead (then `fail`, `succeed`
    /// or `release` must follow exactly once), or the seconds to wait — the
    /// lock left, or the lock it would start when the attempts in flight fail.
    public mutating func reserve(_ key: String, now: Double) -> Double? {
        var entry = refreshed(key, now: now)
        defer { store(entry, key) }
        if entry.lockedUntil > now { return entry.lockedUntil - now }
        if entry.failures + entry.inFlight >= policy.maxFailures { return lockLength(afterLocks: entry.locks) }
        entry.inFlight += 1
        return nil
    }

    /// Wrong attempts left before the next lock (the policy's maximum when none were wrong).
    public func attemptsLeft(_ key: String) -> Int {
        max(0, policy.maxFailures - (entries[key]?.failures ?? 0))
    }

    /// A reserved attempt was wrong. Returns the seconds of the lock it started
    /// (nil when it started none; a lock already running is not lengthened).
    @discardableResult
    public mutating func fail(_ key: String, now: Double) -> Double? {
        var entry = refreshed(key, now: now)
        defer { store(entry, key) }
        entry.inFlight = max(0, entry.inFlight - 1)
        entry.failures += 1
        entry.lastFailure = now
        guard entry.lockedUntil <= now, entry.failures >= policy.maxFailures else { return nil }
        let length = lockLength(afterLocks: entry.locks)
        entry.locks += 1
        entry.lockedUntil = now + length
        return length
    }

    /// A reserved attempt was right.
    public mutating func succeed(_ key: String, now: Double) {
        var entry = refreshed(key, now: now)
        entry.inFlight = max(0, entry.inFlight - 1)
        if policy.successClears && entry.lockedUntil <= now {
            entry.failures = 0
            entry.locks = 0
            entry.lockedUntil = 0
        }
        store(entry, key)
    }

    /// A reserved attempt could not be checked (the database did not answer): it does not count.
    public mutating func release(_ key: String) {
        guard var entry = entries[key] else { return }
        entry.inFlight = max(0, entry.inFlight - 1)
        store(entry, key)
    }

    /// A teacher lifted the lock (`release`): the key starts again from nothing,
    /// except for attempts still in flight. True when there was anything to lift.
    @discardableResult
    public mutating func unlock(_ key: String, now: Double) -> Bool {
        guard let entry = entries[key] else { return false }
        let hadSomething = entry.lockedUntil > now || entry.failures > 0
        store(Entry(inFlight: entry.inFlight), key)
        return hadSomething
    }

    /// Forgets keys with nothing left to remember (keeps the table small).
    public mutating func forgetQuiet(now: Double) {
        for key in Array(entries.keys) {
            let entry = refreshed(key, now: now)
            store(entry, key)
        }
    }

    public var trackedKeys: Int { entries.count }

    /// The key's entry with an ended lock and old failures cleared.
    private func refreshed(_ key: String, now: Double) -> Entry {
        var entry = entries[key] ?? Entry()
        if entry.lockedUntil != 0, entry.lockedUntil <= now {
            // The lock ran out: a fresh set of tries (the lock count stays, so the next lock is longer).
            entry.failures = 0
            entry.lockedUntil = 0
        }
        if let quiet = policy.forgetAfter, entry.lockedUntil <= now, now - max(entry.lastFailure, 0) >= quiet,
           entry.failures > 0 || entry.locks > 0 {
            entry.failures = 0
            entry.locks = 0
        }
        return entry
    }

    private mutating func store(_ entry: Entry, _ key: String) {
        if entry.failures == 0 && entry.inFlight == 0 && entry.lockedUntil == 0 && entry.locks == 0 {
            entries.removeValue(forKey: key)
        } else {
            entries[key] = entry
        }
    }
}
