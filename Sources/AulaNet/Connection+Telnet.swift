/// A telnet client's negotiation state, kept apart from `Connection` (issue
/// 20): a raw client — `nc`, a JSON client — never negotiates, so it never
/// pays for this. Made the first time the server offers telnet options or the
/// client sends an IAC. Loop thread only.
final class TelnetSession {
    var negotiator = TelnetNegotiator()
    /// Telnet commands answered in the current second (a storm is ignored past a budget).
    var windowStart = 0.0
    var commandsInWindow = 0
}

extension Connection {
    /// This connection's telnet state, made when first needed.
    var telnetSession: TelnetSession {
        if let session = telnetState { return session }
        let session = TelnetSession()
        telnetState = session
        return session
    }
}
