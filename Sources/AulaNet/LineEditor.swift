/// The line editing of `aula admin` on a terminal (issue 16), as a pure state
/// machine so it can be tested without a terminal: bytes become keys
/// (`KeyDecoder`), keys change the buffer, the cursor and the session's
/// history (`LineEditor`). The terminal itself (raw mode, drawing) lives in
/// Sources/aula/AdminTerminal.swift.
public enum EditorKey: Equatable, Sendable {
    case text(Character)
    case left, right, home, end, up, down
    case backspace, delete
    case enter
    /// Ctrl-C: clears the line (it never kills the console).
    case interrupt
    /// Ctrl-D: leaves on an empty line, deletes under the cursor otherwise.
    case endOfInput
}

/// Turns terminal bytes into keys: UTF-8 text, control keys and the ANSI/VT
/// escape sequences terminals send for arrows, Home, End and Delete.
/// Unknown escape sequences are swallowed whole, never typed as text.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    public mutating func feed(_ bytes: [UInt8]) -> [EditorKey] {
        pending += bytes
        var keys: [EditorKey] = []
        while !pending.isEmpty {
            guard let (key, used) = decode(pending) else { break }  // incomplete: wait for more bytes
            pending.removeFirst(used)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// One key from the start of `b` and the bytes it took; nil when incomplete.
    private func decode(_ b: [UInt8]) -> (EditorKey?, Int)? {
        let first = b[0]
        switch first {
        case 0x1B:
            guard b.count >= 2 else { return nil }
            guard b[1] == UInt8(ascii: "[") || b[1] == UInt8(ascii: "O") else { return (nil, 1) }  // a lone Esc
            // ESC [ params final: final byte in 0x40...0x7E.
            var i = 2
            while i < b.count, !(0x40...0x7E).contains(b[i]) { i += 1 }
            guard i < b.count else { return b.count > 16 ? (nil, b.count) : nil }
            let params = String(decoding: b[2..<i], as: UTF8.self)
            let key: EditorKey?
            switch (b[i], params) {
            case (UInt8(ascii: "A"), _): key = .up
            case (UInt8(ascii: "B"), _): key = .down
            case (UInt8(ascii: "C"), _): key = .right
            case (UInt8(ascii: "D"), _): key = .left
            case (UInt8(ascii: "H"), _): key = .home
            case (UInt8(ascii: "F"), _): key = .end
            case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): key = .home
            case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): key = .end
            case (UInt8(ascii: "~"), "3"): key = .delete
            default: key = nil
            }
            return (key, i + 1)
        case 0x01: return (.home, 1)          // Ctrl-A
        case 0x05: return (.end, 1)           // Ctrl-E
        case 0x02: return (.left, 1)          // Ctrl-B
        case 0x06: return (.right, 1)         // Ctrl-F
        case 0x10: return (.up, 1)            // Ctrl-P
        case 0x0E: return (.down, 1)          // Ctrl-N
        case 0x03: return (.interrupt, 1)
        case 0x04: return (.endOfInput, 1)
        case 0x08, 0x7F: return (.backspace, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x00..<0x20: return (nil, 1)     // other control characters: ignored
        default:
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard b.count >= length else { return nil }
            let s = String(decoding: b[0..<length], as: UTF8.self)
            return (s.first.map { .text($0) }, length)
        }
    }
}

/// The line being typed, its cursor and the history of this session.
public struct LineEditor: Sendable {
    public enum Outcome: Equatable, Sendable {
        /// The line changed (or the cursor moved): draw it again.
        case redraw
        /// Enter: the line to send (it is now in the history unless hidden or blank).
        case submit(String)
        /// Ctrl-D on an empty line.
        case leave
    }

    public private(set) var buffer: [Character] = []
    public private(set) var cursor = 0
    public private(set) var history: [String] = []
    /// Where Up/Down is in the history (`history.count`: the line being typed).
    private var historyIndex = 0
    /// The line being typed before Up was pressed, given back by Down.
    private var draft: [Character] = []
    /// At a password prompt: the line is not drawn and never kept in the history.
    public var hidden = false
    public let historyLimit: Int

    public init(historyLimit: Int = 200) {
        self.historyLimit = historyLimit
    }

    public var line: String { String(buffer) }

    public mutating func handle(_ key: EditorKey) -> Outcome {
        switch key {
        case .text(let c):
            buffer.insert(c, at: cursor)
            cursor += 1
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(buffer.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = buffer.count
        case .backspace:
            if cursor > 0 {
                buffer.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < buffer.count { buffer.remove(at: cursor) }
        case .endOfInput:
            if buffer.isEmpty { return .leave }
            if cursor < buffer.count { buffer.remove(at: cursor) }
        case .interrupt:
            buffer = []
            cursor = 0
            historyIndex = history.count
        case .up:
            guard !hidden, historyIndex > 0 else { return .redraw }
            if historyIndex == history.count { draft = buffer }
            historyIndex -= 1
            buffer = Array(history[historyIndex])
            cursor = buffer.count
        case .down:
            guard !hidden, historyIndex < history.count else { return .redraw }
            historyIndex += 1
            buffer = historyIndex == history.count ? draft : Array(history[historyIndex])
            cursor = buffer.count
        case .enter:
            let line = String(buffer)
            if !hidden, !line.allSatisfy({ $0 == " " }), history.last != line {
                history.append(line)
                if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
            }
            buffer = []
            cursor = 0
            draft = []
            historyIndex = history.count
            return .submit(line)
        }
        return .redraw
    }
}
