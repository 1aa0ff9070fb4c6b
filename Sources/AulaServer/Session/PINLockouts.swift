import AulaStore

/// Wrong PINs, counted per student (group + name) and per peer address at
/// once (SPEC §12): 5 wrong for either → locked 5 minutes, doubling with each
/// further lock up to a day. A PIN is 4 digits, so these counts — not the
/// hash — are what keeps it secret. Loop thread only (one owner, no lock):
/// every connection shares the same counts, so guessing in parallel buys
/// nothing. Loopback is not exempt: a shared machine is still one address.
public struct PINLockouts: Sendable {
    public static let studentPolicy = AttemptLedger.Policy(
        maxFailures: 5, lockSeconds: 300, growth: 2, maxLockSeconds: 86_400, forgetAfter: 86_400, successClears: true)
    /// An address's count is not cleared by a right PIN (an attacker with a PIN
    /// of their own could reset it between guesses); an hour without a wrong
    /// PIN forgets it, so a class behind one router is not punished all day for typos.
    public static let addressPolicy = AttemptLedger.Policy(
        maxFailures: 5, lockSeconds: 300, growth: 2, maxLockSeconds: 86_400, forgetAfter: 3_600, successClears: false)

    public private(set) var students: AttemptLedger
    public private(set) var addresses: AttemptLedger

    public init(student: AttemptLedger.Policy = PINLockouts.studentPolicy,
                address: AttemptLedger.Policy = PINLockouts.addressPolicy) {
        students = AttemptLedger(policy: student)
        addresses = AttemptLedger(policy: address)
    }

    /// A student's key: the group and the name as the database matches it.
    public static func studentKey(groupID: Int64, name: String) -> String {
        String(groupID) + "\u{0}" + NameKey.student(name)
    }

    /// Seconds left on the longer of the two locks, or nil when neither is locked.
    public func lockedFor(student: String, address: String, now: Double) -> Double? {
        let a = students.lockedFor(student, now: now), b = addresses.lockedFor(address, now: now)
        switch (a, b) {
        case (nil, nil): return nil
        case (let x?, nil), (nil, let x?): return x
        case (let x?, let y?): return max(x, y)
        }
    }

    /// Reserves one PIN check for both keys, or neither: nil when it may go
    /// ahead, else the seconds to wait.
    public mutating func reserve(student: String, address: String, now: Double) -> Double? {
        if let wait = students.reserve(student, now: now) { return wait }
        if let wait = addresses.reserve(address, now: now) {
            students.release(student)
            return wait
        }
        return nil
    }

    /// What a wrong PIN started.
    public struct FailureOutcome: Sendable, Equatable {
        /// Seconds of the lock the student's count started, if it did.
        public var studentLock: Double?
        /// Seconds of the lock the address's count started, if it did.
        public var addressLock: Double?
        /// Seconds the one typing must wait now (either lock, started now or before).
        public var wait: Double?
        /// Wrong PINs left before a lock (session 12: the student was not told).
        public var triesLeft = 0
    }

    public mutating func fail(student: String, address: String, now: Double) -> FailureOutcome {
        let s = students.fail(student, now: now)
        let a = addresses.fail(address, now: now)
        var outcome = FailureOutcome(studentLock: s, addressLock: a, wait: lockedFor(student: student, address: address, now: now))
        outcome.triesLeft = min(students.attemptsLeft(student), addresses.attemptsLeft(address))
        return outcome
    }

    public mutating func succeed(student: String, address: String, now: Double) {
        students.succeed(student, now: now)
        addresses.succeed(address, now: now)
    }

    /// The database did not answer: the check does not count.
    public mutating func release(student: String, address: String) {
        students.release(student)
        addresses.release(address)
    }

    /// A teacher's `release`: true when there was a lock or count to lift.
    public mutating func unlock(student: String, now: Double) -> Bool { students.unlock(student, now: now) }
    public mutating func unlock(address: String, now: Double) -> Bool { addresses.unlock(address, now: now) }

    /// `release NAME`: the name's lock in every group. With no class open a
    /// roster name logs into its own group (Session/ClassRestore.swift), so its
    /// lock is not in the group the console would guess.
    public mutating func unlock(studentNamed name: String, now: Double) -> Bool {
        let suffix = "\u{0}" + NameKey.student(name)
        var lifted = false
        for key in students.keys where key.hasSuffix(suffix) {
            if students.unlock(key, now: now) { lifted = true }
        }
        return lifted
    }

    public mutating func forgetQuiet(now: Double) {
        students.forgetQuiet(now: now)
        addresses.forgetQuiet(now: now)
    }

    /// Whole minutes for a wait in seconds (a student reads "5 minutes", never "0").
    public static func minutes(_ seconds: Double) -> Int { max(1, Int((seconds / 60).rounded(.up))) }
}
