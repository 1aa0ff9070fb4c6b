/// A JSON value with ordered object keys, so events always serialise in the
/// documented field order (`{"ev":...}` first) — stable for bots and tests.
public enum JSON: Equatable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        lhs.serialized == rhs.serialized
    }

    /// Compact one-line serialisation (no spaces).
    public var serialized: String {
        var out = ""
        write(into: &out)
        return out
    }

    /// The same serialisation as UTF-8 bytes, appended to a buffer: the hot
    /// path (every event sent in JSON mode) builds no intermediate strings.
    public var serializedBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128)
        write(into: &out)
        return out
    }

    func write(into out: inout [UInt8]) {
        switch self {
        case .string(let s): JSON.writeString(s, into: &out)
        case .int(let n): JSON.writeInt(n, into: &out)
        case .double(let d):
            if d.isFinite {
                if d == d.rounded() && abs(d) < 1e15 { JSON.writeInt(Int(d), into: &out) } else { out.append(contentsOf: String(d).utf8) }
            } else {
                JSON.append("null", into: &out)
            }
        case .bool(let b): JSON.append(b ? "true" : "false", into: &out)
        case .null: JSON.append("null", into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, value) in fields {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                JSON.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func append(_ s: StaticString, into out: inout [UInt8]) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    static func writeInt(_ n: Int, into out: inout [UInt8]) {
        if n >= 0 && n < 10 {
            out.append(UInt8(ascii: "0") + UInt8(n))
            return
        }
        guard n != Int.min else {
            out.append(contentsOf: String(n).utf8)
            return
        }
        if n < 0 { out.append(UInt8(ascii: "-")) }
        // The digits are worked out into a small buffer on the stack, then
        // appended in order (reversing a slice of `out` in place went
        // through a temporary copy).
        var v = n.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var at = 20
            repeat {
                at -= 1
                digits[at] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            } while v > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[at..<20]))
        }
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { writeEscaped(utf8: $0, into: &out) }
        out.append(UInt8(ascii: "\""))
    }

    /// Byte for byte what `writeEscaped(_:into: String)` writes: runs of bytes
    /// that need nothing are copied whole; quote, backslash, controls, DEL,
    /// C1 controls (C2 80–9F) and U+2028/2029 (E2 80 A8/A9) are escaped.
    static func writeEscaped(utf8 bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var runStart = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            var escape: UInt32? = nil
            var width = 1
            if b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F {
                escape = UInt32(b)
            } else if b == 0xC2, i + 1 < n, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F {
                escape = UInt32(bytes[i + 1])
                width = 2
            } else if b == 0xE2, i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                escape = 0x2000 | UInt32(bytes[i + 2] - 0x80)
                width = 3
            }
            guard let code = escape else {
                i += 1
                continue
            }
            if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
            out.append(UInt8(ascii: "\\"))
            switch code {
            case 0x22: out.append(UInt8(ascii: "\""))
            case 0x5C: out.append(UInt8(ascii: "\\"))
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            default:
                func hex(_ d: UInt32) -> UInt8 { d < 10 ? UInt8(48 + d) : UInt8(87 + d) }
                out.append(UInt8(ascii: "u"))
                out.append(hex((code >> 12) & 0xF))
                out.append(hex((code >> 8) & 0xF))
                out.append(hex((code >> 4) & 0xF))
                out.append(hex(code & 0xF))
            }
            i += width
            runStart = i
        }
        if runStart < n { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<n])) }
    }

    func write(into out: inout String) {
        switch self {
        case .string(let s): JSON.writeString(s, into: &out)
        case .int(let n): out += String(n)
        case .double(let d):
            if d.isFinite { out += d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d) } else { out += "null" }
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out += "," }
                JSON.writeString(key, into: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        // Fast path: most strings need no escaping at all. Bytes that may need
        // it: controls, quote, backslash, DEL, and the lead bytes of C1
        // controls (0xC2) and U+2028/2029 (0xE2) — those go the slow way.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) {
            out += s
            out += "\""
            return
        }
        writeEscaped(s, into: &out)
        out += "\""
    }

    /// The slow way: scalar by scalar, escaping what JSON (and terminals) need.
    static func writeEscaped(_ s: String, into out: inout String) {
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON {
    /// Reads the field of an object (tests and the admin `watch` use it).
    public subscript(key: String) -> JSON? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }
}
