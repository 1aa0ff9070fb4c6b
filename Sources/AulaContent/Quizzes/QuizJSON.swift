/// A JSON value read without a schema, so a deck file with a missing or
/// mistyped field still yields every problem at once instead of stopping at
/// the first decoding error.
enum QuizJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([QuizJSON])
    case object([String: QuizJSON])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([QuizJSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: QuizJSON].self)) }
    }

    subscript(key: String) -> QuizJSON? {
        if case .object(let o) = self { return o[key] }
        return nil
    }
}
