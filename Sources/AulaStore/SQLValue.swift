/// One SQLite value, as bound to a statement or read from a row.
public enum SQLValue: Sendable, Equatable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null

    public init(_ value: Int) { self = .integer(Int64(value)) }
    public init(_ value: Int64) { self = .integer(value) }
    public init(_ value: Double) { self = .real(value) }
    public init(_ value: String) { self = .text(value) }
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
    public init(_ value: [UInt8]) { self = .blob(value) }
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    public init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    public init(_ value: Double?) { self = value.map { .real($0) } ?? .null }
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }

    public var isNull: Bool { self == .null }

    /// The value as an integer; reals are truncated, text is parsed.
    public var int64: Int64? {
        switch self {
        case .integer(let v): return v
        case .real(let v): return v.isFinite && abs(v) < 9.2e18 ? Int64(v) : nil
        case .text(let s): return Int64(s)
        default: return nil
        }
    }

    public var int: Int? { int64.map { Int($0) } }

    public var double: Double? {
        switch self {
        case .integer(let v): return Double(v)
        case .real(let v): return v
        case .text(let s): return Double(s)
        default: return nil
        }
    }

    public var string: String? {
        switch self {
        case .text(let s): return s
        case .integer(let v): return String(v)
        case .real(let v): return String(v)
        case .blob(let b): return String(decoding: b, as: UTF8.self)
        case .null: return nil
        }
    }

    public var bool: Bool? { int64.map { $0 != 0 } }

    public var blob: [UInt8]? {
        switch self {
        case .blob(let b): return b
        case .text(let s): return Array(s.utf8)
        default: return nil
        }
    }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension SQLValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
