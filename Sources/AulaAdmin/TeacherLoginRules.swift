import AulaGames
import AulaServer
import AulaStore

/// Five wrong passwords lock a teacher name for a while (SPEC §7: 60 s). The
/// clock is given to every call, so tests can step time instead of waiting.
/// Unknown names are counted like real ones: the lock says nothing about
/// which names exist. An attempt is reserved before its (slow) hash and
/// settled after, so parallel consoles cannot slip extra guesses past the
/// count (issue 12, defect 7); a database error settles it as not counted.
public struct LoginLockout: Sendable {
    private var ledger: AttemptLedger

    /// Names quiet this long are forgotten (an attacker typing random names
    /// cannot grow the table forever).
    public static let forgetAfter = 3600.0

    public init(maxFailures: Int = 5, lockSeconds: Double = 60) {
        ledger = AttemptLedger(policy: .init(maxFailures: maxFailures, lockSeconds: lockSeconds,
                                             forgetAfter: LoginLockout.forgetAfter))
    }

    public var maxFailures: Int { ledger.policy.maxFailures }
    public var lockSeconds: Double { ledger.policy.lockSeconds }

    /// Seconds left on the name's lock, or nil when it may try a password now.
    public func lockedFor(_ name: String, now: Double) -> Double? {
        ledger.lockedFor(NameKey.make(name), now: now)
    }

    /// Reserves one password check before hashing: nil when it may go ahead,
    /// else the seconds to tell the teacher to wait.
    public mutating func reserve(_ name: String, now: Double) -> Double? {
        ledger.reserve(NameKey.make(name), now: now)
    }

    /// A reserved check was wrong: returns the seconds of the lock it started, if it started one.
    @discardableResult
    public mutating func settleFailure(_ name: String, now: Double) -> Double? {
        ledger.fail(NameKey.make(name), now: now)
    }

    /// A reserved check was right: the name's count is cleared.
    public mutating func settleSuccess(_ name: String, now: Double) {
        ledger.succeed(NameKey.make(name), now: now)
    }

    /// A reserved check could not be made (storage error): not counted.
    public mutating func settleUnchecked(_ name: String) {
        ledger.release(NameKey.make(name))
    }

    /// A wrong password without a reservation (reserve and fail in one step);
    /// while the name is locked nothing more is counted.
    @discardableResult
    public mutating func recordFailure(_ name: String, now: Double) -> Double? {
        if let left = ledger.reserve(NameKey.make(name), now: now) { return left }
        return ledger.fail(NameKey.make(name), now: now)
    }

    /// A good password without a reservation clears the name's count.
    public mutating func recordSuccess(_ name: String, now: Double = 0) {
        ledger.unlock(NameKey.make(name), now: now)
    }

    public mutating func forgetQuiet(now: Double) { ledger.forgetQuiet(now: now) }
}

/// Who may create the very first teacher account from the admin port: only a
/// connection from the server machine itself, and only while no teacher exists
/// (afterwards teachers are added by a teacher, or with `aula teacher add`).
public enum FirstTeacherRule {
    public static func mayCreate(teacherCount: Int, fromLoopback: Bool) -> Bool {
        teacherCount == 0 && fromLoopback
    }
}

/// What a teacher's password must be: at least 8 characters (SPEC §7), and the
/// same when typed twice.
public enum TeacherPassword {
    public static let minLength = 8
    /// The longest password we hash (a pasted novel is not a password).
    public static let maxLength = 256

    /// Why the password can't be used, or nil when it can.
    public static func check(_ password: String) -> Refusal? {
        if password.count < minLength { return Refusal(code: "password_too_short", args: [String(minLength)]) }
        if password.count > maxLength { return Refusal(code: "password_too_long", args: [String(maxLength)]) }
        return nil
    }

    /// Why the two typings can't be used, or nil when they can.
    public static func check(_ password: String, confirmation: String) -> Refusal? {
        if let refusal = check(password) { return refusal }
        return password == confirmation ? nil : Refusal(code: "passwords_differ")
    }
}
