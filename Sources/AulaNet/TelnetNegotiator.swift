/// Answers a telnet client's option negotiation: accepts NAWS and TTYPE
/// (running the MTTS cycle), controls ECHO for hidden input, and refuses
/// everything else exactly once so no loop starts — suppress-go-ahead too:
/// PuTTY (and plink) leave their own line editing when the server agrees to
/// it, and then send every key as typed, echoing Backspace as `^?` and Enter
/// as `^M` (a play test, docs/clients.md). Refused, they edit the line
/// locally and send it whole, as `telnet` does. The server never sends GA.
/// Its offer goes only to clients that showed they speak telnet (see
/// `Connection.judgeLineEnding`): a raw `nc` never sees a byte of it.
public struct TelnetNegotiator: Sendable {
    /// What the negotiator wants sent back and what the server should hear.
    public struct Response: Sendable, Equatable {
        public var reply: [UInt8] = []
        public var notices: [NetNotice] = []
        public init(reply: [UInt8] = [], notices: [NetNotice] = []) {
            self.reply = reply
            self.notices = notices
        }
    }

    private struct OptionState: Sendable {
        var enabled = false
        var requested = false  // we sent DO/WILL and wait for the answer
    }

    /// How many TTYPE replies are read: client name, terminal, then "MTTS n".
    static let terminalTypeRounds = 3
    static let screenReaderFlag = 64

    private var clientNAWS = OptionState()
    private var clientTTYPE = OptionState()
    private var serverEcho = OptionState()
    private var refusedClientOptions: [UInt8] = []
    private var refusedServerOptions: [UInt8] = []
    private var terminalTypeReplies = 0
    private var lastTerminalType: [UInt8] = []
    private var reportedScreenReader = false
    private var started = false

    public init() {}

    /// Whether the server currently hides the client's typing (WILL ECHO agreed or asked).
    public var echoHidden: Bool { serverEcho.enabled || serverEcho.requested }

    /// The opening offer, sent once when the client is known to speak telnet:
    /// DO NAWS, DO TTYPE.
    public mutating func start() -> [UInt8] {
        guard !started else { return [] }
        started = true
        var out: [UInt8] = []
        for option in [Telnet.windowSize, Telnet.terminalType] {
            out += [Telnet.iac, Telnet.do, option]
        }
        clientNAWS.requested = true
        clientTTYPE.requested = true
        return out
    }

    public mutating func handle(_ command: TelnetCommand) -> Response {
        var response = Response()
        switch command {
        case .will(let option):
            clientWill(option, &response)
        case .wont(let option):
            clientWont(option, &response)
        case .doRequest(let option):
            clientAsksDo(option, &response)
        case .dontRequest(let option):
            clientAsksDont(option, &response)
        case .subnegotiation(let option, let payload):
            subnegotiation(option, payload, &response)
        case .other:
            break
        }
        return response
    }

    /// IAC WILL ECHO to hide typing (password prompts), IAC WONT ECHO to show it again.
    public mutating func setEchoHidden(_ hidden: Bool) -> [UInt8] {
        if hidden {
            guard !serverEcho.enabled && !serverEcho.requested else { return [] }
            serverEcho.requested = true
            refusedServerOptions.removeAll { $0 == Telnet.echo }
            return [Telnet.iac, Telnet.will, Telnet.echo]
        } else {
            guard serverEcho.enabled || serverEcho.requested else { return [] }
            serverEcho = OptionState()
            return [Telnet.iac, Telnet.wont, Telnet.echo]
        }
    }

    // MARK: the client's side of an option (WILL/WONT from the client)

    private mutating func clientWill(_ option: UInt8, _ response: inout Response) {
        switch option {
        case Telnet.windowSize:
            acceptClientOption(&clientNAWS, option, &response)
        case Telnet.terminalType:
            let wasEnabled = clientTTYPE.enabled
            acceptClientOption(&clientTTYPE, option, &response)
            if !wasEnabled { askTerminalType(&response) }
        default:
            if !refusedClientOptions.contains(option) {
                refusedClientOptions.append(option)
                response.reply += [Telnet.iac, Telnet.dont, option]
            }
        }
    }

    private func acceptClientOption(_ state: inout OptionState, _ option: UInt8, _ response: inout Response) {
        guard !state.enabled else { return }
        if !state.requested { response.reply += [Telnet.iac, Telnet.do, option] }
        state = OptionState(enabled: true, requested: false)
    }

    private mutating func clientWont(_ option: UInt8, _ response: inout Response) {
        switch option {
        case Telnet.windowSize: declineClientOption(&clientNAWS, option, &response)
        case Telnet.terminalType: declineClientOption(&clientTTYPE, option, &response)
        default: break
        }
    }

    private func declineClientOption(_ state: inout OptionState, _ option: UInt8, _ response: inout Response) {
        if state.enabled { response.reply += [Telnet.iac, Telnet.dont, option] }
        state = OptionState()
    }

    // MARK: the server's side of an option (DO/DONT from the client)

    private mutating func clientAsksDo(_ option: UInt8, _ response: inout Response) {
        switch option {
        case Telnet.echo where serverEcho.enabled:
            break
        case Telnet.echo where serverEcho.requested:
            serverEcho = OptionState(enabled: true, requested: false)
        default:
            if !refusedServerOptions.contains(option) {
                refusedServerOptions.append(option)
                response.reply += [Telnet.iac, Telnet.wont, option]
            }
        }
    }

    private mutating func clientAsksDont(_ option: UInt8, _ response: inout Response) {
        switch option {
        case Telnet.echo:
            if serverEcho.enabled { response.reply += [Telnet.iac, Telnet.wont, option] }
            serverEcho = OptionState()
        default:
            break
        }
    }

    // MARK: subnegotiations

    private mutating func subnegotiation(_ option: UInt8, _ payload: [UInt8], _ response: inout Response) {
        switch option {
        case Telnet.windowSize where payload.count >= 4:
            let width = Int(payload[0]) << 8 | Int(payload[1])
            let height = Int(payload[2]) << 8 | Int(payload[3])
            response.notices.append(.windowSize(width: width, height: height))
        case Telnet.terminalType where payload.first == 0:  // TTYPE IS name
            terminalTypeReply(Array(payload.dropFirst()), &response)
        default:
            break
        }
    }

    private mutating func terminalTypeReply(_ name: [UInt8], _ response: inout Response) {
        guard clientTTYPE.enabled else { return }
        terminalTypeReplies += 1
        let text = String(decoding: name, as: UTF8.self).uppercased()
        if text.hasPrefix("MTTS ") {
            let flags = Int(text.dropFirst(5).trimmingSpaces) ?? 0
            if flags & Self.screenReaderFlag != 0 && !reportedScreenReader {
                reportedScreenReader = true
                response.notices.append(.screenReader)
            }
            return  // MTTS is the last useful answer of the cycle
        }
        let repeated = name == lastTerminalType
        if terminalTypeReplies == 1 { response.notices.append(.terminalType(String(decoding: name, as: UTF8.self))) }
        lastTerminalType = name
        if !repeated && terminalTypeReplies < Self.terminalTypeRounds {
            askTerminalType(&response)
        }
    }

    private func askTerminalType(_ response: inout Response) {
        response.reply += [Telnet.iac, Telnet.sb, Telnet.terminalType, 1, Telnet.iac, Telnet.se]
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
