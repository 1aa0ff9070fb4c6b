/// A pure, bounded decoder of one HTTP/1.1 request head (the board, SPEC §12):
/// request line and headers, at most `maxBytes` in all. No I/O, no allocation
/// beyond what it keeps — fed whatever arrived, it says "need more", "here is
/// the request" or "refuse with this status". Fuzzed (fuzz/FuzzHTTP.swift).
public struct HTTPRequestHead: Sendable, Equatable {
    public enum Method: String, Sendable { case get = "GET", head = "HEAD" }

    public let method: Method
    /// The path without the query, e.g. `/events`.
    public let path: String
    /// Query parameters, percent-decoded (`?key=…&lang=es`); the first of a repeated name wins.
    public let query: [String: String]
    /// Header names lower-cased; values trimmed. The first of a repeated name wins.
    public let headers: [String: String]

    public init(method: Method, path: String, query: [String: String], headers: [String: String]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }
}

/// Why a head was refused: the status to answer with before closing.
public enum HTTPRefusal: Int, Sendable, Equatable, Error {
    case badRequest = 400
    case methodNotAllowed = 405
    case headTooLarge = 431
    case versionNotSupported = 505
}

/// Accumulates bytes until a whole head (ending in an empty line) is there.
public struct HTTPHeadParser: Sendable {
    public enum Result: Sendable, Equatable {
        case needMore
        case request(HTTPRequestHead)
        case refused(HTTPRefusal)
    }

    /// The cap on request line plus headers (SPEC §12: 8 KiB).
    public static let defaultMaxBytes = 8 * 1024
    /// More header lines than this is garbage, whatever their size.
    public static let maxHeaderLines = 100

    public let maxBytes: Int
    private var buffer: [UInt8] = []
    private var done = false

    public init(maxBytes: Int = HTTPHeadParser.defaultMaxBytes) {
        self.maxBytes = maxBytes
    }

    /// Feeds bytes. One head per parser: after a `.request` or `.refused`
    /// answer, further feeds get `.refused(.badRequest)` (the board answers
    /// one request per connection, then closes or keeps the stream open).
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> Result {
        guard !done else { return .refused(.badRequest) }
        let searchFrom = max(0, buffer.count - 3)
        let room = maxBytes - buffer.count
        let take = min(room + 4, bytes.count)  // a terminator may straddle the cap
        if take > 0 { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<take])) }
        guard let end = Self.headEnd(buffer, from: searchFrom) else {
            if buffer.count >= maxBytes {
                done = true
                return .refused(.headTooLarge)
            }
            // A byte no head may hold, seen early: no need to wait for more.
            if buffer.contains(0) {
                done = true
                return .refused(.badRequest)
            }
            return .needMore
        }
        done = true
        if end > maxBytes { return .refused(.headTooLarge) }
        return Self.parse(buffer[0..<end])
    }

    public mutating func feed(_ bytes: [UInt8]) -> Result {
        bytes.withUnsafeBufferPointer { feed($0) }
    }

    /// The index just past the blank line (CRLF CRLF, or LF LF which RFC 9112 lets us accept).
    static func headEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    /// Parses a complete head (without caring what follows).
    static func parse(_ head: ArraySlice<UInt8>) -> Result {
        // A NUL anywhere is garbage — checked first, so the answer is the same
        // whether the NUL came before the end of the head arrived or with it.
        if head.contains(0) { return .refused(.badRequest) }
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        for index in head.indices where head[index] == 0x0A {
            var line = head[start..<index]
            if line.last == 0x0D { line = line.dropLast() }
            lines.append(line)
            start = index + 1
        }
        // Leading empty lines before the request line are allowed (RFC 9112 §2.2).
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        guard let requestLine = lines.first else { return .refused(.badRequest) }
        if lines.count > maxHeaderLines + 2 { return .refused(.headTooLarge) }

        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { return .refused(.badRequest) }
        guard parts[0].allSatisfy(isTokenByte) else { return .refused(.badRequest) }
        let version = String(decoding: parts[2], as: UTF8.self)
        let digits = Array(parts[2].dropFirst(5))
        guard version.hasPrefix("HTTP/"), digits.count == 3, digits[1] == UInt8(ascii: "."),
              isDigit(digits[0]), isDigit(digits[2]) else { return .refused(.badRequest) }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return .refused(.versionNotSupported) }
        let target = parts[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .refused(.badRequest)
        }

        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .refused(.badRequest) }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else { return .refused(.badRequest) }
            let value = line[(colon + 1)...]
            guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else { return .refused(.badRequest) }
            let key = String(decoding: name, as: UTF8.self).lowercased()
            let text = String(decoding: value, as: UTF8.self).trimmingSpaces()
            if headers[key] == nil { headers[key] = text }
        }
        if version == "HTTP/1.1" && headers["host"] == nil { return .refused(.badRequest) }

        // Only after the head is well formed does the method matter: garbage is 400, not 405.
        guard let method = HTTPRequestHead.Method(rawValue: String(decoding: parts[0], as: UTF8.self)) else {
            return .refused(.methodNotAllowed)
        }
        let (path, query) = splitTarget(target)
        return .request(HTTPRequestHead(method: method, path: path, query: query, headers: headers))
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// RFC 9110 token characters (method and header names).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    static func splitTarget(_ target: ArraySlice<UInt8>) -> (String, [String: String]) {
        let question = target.firstIndex(of: UInt8(ascii: "?"))
        let pathBytes = target[target.startIndex..<(question ?? target.endIndex)]
        var query: [String: String] = [:]
        if let question {
            for pair in target[(question + 1)...].split(separator: UInt8(ascii: "&")) {
                let halves = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
                let name = percentDecoded(halves[0])
                let value = halves.count > 1 ? percentDecoded(halves[1]) : ""
                if query[name] == nil { query[name] = value }
            }
        }
        return (percentDecoded(pathBytes, plusIsSpace: false), query)
    }

    /// `%41` → `A`, `+` → space in query parts; a broken escape stays as written.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool = true) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
                continue
            }
            out.append(plusIsSpace && byte == UInt8(ascii: "+") ? 0x20 : byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (no Foundation in AulaNet).
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
