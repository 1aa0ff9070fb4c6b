import CShims
import Synchronization

/// Something registered with the loop's epoll set.
protocol FileEventTarget: AnyObject {
    func handleEvents(_ events: UInt32)
}

/// One thread's loop: file events + timer events in one place, like Redis ae.
/// Everything but `stop()` and `execute(_:)` must be called on the loop thread
/// (or before `run()` starts, from the thread that will run it).
// @unchecked Sendable: what other threads touch (`stop`, `execute`, `isOnLoopThread`) is Atomic or
// Mutex-guarded; every other field is used only on the thread inside `run()`.
public final class EventLoop: @unchecked Sendable {
    /// Bytes read from one connection per loop turn, so a flood cannot starve
    /// others. 16 KiB holds the largest program a student may paste; a flooder
    /// gets no more than that per turn however much it sends (issue 12).
    static let readBudget = 16 * 1024
    static let maxEventsPerWait: Int32 = 256

    let epollFD: Int32
    private let wakeFD: Int32
    private let stopRequested = Atomic<Bool>(false)
    private let wakePending = Atomic<Bool>(false)
    private let loopThread = Atomic<UInt64>(0)
    private let inbox = PThreadMutex<[@Sendable () -> Void]>([])  // not Mutex: TSan sees this one

    private var targets: [(any FileEventTarget)?] = []
    private var timers = TimerQueue()
    private var deferred: [() -> Void] = []
    private var pendingFlush: [Connection] = []
    /// The list being written by `flushPending` (kept to reuse its storage).
    private var flushing: [Connection] = []
    private let readyEvents: UnsafeMutablePointer<aula_ready_event>
    /// The one read buffer shared by every connection of this loop.
    let readBuffer: UnsafeMutableRawBufferPointer
    private var nextConnectionID: UInt64 = 1
    private var signalSources: [SignalSource] = []
    /// Where `now` comes from: the real monotonic clock unless a test gives a
    /// `VirtualClock` (then `advance(by:)` moves time and fires timers).
    public let clock: any LoopClock
    private let virtualClock: VirtualClock?
    private var advancing = false

    public init(clock: any LoopClock = MonotonicClock()) throws {
        self.clock = clock
        virtualClock = clock as? VirtualClock
        aula_ignore_sigpipe()
        let epoll = aula_epoll_create()
        guard epoll >= 0 else { throw NetError(operation: "epoll_create", code: aula_errno()) }
        let wake = aula_eventfd()
        guard wake >= 0 else {
            let code = aula_errno()
            _ = aula_close(epoll)
            throw NetError(operation: "eventfd", code: code)
        }
        epollFD = epoll
        wakeFD = wake
        readyEvents = .allocate(capacity: Int(Self.maxEventsPerWait))
        readBuffer = .allocate(byteCount: Self.readBudget, alignment: 16)
        guard aula_epoll_add(epoll, wake, AULA_EV_IN) == 0 else {
            throw NetError(operation: "epoll_ctl", code: aula_errno())
        }
    }

    deinit {
        _ = aula_close(wakeFD)
        _ = aula_close(epollFD)
        readyEvents.deallocate()
        readBuffer.deallocate()
    }

    /// Monotonic seconds: CLOCK_MONOTONIC, or the virtual clock's time.
    public var now: Double { clock.now }

    /// Whether the caller runs on the thread currently inside `run()`.
    public var isOnLoopThread: Bool { loopThread.load(ordering: .relaxed) == aula_current_thread() }

    // MARK: running

    /// Runs on the calling thread until `stop()`. A stopped loop stays stopped.
    public func run() {
        loopThread.store(aula_current_thread(), ordering: .relaxed)
        defer { loopThread.store(0, ordering: .relaxed) }
        while !stopRequested.load(ordering: .acquiring) {
            let ready = aula_epoll_wait(epollFD, readyEvents, Self.maxEventsPerWait, waitTimeout())
            if ready < 0 { break }  // the epoll descriptor itself is broken
            for index in 0..<Int(ready) {
                let event = readyEvents[index]
                dispatch(fd: event.fd, events: event.events)
                runDeferred()
                // What this event made (a guess's updates to its room) goes out
                // now, not after the rest of the batch: after a pause the loop
                // may find a dozen events ready, and the first must not wait
                // for the last. A connection still gets one write per event.
                if !pendingFlush.isEmpty { flushPending() }
            }
            runDueTimers()
            runInbox()
            finishTurn()
        }
    }

