import AulaStore

/// Wrong PINs (SPEC §12), counted so that guessing stays slow while a student
/// with the right PIN is never kept out by someone else's wrong ones:
///
/// - per *student at an address* (group + name + peer): 5 wrong → that pair is
///   locked 5 minutes, doubling with each further lock up to a day;
/// - per *student* (any address): 5 wrong → for 5 minutes (never longer: the
///   failures may come from many computers) every address that has already
///   typed a wrong PIN for that student is refused, and any other address gets
///   one try;
/// - per *address* (any student): 5 wrong → likewise, for 5 minutes doubling,
///   that address may try each student once more at most (a lab behind one
///   router keeps its students who typed nothing wrong).
///
/// A PIN is 4 digits, so these counts — not the hash — are what keeps it
/// secret. Loop thread only (one owner, no lock): every connection shares the
/// same counts, so guessing in parallel buys nothing. Loopback is not exempt.
public struct PINLockouts: Sendable {
    public static let pairPolicy = AttemptLedger.Policy(
        maxFailures: 5, lockSeconds: 300, growth: 2, maxLockSeconds: 86_400, forgetAfter: 86_400, successClears: true)
    /// A student's count across addresses: never escalates (the failures may be
    /// spread over many computers, none of them the student's).
    public static let studentPolicy = AttemptLedger.Policy(
        maxFailures: 5, lockSeconds: 300, growth: 1, maxLockSeconds: 300, forgetAfter: 86_400, successClears: true)
    /// An address's count is not cleared by a right PIN (an attacker with a PIN
    /// of their own could reset it between guesses); an hour without a wrong
    /// PIN forgets it, so a class behind one router is not punished all day for typos.
    public static let addressPolicy = AttemptLedger.Policy(
        maxFailures: 5, lockSeconds: 300, growth: 2, maxLockSeconds: 86_400, forgetAfter: 3_600, successClears: false)

    public private(set) var pairs: AttemptLedger
    public private(set) var students: AttemptLedger
    public private(set) var addresses: AttemptLedger

    public init(pair: AttemptLedger.Policy = PINLockouts.pairPolicy,
                student: AttemptLedger.Policy = PINLockouts.studentPolicy,
                address: AttemptLedger.Policy = PINLockouts.addressPolicy) {
        pairs = AttemptLedger(policy: pair)
        students = AttemptLedger(policy: student)
        addresses = AttemptLedger(policy: address)
    }

    /// A student's key: the group and the name as the database matches it.
    public static func studentKey(groupID: Int64, name: String) -> String {
        String(groupID) + "\u{0}" + NameKey.student(name)
    }

    /// The key of a student typed at one address.
    static func pairKey(student: String, address: String) -> String { student + "\u{1}" + address }

    /// Seconds this address must wait before trying this student's PIN, or nil
    /// when it may try: its own pair's lock, or a student's or address's lock
    /// when this pair has already failed (or has a try in flight).
    public func lockedFor(student: String, address: String, now: Double) -> Double? {
        let pair = Self.pairKey(student: student, address: address)
        var waits: [Double] = []
        if let wait = pairs.lockedFor(pair, now: now) { waits.append(wait) }
        if pairs.pending(pair, now: now) > 0 {
            if let wait = students.lockedFor(student, now: now) { waits.append(wait) }
            if let wait = addresses.lockedFor(address, now: now) { waits.append(wait) }
        }
        return waits.max()
    }

    /// Reserves one PIN check, or nothing: nil when it may go ahead, else the
    /// seconds to wait. Under a student's or address's lock a pair gets one try.
    public mutating func reserve(student: String, address: String, now: Double) -> Double? {
        if let wait = lockedFor(student: student, address: address, now: now) { return wait }
        let pair = Self.pairKey(student: student, address: address)
        if let wait = pairs.reserve(pair, now: now) { return wait }
        return nil
    }

    /// What a wrong PIN started.
    public struct FailureOutcome: Sendable, Equatable {
        /// Seconds of the lock the student's count (or this pair's) started, if it did.
        public var studentLock: Double?
        /// Seconds of the lock the address's count started, if it did.
        public var addressLock: Double?
        /// Seconds the one typing must wait now (any lock that holds this pair).
        public var wait: Double?
        /// Wrong PINs left before a lock (session 12: the student was not told).
        public var triesLeft = 0
    }

    public mutating func fail(student: String, address: String, now: Double) -> FailureOutcome {
        let p = pairs.fail(Self.pairKey(student: student, address: address), now: now)
        let s = students.fail(student, now: now)
        let a = addresses.fail(address, now: now)
        let started = [p, s].compactMap { $0 }.max()
        var outcome = FailureOutcome(studentLock: started, addressLock: a, wait: lockedFor(student: student, address: address, now: now))
        outcome.triesLeft = min(pairs.attemptsLeft(Self.pairKey(student: student, address: address)),
                                students.attemptsLeft(student), addresses.attemptsLeft(address))
        return outcome
    }

    public mutating func succeed(student: String, address: String, now: Double) {
        pairs.succeed(Self.pairKey(student: student, address: address), now: now)
        students.succeed(student, now: now)
        addresses.succeed(address, now: now)
    }

    /// The database did not answer: the check does not count.
    public mutating func release(student: String, address: String) {
        pairs.release(Self.pairKey(student: student, address: address))
    }

    /// A teacher's `release`: true when there was a lock or count to lift.
    public mutating func unlock(student: String, now: Double) -> Bool {
        var lifted = students.unlock(student, now: now)
        for key in pairs.keys where key.hasPrefix(student + "\u{1}") {
            if pairs.unlock(key, now: now) { lifted = true }
        }
        return lifted
    }

    public mutating func unlock(address: String, now: Double) -> Bool {
        var lifted = addresses.unlock(address, now: now)
        for key in pairs.keys where key.hasSuffix("\u{1}" + address) {
            if pairs.unlock(key, now: now) { lifted = true }
        }
        return lifted
    }

    /// `release NAME`: the name's lock in every group. With no class open a
    /// roster name logs into its own group (Session/ClassRestore.swift), so its
    /// lock is not in the group the console would guess.
    public mutating func unlock(studentNamed name: String, now: Double) -> Bool {
        let suffix = "\u{0}" + NameKey.student(name)
        var lifted = false
        for key in students.keys where key.hasSuffix(suffix) {
            if students.unlock(key, now: now) { lifted = true }
        }
        for key in pairs.keys {
            guard let student = key.split(separator: "\u{1}", maxSplits: 1).first, student.hasSuffix(suffix) else { continue }
            if pairs.unlock(key, now: now) { lifted = true }
        }
        return lifted
    }

    public mutating func forgetQuiet(now: Double) {
        pairs.forgetQuiet(now: now)
        students.forgetQuiet(now: now)
        addresses.forgetQuiet(now: now)
    }

    /// Whole minutes for a wait in seconds (a student reads "5 minutes", never
    /// "0"). A lock just started reads its own length: the clock's rounding in
    /// `until − now` (600.000001 s) does not make 10 minutes read 11.
    public static func minutes(_ seconds: Double) -> Int { max(1, Int((seconds / 60 - 0.01).rounded(.up))) }
}
