/// Cuts a byte stream into lines (LF, CRLF, CR NUL, or a lone CR), applies
/// backspace/DEL editing, and discards lines longer than the limit.
/// Holds only the unfinished line, so an idle connection costs nothing.
public struct LineFramer: Sendable {
    /// What the framer found.
    public enum Event {
        /// A complete line without its terminator (borrowed: valid only during the call).
        case line(UnsafeBufferPointer<UInt8>)
        /// A line grew past the limit; it is being discarded up to its end.
        case tooLong
    }

    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let backspace: UInt8 = 0x08
    static let delete: UInt8 = 0x7F
    private var pending: [UInt8] = []
    private var discarding = false
    private var afterCarriageReturn = false

    public init() {}

    /// Bytes of the unfinished line held right now.
    public var pendingBytes: Int { pending.count }
    /// The unfinished line's first bytes (at most `count`): what the first
    /// line started with when it arrived in pieces.
    func pendingPrefix(_ count: Int) -> ArraySlice<UInt8> { pending.prefix(count) }
    /// Bytes reserved for the unfinished line (0 between lines).
    public var pendingCapacity: Int { pending.capacity }

    public mutating func feed(
        _ bytes: UnsafeBufferPointer<UInt8>,
        maxLineBytes: Int,
        _ event: (Event) -> Void
    ) {
        var index = 0
        let count = bytes.count
        while index < count {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if bytes[index] == Self.lineFeed || bytes[index] == 0 {
                    index += 1
                    continue
                }
            }
            var end = index
            var edits = false
            while end < count {
                let byte = bytes[end]
                if byte == Self.lineFeed || byte == Self.carriageReturn { break }
                if byte == Self.backspace || byte == Self.delete { edits = true }
                end += 1
            }
            let segment = UnsafeBufferPointer(rebasing: bytes[index..<end])
            if end == count {
                append(segment, maxLineBytes: maxLineBytes, event)
                return
            }
            afterCarriageReturn = bytes[end] == Self.carriageReturn
            if pending.isEmpty && !discarding && !edits && segment.count <= maxLineBytes {
                event(.line(segment))  // the common case: no copy at all
            } else {
                append(segment, maxLineBytes: maxLineBytes, event)
                finishLine(event)
            }
            index = end + 1
        }
    }

    private mutating func append(
        _ segment: UnsafeBufferPointer<UInt8>,
        maxLineBytes: Int,
        _ event: (Event) -> Void
    ) {
        for byte in segment {
            if discarding { return }
            if byte == Self.backspace || byte == Self.delete {
                deleteLastCharacter()
                continue
            }
            pending.append(byte)
            if pending.count > maxLineBytes {
                discarding = true
                pending = []
                event(.tooLong)
            }
        }
    }

    /// Removes one whole UTF-8 scalar: trailing continuation bytes and their lead byte.
    private mutating func deleteLastCharacter() {
        while let last = pending.last, last & 0xC0 == 0x80 { pending.removeLast() }
        if !pending.isEmpty { pending.removeLast() }
    }

    private mutating func finishLine(_ event: (Event) -> Void) {
        if discarding {
            discarding = false
        } else {
            pending.withUnsafeBufferPointer { event(.line($0)) }
        }
        // Released, not kept for the next line: most lines arrive whole and are
        // never copied, and an idle student must hold no buffer (issue 20; a
        // client typing one character per packet pays one allocation a line).
        pending = []
    }

    /// Convenience for tests and tools: frames an array at once.
    public mutating func feed(_ bytes: [UInt8], maxLineBytes: Int) -> [FramedLine] {
        var out: [FramedLine] = []
        bytes.withUnsafeBufferPointer { buffer in
            feed(buffer, maxLineBytes: maxLineBytes) { event in
                switch event {
                case .line(let line): out.append(.line(Array(line)))
                case .tooLong: out.append(.tooLong)
                }
            }
        }
        return out
    }
}

/// An owned copy of a `LineFramer.Event`, for tests and tools.
public enum FramedLine: Sendable, Equatable {
    case line([UInt8])
    case tooLong
}
