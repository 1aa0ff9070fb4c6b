import COpenSSL
import Foundation

/// Scrypt cost parameters. N=16384, r=8, p=1 (OWASP's floor for scrypt) costs ~16 MiB and tens of
/// milliseconds per hash: slow for a guesser, fine for a login. They are written into every hash,
/// so raising them later only affects new hashes (`needsUpgrade` tells when to re-hash at login).
public struct ScryptParameters: Sendable, Equatable {
    public let n: UInt64
    public let r: UInt64
    public let p: UInt64
    public let saltLength: Int
    public let keyLength: Int

    public init(n: UInt64, r: UInt64, p: UInt64, saltLength: Int = 16, keyLength: Int = 32) {
        self.n = n
        self.r = r
        self.p = p
        self.saltLength = saltLength
        self.keyLength = keyLength
    }

    public static let standard = ScryptParameters(n: 16384, r: 8, p: 1)

    /// Bounds for parameters read back from a stored hash, so a damaged row cannot ask for gigabytes.
    var isReasonable: Bool {
        n >= 2 && n <= (1 << 20) && n & (n - 1) == 0 && r >= 1 && r <= 32 && p >= 1 && p <= 16
            && keyLength >= 16 && keyLength <= 64
    }

    /// Memory scrypt needs (128·r·(N+p+2) bytes) plus slack; OpenSSL refuses to exceed `maxmem`.
    var maxMemory: UInt64 { 128 * r * (n + p + 2) + (1 << 20) }
}

/// Salted scrypt password hashes, self-describing: `scrypt$N$r$p$saltBase64$hashBase64`.
public enum PasswordHash {
    public static let parameters = ScryptParameters.standard

    public enum Failure: Error, Sendable {
        case scryptFailed
    }

    /// Hashes a password with a fresh 16-byte random salt.
    public static func make(_ password: String) throws -> String {
        try make(password, parameters: parameters)
    }

    public static func make(_ password: String, parameters: ScryptParameters) throws -> String {
        let salt = SecureRandom.bytes(parameters.saltLength)
        guard parameters.isReasonable, let key = derive(password, salt: salt, parameters: parameters) else {
            throw Failure.scryptFailed
        }
        return ["scrypt", String(parameters.n), String(parameters.r), String(parameters.p),
                Data(salt).base64EncodedString(), Data(key).base64EncodedString()].joined(separator: "$")
    }

    /// True when `password` hashes to `encoded`; compared in constant time. Malformed hashes never verify.
    public static func verify(_ password: String, against encoded: String) -> Bool {
        guard let stored = decode(encoded),
              let key = derive(password, salt: stored.salt, parameters: stored.parameters),
              key.count == stored.key.count else { return false }
        return key.withUnsafeBytes { a in
            stored.key.withUnsafeBytes { b in CRYPTO_memcmp(a.baseAddress, b.baseAddress, a.count) == 0 }
        }
    }

    /// True when `encoded` was made with other parameters than `target` (re-hash after a good login).
    public static func needsUpgrade(_ encoded: String, to target: ScryptParameters = parameters) -> Bool {
        guard let stored = decode(encoded) else { return true }
        return stored.parameters.n != target.n || stored.parameters.r != target.r
            || stored.parameters.p != target.p
    }

    private static func decode(_ encoded: String) -> (parameters: ScryptParameters, salt: [UInt8], key: [UInt8])? {
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0] == "scrypt",
              let n = UInt64(parts[1]), let r = UInt64(parts[2]), let p = UInt64(parts[3]),
              let salt = Data(base64Encoded: String(parts[4])), let key = Data(base64Encoded: String(parts[5])),
              !salt.isEmpty else { return nil }
        let params = ScryptParameters(n: n, r: r, p: p, saltLength: salt.count, keyLength: key.count)
        guard params.isReasonable else { return nil }
        return (params, Array(salt), Array(key))
    }

    /// Passwords are NFC-normalised first, so "é" typed as one or two code points is the same password.
    private static func derive(_ password: String, salt: [UInt8], parameters: ScryptParameters) -> [UInt8]? {
        let secret = Array(password.precomposedStringWithCanonicalMapping.utf8)
        var key = [UInt8](repeating: 0, count: parameters.keyLength)
        let ok = secret.withUnsafeBufferPointer { pass in
            salt.withUnsafeBufferPointer { saltBuf in
                key.withUnsafeMutableBufferPointer { out in
                    pass.withMemoryRebound(to: CChar.self) { passChars in
                        EVP_PBE_scrypt(passChars.baseAddress, passChars.count,
                                       saltBuf.baseAddress, saltBuf.count,
                                       parameters.n, parameters.r, parameters.p, parameters.maxMemory,
                                       out.baseAddress, out.count)
                    }
                }
            }
        }
        return ok == 1 ? key : nil
    }
}
