import CShims

/// One client socket, owned by its loop: decodes telnet, frames and cleans
/// lines, enforces the limits, and buffers output with back-pressure.
/// Loop thread only.
public final class Connection: FileEventTarget {
    enum Phase {
        case open
        /// `close()` was asked: flushing what is queued, input ignored.
        case flushing
        /// Output flushed and our side shut down; reading until the peer closes.
        case draining
        case closed
    }

    // The stored properties are declared widest first, the one-byte flags
    // together at the end: Swift lays a class out in declaration order, and a
    // Bool between two 8-byte fields costs 8 bytes. An idle student is mostly
    // this object (issue 20: 360 → 264 bytes with the telnet state apart).

    public let id: UInt64
    public let peerAddress: String
    /// The server hangs its session here.
    public var userData: AnyObject?
    /// Strong on purpose: a closing connection may outlive the server's own reference.
    let listener: Listener
    // The listener's, held here: read on every line and every write, and a
    // trip through the listener costs a retain of it each time.
    let loop: EventLoop
    /// The listener's limits, shared by all its connections (a copy each
    /// cost ~100 bytes per idle student); read often, never changed.
    let sharedLimits: SharedLimits
    let handler: ConnectionHandler
    var index = -1

    var lastInput: Double
    var rateWindowStart: Double
    var linesInWindow = 0
    var lastThrottleNotice = -Double.infinity
    /// When the socket was accepted: the login deadline counts from here.
    let openedAt: Double

    // output
    var output: [UInt8] = []
    var outputStart = 0

    // input
    var decoder = TelnetDecoder()
    var framer = LineFramer()
    /// Negotiation state, only for a client that speaks telnet or was offered it
    /// (Connection+Telnet.swift); nil for raw clients.
    var telnetState: TelnetSession?
    private var closeTimer: TimerID?
    /// A higher flood limit for a while (e.g. while a student pastes a
    /// program into the code editor); nil: the listener's limit.
    public var linesPerSecondOverride: Int? {
        didSet { if linesPerSecondOverride != nil { overrideEndsWithWindow = false } }
    }
    /// The override lasts to the end of the current second (a pasted program's
    /// `.`, `run`, `time` typed with it: session 10, they were dropped).
    var overrideEndsWithWindow = false

    /// A linger was granted in this second's window already (at most one a second).
    var lingeredInWindow = false

    /// Ends the override, leaving the rest of this second the ordinary number
    /// of lines again (once a second: opening and closing the editor over and
    /// over must not buy a flooder more).
    public func endLinesPerSecondOverrideAfterThisSecond() {
        guard linesPerSecondOverride != nil else { return }
        guard !lingeredInWindow else {
            linesPerSecondOverride = nil
            return
        }
        lingeredInWindow = true
        linesPerSecondOverride = linesInWindow + limits.linesPerSecond
        overrideEndsWithWindow = true
    }
    var closeReason = CloseReason.serverClosed
    let fd: Int32
    private var interest: UInt32 = AULA_EV_IN

    // one-byte state, packed
    var phase = Phase.open
    public let isLoopback: Bool
    /// False from the moment a close starts; sends are then ignored.
    public private(set) var isOpen = true
    private var peerFinished = false
    /// The client has sent an IAC itself: it speaks telnet.
    var spokeTelnet = false
    /// DO NAWS / DO TTYPE went out (the client sent IAC, or ended its first
    /// line with CR as telnet clients do; raw `nc` ends it with LF).
    var telnetOffered = false
    /// The first line's ending has been looked at (the rule is decided once).
    var lineEndingJudged = false
    /// Hidden typing asked for after the offer but before the client's first
    /// IAC answer: sent as soon as it answers, never to a client that does not.
    var echoWanted: Bool?
    var idleWarned = false
    /// Counted in its address's pre-login budget (until `markLoggedIn()`,
    /// a displacement or the close).
    var countsAsPreLogin = true
    /// Counted in its address's open connections (until it starts closing:
    /// a socket saying goodbye holds no place under the per-address cap).
    var countedInBudget = true
    /// Has sent at least one line (a socket that never did may be displaced).
    var sentALine = false
    /// Counted in the listener's `closingCount` (flushing or draining).
    var countedClosing = false
    var queuedForFlush = false
    /// The kernel refused bytes: EPOLLOUT is wanted.
    var waitingForWritable = false
    /// Whether `markLoggedIn()` was called.
    public private(set) var isLoggedIn = false
    /// Whether the line being delivered to `received` had control characters,
    /// escape sequences or invalid UTF-8 removed or replaced (a name must then
    /// be refused, not silently cleaned). Valid during that call.
    public internal(set) var lastLineWasCleaned = false
    /// The end-of-turn flush waits for `releaseOutput()` (Connection+Hold.swift).
    var outputHeld = false

    /// Past this much queued output a write is tried at once instead of at the end of the turn.
    static let eagerFlushBytes = 64 * 1024

    init(id: UInt64, fd: Int32, peerAddress: String, isLoopback: Bool, listener: Listener, now: Double) {
        self.id = id
        self.fd = fd
        self.peerAddress = peerAddress
        self.isLoopback = isLoopback
        self.listener = listener
        self.loop = listener.loop
        self.sharedLimits = listener.sharedLimits
        self.handler = listener.handler
        self.lastInput = now
        self.rateWindowStart = now
        self.openedAt = now
    }

    /// The server says this connection finished logging in: the login
    /// deadline no longer applies and it leaves its address's pre-login count.
    public func markLoggedIn() {
        guard !isLoggedIn else { return }
        isLoggedIn = true
        guard countsAsPreLogin else { return }
        countsAsPreLogin = false
        listener.budget.loggedIn(peerAddress)
    }

