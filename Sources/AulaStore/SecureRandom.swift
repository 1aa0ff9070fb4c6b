import COpenSSL

/// Cryptographically strong random bytes from OpenSSL, falling back to the system generator
/// (getrandom on Linux) in the unlikely case OpenSSL cannot provide them.
enum SecureRandom {
    static func bytes(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        let ok = buffer.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
        if ok != 1 {
            var system = SystemRandomNumberGenerator()
            for i in buffer.indices { buffer[i] = UInt8.random(in: .min ... .max, using: &system) }
        }
        return buffer
    }

    /// `count` characters drawn uniformly from `alphabet`: bytes that would bias the draw are rejected.
    static func string(from alphabet: [Character], count: Int) -> String {
        guard !alphabet.isEmpty, alphabet.count <= 256, count > 0 else { return "" }
        // Largest multiple of the alphabet size that fits in a byte; bytes at or above it are dropped.
        let limit = 256 - (256 % alphabet.count)
        var out = ""
        while out.count < count {
            for byte in bytes(count * 2) where Int(byte) < limit && out.count < count {
                out.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return out
    }
}

/// A class session's join code: 6 characters without look-alikes (no I, O, 0, 1).
public enum JoinCode {
    public static let alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    public static let length = 6

    public static func make() -> String {
        SecureRandom.string(from: Array(alphabet), count: length)
    }

    /// True when `code` could be a join code (right length, only alphabet characters, any case).
    public static func isWellFormed(_ code: String) -> Bool {
        let upper = code.uppercased()
        return upper.count == length && upper.allSatisfy { alphabet.contains($0) }
    }
}

/// A roster PIN: 4 decimal digits.
public enum PIN {
    public static let length = 4

    public static func make() -> String {
        SecureRandom.string(from: Array("0123456789"), count: length)
    }
}

/// A random URL-safe token (the board's `?key=`): 22 characters ≈ 128 bits.
public enum RandomToken {
    public static let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

    public static func make(length: Int = 22) -> String {
        SecureRandom.string(from: Array(alphabet), count: length)
    }
}
