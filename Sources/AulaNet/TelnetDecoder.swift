/// A telnet command found in the input stream.
public enum TelnetCommand: Sendable, Equatable {
    /// IAC WILL option: the client offers (or agrees) to do an option.
    case will(UInt8)
    /// IAC WONT option.
    case wont(UInt8)
    /// IAC DO option: the client asks the server to do an option.
    case doRequest(UInt8)
    /// IAC DONT option.
    case dontRequest(UInt8)
    /// IAC SB option payload IAC SE (payload un-doubled, capped in size).
    case subnegotiation(option: UInt8, payload: [UInt8])
    /// Any other two-byte command (NOP, GA, AYT, ...).
    case other(UInt8)
}

/// Telnet byte values used by the decoder and the negotiator.
public enum Telnet {
    public static let iac: UInt8 = 255
    public static let dont: UInt8 = 254
    public static let `do`: UInt8 = 253
    public static let wont: UInt8 = 252
    public static let will: UInt8 = 251
    public static let sb: UInt8 = 250
    public static let se: UInt8 = 240
    public static let echo: UInt8 = 1
    public static let suppressGoAhead: UInt8 = 3
    public static let terminalType: UInt8 = 24
    public static let windowSize: UInt8 = 31
}

/// Removes telnet IAC sequences from a byte stream, reporting them as
/// commands; keeps its state between reads so sequences may be split anywhere.
public struct TelnetDecoder: Sendable {
    private enum State: Sendable {
        case data, iac, verb(UInt8), sbOption, sb, sbIAC
    }

    /// Longest subnegotiation payload kept; the rest is skipped (terminal
    /// names and window sizes are short, a hostile client may send megabytes).
    public static let maxSubnegotiationBytes = 64

    private var state = State.data
    private var sbOption: UInt8 = 0
    private var sbPayload: [UInt8] = []
    /// Whether the client has ever sent an IAC.
    public private(set) var sawIAC = false

    public init() {}

    /// Decodes `bytes`, passing runs of plain data (borrowed, valid only
    /// during the call) and commands, in stream order.
    public mutating func feed(
        _ bytes: UnsafeBufferPointer<UInt8>,
        data: (UnsafeBufferPointer<UInt8>) -> Void,
        command: (TelnetCommand) -> Void
    ) {
        var index = 0
        let count = bytes.count
        while index < count {
            if case .data = state {
                var end = index
                while end < count && bytes[end] != Telnet.iac { end += 1 }
                if end > index {
                    data(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                }
                if end < count {
                    sawIAC = true
                    state = .iac
                    index = end + 1
                } else {
                    index = end
                }
                continue
            }
            step(bytes[index], data: data, command: command)
            index += 1
        }
    }

    private mutating func step(
        _ byte: UInt8,
        data: (UnsafeBufferPointer<UInt8>) -> Void,
        command: (TelnetCommand) -> Void
    ) {
        switch state {
        case .data:
            break  // handled in feed
        case .iac:
            afterIAC(byte, data: data, command: command)
        case .verb(let verb):
            state = .data
            switch verb {
            case Telnet.will: command(.will(byte))
            case Telnet.wont: command(.wont(byte))
            case Telnet.do: command(.doRequest(byte))
            default: command(.dontRequest(byte))
            }
        case .sbOption:
            sbOption = byte
            sbPayload.removeAll(keepingCapacity: false)
            state = .sb
        case .sb:
            if byte == Telnet.iac {
                state = .sbIAC
            } else {
                appendToSubnegotiation(byte)
            }
        case .sbIAC:
            if byte == Telnet.iac {
                appendToSubnegotiation(byte)
                state = .sb
            } else {
                let payload = sbPayload
                sbPayload = []
                command(.subnegotiation(option: sbOption, payload: payload))
                if byte == Telnet.se {
                    state = .data
                } else {
                    // A broken subnegotiation: treat the byte as a fresh command.
                    afterIAC(byte, data: data, command: command)
                }
            }
        }
    }

    private mutating func afterIAC(
        _ byte: UInt8,
        data: (UnsafeBufferPointer<UInt8>) -> Void,
        command: (TelnetCommand) -> Void
    ) {
        switch byte {
        case Telnet.iac:
            state = .data
            withUnsafePointer(to: Telnet.iac) { data(UnsafeBufferPointer(start: $0, count: 1)) }
        case Telnet.will, Telnet.wont, Telnet.do, Telnet.dont:
            state = .verb(byte)
        case Telnet.sb:
            state = .sbOption
        default:
            state = .data
            command(.other(byte))
        }
    }

    private mutating func appendToSubnegotiation(_ byte: UInt8) {
        if sbPayload.count < Self.maxSubnegotiationBytes { sbPayload.append(byte) }
    }

    /// Convenience for tests and tools: decodes an array at once.
    public mutating func feed(_ bytes: [UInt8]) -> (data: [UInt8], commands: [TelnetCommand]) {
        var out: [UInt8] = []
        var commands: [TelnetCommand] = []
        bytes.withUnsafeBufferPointer { buffer in
            feed(buffer, data: { out.append(contentsOf: $0) }, command: { commands.append($0) })
        }
        return (out, commands)
    }
}