    /// Ends `run()` soon. Thread-safe.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        _ = aula_eventfd_signal(wakeFD)
    }

    /// Runs `work` on the loop thread soon. Thread-safe.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        inbox.withLock { $0.append(work) }
        if !wakePending.exchange(true, ordering: .acquiringAndReleasing) {
            _ = aula_eventfd_signal(wakeFD)
        }
    }

    private func dispatch(fd: Int32, events: UInt32) {
        if fd == wakeFD {
            aula_eventfd_drain(wakeFD)
            return
        }
        let slot = Int(fd)
        guard slot >= 0, slot < targets.count, let target = targets[slot] else { return }
        target.handleEvents(events)
    }

    private func waitTimeout() -> Int32 {
        if !pendingFlush.isEmpty || !deferred.isEmpty { return 0 }
        guard let deadline = timers.nextDeadline() else { return -1 }
        // A paused virtual clock never reaches a deadline by itself: wait for
        // file events (and `advance(by:)`, which comes through the inbox).
        guard let seconds = clock.realSecondsUntil(deadline) else { return -1 }
        let milliseconds = (seconds * 1000).rounded(.up)
        if milliseconds <= 0 { return 0 }
        return Int32(min(milliseconds, 3_600_000))
    }

    private func runDueTimers() {
        let passStart = now
        var fired = 0
        // Timers scheduled while firing wait for the next turn, so a timer
        // that re-arms itself with a zero delay cannot spin this pass.
        while fired < 100_000, let action = timers.popDue(notAfter: passStart) {
            action()
            runDeferred()
            fired += 1
        }
    }

    private func runInbox() {
        wakePending.store(false, ordering: .releasing)
        let work = inbox.withLock { queued -> [@Sendable () -> Void] in
            let taken = queued
            queued = []
            return taken
        }
        for item in work {
            item()
            runDeferred()
        }
    }

    /// Writes what connections queued this turn, then delivers close callbacks
    /// (which may queue more output) — a few rounds, the rest next turn.
    private func finishTurn() {
        var rounds = 0
        while rounds < 8 && (!pendingFlush.isEmpty || !deferred.isEmpty) {
            rounds += 1
            flushPending()
            runDeferred()
        }
    }

    /// Writes what connections have queued so far.
    private func flushPending() {
        // Swapped with a spare list, not copied: a flush may queue more (a
        // closing connection's goodbye), which waits for the next flush.
        swap(&pendingFlush, &flushing)
        for connection in flushing { connection.flushQueued() }
        flushing.removeAll(keepingCapacity: true)
    }

    private func runDeferred() {
        var rounds = 0
        while !deferred.isEmpty && rounds < 8 {
            rounds += 1
            let work = deferred
            deferred = []
            for item in work { item() }
        }
    }

    // MARK: timers

    /// Calls `fire` on the loop thread after `seconds`. Loop thread only.
    @discardableResult
    public func schedule(after seconds: Double, _ fire: @escaping () -> Void) -> TimerID {
        let delay = seconds.isFinite ? max(0, seconds) : 0
        return timers.add(deadline: now + delay, fire)
    }

    /// Cancels a timer; a fired or unknown id is a no-op. Loop thread only.
    public func cancel(_ timer: TimerID) {
        timers.cancel(timer)
    }

    /// Timers waiting to fire (tests: what a room left behind).
    public var pendingTimers: Int { timers.count }

    /// Virtual time only: moves the paused clock `seconds` forward, stopping at
    /// each timer's deadline on the way to fire it (in deadline order, then
    /// scheduling order), so what a timer schedules inside the span fires too,
    /// at its own time. Returns how many timers fired. Does nothing on the
    /// real clock or a resumed one. Loop thread only, not from a timer.
    @discardableResult
    public func advance(by seconds: Double) -> Int {
        guard let virtualClock, virtualClock.isPaused, !advancing, seconds.isFinite, seconds >= 0 else { return 0 }
        advancing = true
        defer { advancing = false }
        let target = virtualClock.now + seconds
        var fired = 0
        // Bounded like `runDueTimers`: a timer re-arming itself with no delay
        // must not hold the loop forever.
        while fired < 100_000, let deadline = timers.nextDeadline(), deadline <= target {
            virtualClock.move(to: deadline)
            guard let action = timers.popDue(notAfter: deadline) else { break }
            action()
            runDeferred()
            fired += 1
        }
        virtualClock.move(to: target)
        return fired
    }

    // MARK: signals

    /// Delivers `signals` (e.g. SIGINT, SIGTERM) to `handler` on the loop
    /// thread via signalfd. The signals are blocked in the calling thread and
    /// every thread it starts later: call this early, from the main thread.
    public func onSignals(_ signals: [Int32], _ handler: @escaping (Int32) -> Void) throws {
        let fd = signals.withUnsafeBufferPointer { aula_signalfd($0.baseAddress, Int32($0.count)) }
        guard fd >= 0 else { throw NetError(operation: "signalfd", code: aula_errno()) }
        let source = SignalSource(fd: fd, handler: handler)
        signalSources.append(source)
        try register(fd: fd, target: source, events: AULA_EV_IN)
    }

    // MARK: listening

    /// Opens a listening socket; new connections are handled on this loop.
    /// Loop thread only (or before `run()`).
    public func listen(host: String, port: Int, limits: NetLimits, handler: ConnectionHandler) throws -> Listener {
        var bound: Int32 = 0
        let fd = aula_listen(host, Int32(truncatingIfNeeded: port), 1024, &bound)
        guard fd >= 0 else { throw NetError(operation: "listen", code: aula_errno()) }
        let listener = Listener(loop: self, fd: fd, host: host, port: Int(bound), limits: limits, handler: handler)
        do {
            try register(fd: fd, target: listener, events: AULA_EV_IN)
        } catch {
            _ = aula_close(fd)
            throw error
        }
        listener.startSweeping()
        return listener
    }

    // MARK: for listeners and connections

    func register(fd: Int32, target: any FileEventTarget, events: UInt32) throws {
        let slot = Int(fd)
        if slot >= targets.count {
            targets.append(contentsOf: repeatElement(nil, count: max(slot + 1 - targets.count, targets.count / 2)))
        }
        guard aula_epoll_add(epollFD, fd, events) == 0 else {
            throw NetError(operation: "epoll_ctl", code: aula_errno())
        }
        targets[slot] = target
    }

    func modify(fd: Int32, events: UInt32) {
        _ = aula_epoll_modify(epollFD, fd, events)
    }

    /// Forgets `fd`; the caller closes it afterwards.
    func unregister(fd: Int32) {
        _ = aula_epoll_remove(epollFD, fd)
        let slot = Int(fd)
        if slot >= 0 && slot < targets.count { targets[slot] = nil }
    }

    func makeConnectionID() -> UInt64 {
        defer { nextConnectionID += 1 }
        return nextConnectionID
    }

    func queueFlush(_ connection: Connection) {
        pendingFlush.append(connection)
    }

    /// Runs `work` after the current callback returns (same turn), so a
    /// handler is never re-entered from inside its own call.
    func afterCallback(_ work: @escaping () -> Void) {
        deferred.append(work)
    }
}

/// A signalfd registered with the loop.
private final class SignalSource: FileEventTarget {
    let fd: Int32
    let handler: (Int32) -> Void

    init(fd: Int32, handler: @escaping (Int32) -> Void) {
        self.fd = fd
        self.handler = handler
    }

    func handleEvents(_ events: UInt32) {
        var count = 0
        while count < 64 {
            let signal = aula_signalfd_read(fd)
            if signal <= 0 { return }
            handler(Int32(signal))
            count += 1
        }
    }
}