    /// A newer connection from the same address takes this one's login slot.
    func displace() {
        guard phase == .open else { return }
        if countsAsPreLogin {
            countsAsPreLogin = false
            listener.budget.loggedIn(peerAddress)  // no longer waiting to log in: it is leaving
        }
        handler.connection(self, notice: .displacedClosing)
        beginClose(.displaced)
    }

    var limits: NetLimits { sharedLimits.value }

    /// The client has sent at least one IAC, so telnet replies are safe.
    public var telnetSeen: Bool { spokeTelnet }
    /// The server offered telnet options to this client (see `telnetOffered`).
    public var telnetOfferSent: Bool { telnetOffered }

    /// Bytes queued and not yet accepted by the kernel.
    public var bufferedOutputBytes: Int { output.count - outputStart }

    // MARK: events from the loop

    func handleEvents(_ events: UInt32) {
        if events & (AULA_EV_IN | AULA_EV_ERR | AULA_EV_HUP) != 0 {
            readOnce()
        }
        if phase != .closed && events & AULA_EV_OUT != 0 {
            writeQueued()
        }
        // A hang-up while closing: nothing more can be delivered, and a
        // level-triggered HUP would otherwise wake the loop until the grace ends.
        if phase != .open && phase != .closed && events & (AULA_EV_ERR | AULA_EV_HUP) != 0 {
            finish()
        }
    }

    /// Right after the greeting: a client that wrote before it was accepted (a
    /// script, the bench's students typing `mode json` and a name at once) is
    /// read now, so the greeting leaves with the answers (one send, not two,
    /// with the output hold of Connection+Hold.swift). A client that waits for
    /// the greeting costs one read that finds nothing (issue 20).
    func readAtAccept() {
        guard phase == .open else { return }
        readOnce()
    }

    /// One read of at most the loop's budget; level-triggered epoll brings us
    /// back next turn if more is waiting.
    private func readOnce() {
        guard phase != .closed else { return }
        let buffer = loop.readBuffer
        let count = aula_recv(fd, buffer.baseAddress, buffer.count)
        if count > 0 {
            guard phase == .open else { return }  // closing: input is discarded
            let bytes = UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
            receive(bytes)
            return
        }
        if count == 0 {
            peerFinished = true
            switch phase {
            case .open: beginClose(.clientClosed)
            case .flushing: updateInterest()
            case .draining, .closed: finish()
            }
            return
        }
        let code = aula_errno()
        if code == AULA_EAGAIN || code == AULA_EINTR { return }
        fail(code)
    }

    /// A socket error: the connection ends now.
    func fail(_ code: Int32) {
        if phase == .open {
            closeReason = (code == AULA_ECONNRESET || code == AULA_EPIPE) ? .clientClosed : .error(code)
        }
        finish()
    }

    // MARK: closing

    /// Flushes what is queued, then closes (bounded: dropped after `closeGraceSeconds`).
    public func close() {
        beginClose(.serverClosed)
    }

    /// Closes at once, discarding queued output.
    public func closeNow() {
        closeNow(reason: .serverClosed)
    }

    func closeNow(reason: CloseReason) {
        guard phase != .closed else { return }
        if phase == .open { closeReason = reason }
        finish()
    }

    func beginClose(_ reason: CloseReason) {
        guard phase == .open else { return }
        releaseOutput()  // a goodbye never waits behind a hold
        closeReason = reason
        isOpen = false
        phase = .flushing
        listener.closingStarted(self)
        if bufferedOutputBytes == 0 && peerFinished {
            finish()  // nothing to send, no one to wait for: no grace timer to set and cancel
            return
        }
        closeTimer = loop.schedule(after: limits.closeGraceSeconds) { [weak self] in
            self?.closeTimer = nil
            self?.finish()
        }
        if bufferedOutputBytes == 0 {
            outputDrained()
        } else {
            updateInterest()
        }
    }

    /// Everything queued reached the kernel: if closing, half-close and wait
    /// for the peer (closing with unread input would reset the connection and
    /// could lose the goodbye line).
    func outputDrained() {
        guard phase == .flushing else { return }
        if peerFinished {
            finish()
            return
        }
        phase = .draining
        if aula_shutdown_write(fd) != 0 {
            finish()
            return
        }
        updateInterest()
    }

    /// Closes the socket and tells the handler (after its current call returns).
    func finish() {
        guard phase != .closed else { return }
        phase = .closed
        isOpen = false
        if let timer = closeTimer {
            loop.cancel(timer)
            closeTimer = nil
        }
        loop.unregister(fd: fd)
        _ = aula_close(fd)
        output = []
        outputStart = 0
        listener.remove(self)
        let reason = closeReason
        let handler = self.handler
        loop.afterCallback { [self] in handler.connectionClosed(self, reason: reason) }
    }

    /// Epoll interest: input until the peer has finished sending (while
    /// closing it is read and discarded), output while the kernel is full.
    func updateInterest() {
        guard phase != .closed else { return }
        var wanted: UInt32 = peerFinished ? 0 : AULA_EV_IN
        if waitingForWritable { wanted |= AULA_EV_OUT }
        if wanted != interest {
            interest = wanted
            loop.modify(fd: fd, events: wanted)
        }
    }
}

/// A listener's limits, shared by reference by its connections.
final class SharedLimits {
    let value: NetLimits

    init(_ value: NetLimits) {
        self.value = value
    }
}
