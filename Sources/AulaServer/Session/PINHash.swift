import AulaStore

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
