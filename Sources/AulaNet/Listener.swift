import CShims

/// A listening socket on one loop: accepts newcomers, applies admission
/// limits, owns its connections and sweeps them once a second for idleness.
public final class Listener: FileEventTarget {
    /// The actual bound port (useful with port 0).
    public let port: Int
    public let host: String
    let limits: NetLimits
    /// The same limits in one shared box: each connection holds a reference
    /// (8 bytes) instead of its own copy (about 100), issue 20's idle memory.
    let sharedLimits: SharedLimits
    let handler: ConnectionHandler
    let loop: EventLoop

    private var fd: Int32
    private var gate: AdmissionGate
    /// Per-address counts of open and still-logging-in connections.
    var budget: AddressBudget
    private var held: [String: [HeldNewcomer]] = [:]
    private var heldCount = 0
    private var sweepTimer: TimerID?
    /// The next connection the sweep looks at (walking down; -1: from the end again),
    /// and how many slices ran since the per-address gate was last tidied.
    private var sweepCursor = -1
    private var sweepSlice = 0
    private var acceptPaused = false
    /// Open and closing connections; each knows its index for O(1) removal.
    private(set) var connections: [Connection] = []

    private struct HeldNewcomer {
        let fd: Int32
        let isLoopback: Bool
    }

    /// Accepts per readiness event; the rest wait for the next turn.
    static let acceptsPerTurn = 128
    static let sweepInterval = 1.0

    init(loop: EventLoop, fd: Int32, host: String, port: Int, limits: NetLimits, handler: ConnectionHandler) {
        self.loop = loop
        self.fd = fd
        self.host = host
        self.port = port
        self.limits = limits
        self.sharedLimits = SharedLimits(limits)
        self.handler = handler
        self.gate = AdmissionGate(perSecond: limits.newConnectionsPerAddressPerSecond)
        self.budget = AddressBudget(limits: limits)
    }

    /// Connections currently open (including ones still flushing a close).
    public var connectionCount: Int { connections.count }

    /// Connections open and not closing.
    public var liveConnectionCount: Int { connections.count - closingCount }

    /// Connections from `address` open now, and how many of them are still logging in.
    public func counts(from address: String) -> (open: Int, loggingIn: Int) {
        (budget.openCount(address), budget.preLoginCount(address))
    }

    /// Whether the listening socket is still accepting.
    public var isListening: Bool { fd >= 0 }

    /// Stops accepting; existing connections stay.
    public func stopAccepting() {
        guard fd >= 0 else { return }
        loop.unregister(fd: fd)
        _ = aula_close(fd)
        fd = -1
        for (_, newcomers) in held {
            for newcomer in newcomers { _ = aula_close(newcomer.fd) }
        }
        held = [:]
        heldCount = 0
    }

    /// Stops accepting and closes every connection (flushing queued output,
    /// reason `.serverClosed`).
    public func close() {
        stopAccepting()
        for connection in connections { connection.close() }
        if connections.isEmpty, let timer = sweepTimer {
            loop.cancel(timer)
            sweepTimer = nil
        }
    }

    // MARK: accepting

