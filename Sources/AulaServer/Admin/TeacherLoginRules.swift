import AulaGames
import AulaStore

/// Five wrong passwords lock a teacher name for a while (SPEC §7: 60 s). The
/// clock is given to every call, so tests can step time instead of waiting.
/// Unknown names are counted like real ones: the lock says nothing about
/// which names exist.
public struct LoginLockout: Sendable {
    public var maxFailures: Int
    public var lockSeconds: Double
    private var failures: [String: (count: Int, lockedUntil: Double)] = [:]

    public init(maxFailures: Int = 5, lockSeconds: Double = 60) {
        self.maxFailures = maxFailures
        self.lockSeconds = lockSeconds
    }

    /// Seconds left on the name's lock, or nil when it may try a password now.
    public func lockedFor(_ name: String, now: Double) -> Double? {
        guard let entry = failures[NameKey.make(name)], entry.lockedUntil > now else { return nil }
        return entry.lockedUntil - now
    }

    /// A wrong password: returns the seconds of the lock it started, if it started one.
    @discardableResult
    public mutating func recordFailure(_ name: String, now: Double) -> Double? {
        let key = NameKey.make(name)
        var entry = failures[key] ?? (0, 0)
        if entry.lockedUntil != 0, entry.lockedUntil <= now { entry = (0, 0) }  // an old lock ran out: start again
        entry.count += 1
        var started: Double?
        if entry.count >= maxFailures {
            entry.lockedUntil = now + lockSeconds
            started = lockSeconds
        }
        failures[key] = entry
        return started
    }

    /// A good password clears the name's count.
    public mutating func recordSuccess(_ name: String) {
        failures.removeValue(forKey: NameKey.make(name))
    }
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

/// PINs are 4 digits: 10,000 values, so no hash cost makes a stolen database
/// safe against trying them all — the login's limit of 5 tries is their real
/// protection. A cheaper scrypt (N=4096, 4 MiB, a few ms) keeps importing a
/// class of 30 fast; the hash still keeps PINs out of the file in clear.
public enum PINHash {
    public static let parameters = ScryptParameters(n: 4096, r: 8, p: 1)

    public static func make(_ pin: String) throws -> String {
        try PasswordHash.make(pin, parameters: parameters)
    }

    public static func verify(_ pin: String, against hash: String) -> Bool {
        PasswordHash.verify(pin, against: hash)
    }

    /// A PIN a roster file may give: 4 to 8 digits.
    public static func isWellFormed(_ pin: String) -> Bool {
        (4...8).contains(pin.count) && pin.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
