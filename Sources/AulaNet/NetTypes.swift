/// Identifies a scheduled timer so it can be cancelled.
public typealias TimerID = UInt64

/// Limits that protect the server from misbehaving or overeager clients.
public struct NetLimits: Sendable {
    /// Longest accepted input line in bytes; longer lines are discarded.
    public var maxLineBytes = 1024
    /// Lines accepted per connection per second; extra lines are dropped.
    public var linesPerSecond = 20
    /// Seconds without input before one `.idleWarning`.
    public var idleWarningAfter: Double = 29 * 60
    /// Seconds without input before the connection is closed.
    public var idleTimeout: Double = 30 * 60
    /// New connections accepted per address per second (excess held, then refused).
    public var newConnectionsPerAddressPerSecond = 20
    /// Whether the server's own machine (exactly 127.0.0.1 or ::1 — other
    /// 127.x addresses count as strangers, which is how tests play them)
    /// skips the per-address limits: the new-connection rate, `maxPerAddress`
    /// and, unless `preLoginCapCoversLoopback`, `maxPreLoginPerAddress`.
    public var exemptLoopback = true
    /// Open connections past which newcomers are told the server is full.
    public var maxConnections = 20_000
    /// Queued output past which a client that stopped reading is cut off.
    public var maxOutputBytes = 512 * 1024
    /// Seconds a graceful `close()` may take to flush before the socket is dropped.
    public var closeGraceSeconds: Double = 2

    // Limits like OpenSSH's `LoginGraceTime` / `MaxStartups` (issue 12, defect 9).
    /// Seconds a newcomer has to finish logging in (until the server calls
    /// `Connection.markLoggedIn()`); then `.loginTimeoutClosing` and the
    /// connection closes. 0 = no deadline.
    public var loginTimeout: Double = 90
    /// Open connections per address, logged in or not; newcomers past it are refused.
    public var maxPerAddress = 50
    /// Connections per address that have not finished logging in.
    public var maxPreLoginPerAddress = 10
    /// The pre-login cap counts 127.0.0.1 too, even with `exemptLoopback`
    /// (the admin console, where every teacher comes from the same machine).
    public var preLoginCapCoversLoopback = false
    /// What happens to a newcomer from an address at its pre-login cap.
    public var whenPreLoginFull = PreLoginFull.refuseNewcomer
    /// Bytes go to the handler as they arrive (`connection(_:receivedBytes:)`),
    /// with no telnet decoding, line framing or line limits: the board's HTTP
    /// listener, whose parser is its own bounded decoder.
    public var rawInput = false
    public init() {}

    /// These limits for the teachers' console: its own small cap (a listener
    /// of its own, so student sockets never use it up), a shorter login
    /// deadline, and a pre-login cap that covers 127.0.0.1 too; a newcomer
    /// there displaces the oldest socket that never typed a line, so idle
    /// local sockets cannot keep a teacher out.
    public func forAdminConsole(maxConnections: Int, loginTimeout: Double, maxPreLoginPerAddress: Int) -> NetLimits {
        var limits = self
        limits.maxConnections = maxConnections
        limits.maxPerAddress = maxConnections
        limits.loginTimeout = loginTimeout
        limits.maxPreLoginPerAddress = maxPreLoginPerAddress
        limits.preLoginCapCoversLoopback = true
        limits.whenPreLoginFull = .displaceOldestSilent
        return limits
    }
}

/// What a listener does when an address already has `maxPreLoginPerAddress`
/// sockets still logging in.
public enum PreLoginFull: Sendable, Equatable {
    /// The newcomer is told and closed (students: the cap only hurts the address that floods).
    case refuseNewcomer
    /// The oldest pre-login socket of that address that has not sent a line
    /// yet is told and closed to make room (the admin console); when every
    /// one of them has typed something, the newcomer is refused.
    case displaceOldestSilent
    /// The oldest pre-login socket of that address is told and closed, typed
    /// or not (the board, session 11: a head that trickles in a byte every
    /// half second is as stuck as a silent one, and a browser sends its whole
    /// head at once).
    case displaceOldest
}

/// Something the network layer tells the server about a connection.
public enum NetNotice: Sendable, Equatable {
    /// A line over `maxLineBytes` was discarded (once per such line).
    case lineTooLong
    /// Lines beyond `linesPerSecond` were dropped (at most once a second).
    case throttled
    /// No input for `idleWarningAfter` seconds (once per idle stretch).
    case idleWarning
    /// No input for `idleTimeout`: the connection closes right after this
    /// notice (what is sent now is flushed first); `connectionClosed` follows
    /// with `.idleTimeout`.
    case idleTimeoutClosing
    /// The login deadline passed (`loginTimeout`): the connection closes right
    /// after this notice; `connectionClosed` follows with `.loginTimeout`.
    case loginTimeoutClosing
    /// A newer connection from the same address took this one's login slot
    /// (`PreLoginFull.displaceOldestSilent`): it closes right after this notice.
    case displacedClosing
    /// Telnet NAWS: the client's window size.
    case windowSize(width: Int, height: Int)
    /// Telnet TTYPE/MTTS: the client reported the screen-reader flag (64).
    case screenReader
    /// Telnet TTYPE: the client's first answer (its name, e.g. "TINTIN++"), once.
    case terminalType(String)
}

/// Why a connection ended.
public enum CloseReason: Sendable, Equatable {
    case clientClosed, idleTimeout, outputOverflow, serverClosed, error(Int32)
    /// The login deadline passed, or a newer connection took the login slot.
    case loginTimeout, displaced
}

/// Why a newcomer was turned away at the door.
public enum AdmissionRefusal: Sendable, Equatable {
    case serverFull
    /// Too many new connections a second from the address.
    case tooManyFromAddress
    /// The address already has `maxPerAddress` connections open.
    case addressFull
    /// The address already has `maxPreLoginPerAddress` connections logging in.
    case tooManyLoggingIn
}

/// A failed system call, with its errno.
public struct NetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The operation that failed, e.g. "listen" or "epoll_create".
    public let operation: String
    /// The errno value.
    public let code: Int32
    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }
    public var description: String { "\(operation) failed (errno \(code))" }
}