    func handleEvents(_ events: UInt32) {
        guard fd >= 0, !acceptPaused else { return }
        var accepted = 0
        while accepted < Self.acceptsPerTurn {
            var isLoopback: Int32 = 0
            var address = ""
            let newFD = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> Int32 in
                let result = aula_accept(fd, buffer.baseAddress, 64, &isLoopback)
                if result >= 0 { address = String(cString: buffer.baseAddress!) }
                return result
            }
            if newFD < 0 {
                let code = aula_errno()
                if code == AULA_EAGAIN { return }
                if code == AULA_ECONNABORTED || code == AULA_EINTR { continue }
                pauseAccepting()  // EMFILE and friends: level-triggered epoll would spin
                return
            }
            accepted += 1
            arrive(fd: newFD, address: address, isLoopback: isLoopback != 0)
        }
    }

    private func pauseAccepting() {
        acceptPaused = true
        loop.modify(fd: fd, events: 0)
        loop.schedule(after: 0.1) { [weak self] in
            guard let self, self.fd >= 0 else { return }
            self.acceptPaused = false
            self.loop.modify(fd: self.fd, events: AULA_EV_IN)
        }
    }

    /// Connections saying goodbye (flushing, or waiting up to `closeGraceSeconds`
    /// for the peer): they hold a socket but no place under the cap, so that
    /// sockets displaced or timed out never keep a newcomer out; they are
    /// bounded by the cap once more.
    private(set) var closingCount = 0

    func closingStarted(_ connection: Connection) {
        guard !connection.countedClosing else { return }
        connection.countedClosing = true
        closingCount += 1
        // Nor a place under its address's caps (session 11: 58 evicted board
        // streams, waiting to be hung up, kept their own address's page out).
        leaveBudget(connection)
    }

    private func leaveBudget(_ connection: Connection) {
        guard connection.countedInBudget else { return }
        connection.countedInBudget = false
        budget.closed(connection.peerAddress, preLogin: connection.countsAsPreLogin)
        connection.countsAsPreLogin = false
    }

    /// No room: the cap of live connections, or twice it counting those closing.
    private var isFull: Bool {
        connections.count - closingCount + heldCount >= limits.maxConnections
            || connections.count + heldCount >= 2 * limits.maxConnections
    }

    private func arrive(fd newFD: Int32, address: String, isLoopback: Bool) {
        if isFull && !reclaimClosing() {
            refuse(fd: newFD, .serverFull)
            return
        }
        let exempt = limits.exemptLoopback && AddressBudget.isOwnMachine(address)
        // An address over its caps is refused before it can take a place in the waiting line.
        if case .refuse(let refusal) = decide(address, exempt: exempt) {
            refuse(fd: newFD, refusal)
            return
        }
        if exempt {
            admitWithinBudget(fd: newFD, address: address, isLoopback: isLoopback)
            return
        }
        switch gate.arrive(from: address, now: loop.now) {
        case .admit:
            admitWithinBudget(fd: newFD, address: address, isLoopback: isLoopback)
        case .refuse:
            refuse(fd: newFD, .tooManyFromAddress)
        case .hold:
            let firstWaiting = held[address, default: []].isEmpty
            held[address, default: []].append(HeldNewcomer(fd: newFD, isLoopback: isLoopback))
            heldCount += 1
            if firstWaiting, let releaseAt = gate.releaseTime(for: address) {
                loop.schedule(after: releaseAt - loop.now) { [weak self] in self?.releaseHeld(address) }
            }
        }
    }

    private func decide(_ address: String, exempt: Bool) -> AddressBudget.Decision {
        budget.decide(address, exemptTotal: exempt,
                      exemptPreLogin: exempt && !limits.preLoginCapCoversLoopback)
    }

    /// Admits unless the address's caps say no; may first displace the
    /// address's oldest silent pre-login socket (the admin console's rule).
    private func admitWithinBudget(fd newFD: Int32, address: String, isLoopback: Bool) {
        let exempt = limits.exemptLoopback && AddressBudget.isOwnMachine(address)
        switch decide(address, exempt: exempt) {
        case .admit:
            admit(fd: newFD, address: address, isLoopback: isLoopback)
        case .admitDisplacing:
            guard let victim = oldestSilentPreLogin(from: address) else {
                refuse(fd: newFD, .tooManyLoggingIn)
                return
            }
            victim.displace()
            admit(fd: newFD, address: address, isLoopback: isLoopback)
        case .refuse(let refusal):
            refuse(fd: newFD, refusal)
        }
    }

    /// A scan, but only where displacing is the rule: the admin console and
    /// the board, whose caps are a few dozen sockets. `.displaceOldest` (the
    /// board) takes a socket that sent bytes too.
    private func oldestSilentPreLogin(from address: String) -> Connection? {
        var oldest: Connection?
        let anyInput = limits.whenPreLoginFull == .displaceOldest
        for connection in connections
        where connection.countsAsPreLogin && (anyInput || !connection.sentALine) && connection.phase == .open
            && connection.peerAddress == address {
            if oldest == nil || connection.id < oldest!.id { oldest = connection }
        }
        return oldest
    }

    /// Full only because of sockets saying goodbye (a burst of displaced or
    /// timed-out ones whose peers never hang up): the oldest half of them are
    /// closed now instead of at the end of their grace, and the newcomer gets
    /// in (session 11: 130 silent console sockets kept a teacher out for 2 s
    /// with "The server is full"). One scan frees many places, so a flood
    /// pays for it once per half-cap of newcomers, not once each.
    /// Returns whether there is room now.
    private func reclaimClosing() -> Bool {
        guard connections.count - closingCount + heldCount < limits.maxConnections, closingCount > 0 else { return false }
        var closing = connections.filter { $0.countedClosing && $0.phase != .closed }
        closing.sort { $0.id < $1.id }
        for connection in closing.prefix(max(1, closing.count / 2)) { connection.finish() }
        return !isFull
    }

    private func releaseHeld(_ address: String) {
        guard let newcomers = held.removeValue(forKey: address) else { return }
        heldCount -= newcomers.count
        gate.release(address, released: newcomers.count, now: loop.now)
        for (index, newcomer) in newcomers.enumerated() {
            if index >= gate.perSecond {
                refuse(fd: newcomer.fd, .tooManyFromAddress)
            } else if isFull && !reclaimClosing() {
                refuse(fd: newcomer.fd, .serverFull)
            } else {
                admitWithinBudget(fd: newcomer.fd, address: address, isLoopback: newcomer.isLoopback)
            }
        }
    }

    private func refuse(fd newFD: Int32, _ refusal: AdmissionRefusal) {
        var message = handler.refusalMessage(refusal)
        message.withUTF8 { bytes in
            if let base = bytes.baseAddress { _ = aula_send(newFD, base, bytes.count) }
        }
        _ = aula_close(newFD)
    }

    private func admit(fd newFD: Int32, address: String, isLoopback: Bool) {
        // TCP_NODELAY comes from the listening socket (`aula_listen`): Linux
        // copies it to each accepted one, a setsockopt per login saved (issue 20).
        let connection = Connection(
            id: loop.makeConnectionID(), fd: newFD, peerAddress: address,
            isLoopback: isLoopback, listener: self, now: loop.now)
        do {
            try loop.register(fd: newFD, target: connection, events: AULA_EV_IN)
        } catch {
            _ = aula_close(newFD)
            return
        }
        connection.index = connections.count
        connections.append(connection)
        budget.opened(address)
        handler.connectionOpened(connection)
        connection.readAtAccept()
    }

    /// Called by a connection once its socket is closed.
    func remove(_ connection: Connection) {
        let index = connection.index
        guard index >= 0, index < connections.count, connections[index] === connection else { return }
        let last = connections.removeLast()
        if index < connections.count {
            connections[index] = last
            last.index = index
        }
        connection.index = -1
        leaveBudget(connection)
        if connection.countedClosing {
            connection.countedClosing = false
            closingCount -= 1
        }
        if fd < 0 && connections.isEmpty, let timer = sweepTimer {
            loop.cancel(timer)
            sweepTimer = nil
        }
    }

    // MARK: the once-a-second sweep, a tenth at a time

    /// The sweep runs ten times a second over a tenth of the connections each
    /// time: every connection is still looked at about once a second, but no
    /// turn of the loop scans everyone online (10,000 students were ~0.7 ms of
    /// one turn, once a second: a stall for whoever typed then).
    static let sweepSlices = 10

    func startSweeping() {
        sweepTimer = loop.schedule(after: Self.sweepInterval / Double(Self.sweepSlices)) { [weak self] in self?.sweep() }
    }

    private func sweep() {
        let now = loop.now
        // Backwards from where the last slice stopped, so a removal (which moves
        // the last element to the freed index) never skips anyone still ahead.
        if sweepCursor < 0 || sweepCursor >= connections.count { sweepCursor = connections.count - 1 }
        var share = (connections.count + Self.sweepSlices - 1) / Self.sweepSlices
        while share > 0 && sweepCursor >= 0 {
            if sweepCursor < connections.count { connections[sweepCursor].checkIdle(now: now) }
            sweepCursor -= 1
            share -= 1
        }
        sweepSlice += 1
        if sweepSlice >= Self.sweepSlices {
            sweepSlice = 0
            if gate.trackedAddresses > 0 { gate.forgetQuiet(now: now) }
        }
        if fd >= 0 || !connections.isEmpty {
            startSweeping()
        } else {
            sweepTimer = nil
        }
    }
}
