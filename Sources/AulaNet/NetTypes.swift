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
    /// Whether loopback peers skip the per-address limit.
    public var exemptLoopback = true
    /// Open connections past which newcomers are told the server is full.
    public var maxConnections = 20_000
    /// Queued output past which a client that stopped reading is cut off.
    public var maxOutputBytes = 512 * 1024
    /// Seconds a graceful `close()` may take to flush before the socket is dropped.
    public var closeGraceSeconds: Double = 2
    public init() {}
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
    /// Telnet NAWS: the client's window size.
    case windowSize(width: Int, height: Int)
    /// Telnet TTYPE/MTTS: the client reported the screen-reader flag (64).
    case screenReader
}

/// Why a connection ended.
public enum CloseReason: Sendable, Equatable {
    case clientClosed, idleTimeout, outputOverflow, serverClosed, error(Int32)
}

/// Why a newcomer was turned away at the door.
public enum AdmissionRefusal: Sendable, Equatable { case serverFull, tooManyFromAddress }

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
