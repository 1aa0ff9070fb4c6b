import Dispatch
import Foundation

/// The database on its own thread: writes are queued, drained into one transaction per batch,
/// and retried (never dropped) while the disk is full or the file is locked.
// @unchecked Sendable: the shared fields are guarded by `lock`, the database is touched only on `queue`.
public final class Store: @unchecked Sendable {
    public typealias WriteBody = @Sendable (Database) throws -> Void
    public typealias WriteDone = @Sendable (Result<Void, StoreError>) -> Void

    struct PendingWrite {
        let body: WriteBody
        let done: WriteDone?
    }

    /// `.default`: on Linux libdispatch turns a queue's quality of service into
    /// its threads' nice value, and `.userInitiated` meant nice -2 whenever the
    /// server runs as root (a lab machine's usual `sudo`), so a batch of writes
    /// outranked the event loop (nice 0) that answers everyone. `.default` is
    /// the loop's own 0: neither waits behind the other. Lower (`.background`,
    /// nice 10) was tried: a login waits on this thread, and on a busy machine
    /// 10,000 logins took twice as long (bench/REPORT.md, session 7).
    private let queue = DispatchQueue(label: "aula.store", qos: .default)
    private let onQueueKey = DispatchSpecificKey<Bool>()
    /// Touched only on `queue` (and by Store+Batch.swift's commits, which run there).
    let db: Database
    private var draining = false

    // Shared state, guarded by `lock`.
    let lock = NSLock()
    private var pending: [PendingWrite] = []
    private var drainScheduled = false
    /// A drain is waiting out `commitDelay`; `commitNow` ends the wait early.
    private var gathering = false
    /// A read came before the scheduled drain started: it commits without waiting.
    private var commitRequested = false
    private let commitNow = DispatchSemaphore(value: 0)
    private var closed = false
    private var failing: StoreError?
    private var _onError: (@Sendable (StoreError) -> Void)?
    private var _onRecovered: (@Sendable () -> Void)?

    /// Pause between retries after a transient failure (busy, full, I/O).
    public let retryInterval: Double
    /// Most writes committed in one transaction; more wait for the next batch.
    public let maxBatch: Int
    /// Most writes kept waiting while the disk fails; beyond it new writes are refused (done gets `.failure`).
    public let maxPending: Int
    /// How long the first write of a batch waits for others before the commit: rounds
    /// ending close together share one transaction (fewer pages written, fewer
    /// wake-ups of this thread next to the event loop). Reads and `sync` commit first.
    public let commitDelay: Double

    /// Opens the file and migrates it, synchronously, before anything is queued.
    /// A file SQLite can only read is refused (`Database.init`), in words, not at the first write.
    /// `readOnly`: for commands that only look (leaderboard, exports): the file is
    /// opened for reading, never migrated or switched to WAL, and must have this
    /// program's schema (`DatabaseFileCheck`).
    public init(path: String, busyTimeout: Double = 5, retryInterval: Double = 1,
                maxBatch: Int = 1000, maxPending: Int = 1_000_000, commitDelay: Double = 0,
                readOnly: Bool = false) throws {
        db = try Database(path: path, busyTimeout: busyTimeout, readOnly: readOnly)
        if readOnly {
            try DatabaseFileCheck.requireCurrentSchema(db)
        } else {
            try Schema.migrate(db)
        }
        self.retryInterval = retryInterval
        self.maxBatch = max(1, maxBatch)
        self.maxPending = max(1, maxPending)
        self.commitDelay = max(0, commitDelay)
        queue.setSpecific(key: onQueueKey, value: true)
    }

    deinit {
        // Without close() the connection is still closed cleanly (WAL keeps the file consistent).
        db.close()
    }

    /// Told (on the store thread; on the caller's for a refused write) when a write failed: disk full, file locked, or a write that threw
    /// and had no `done` to tell. Transient failures are reported once per episode, then retried.
    public var onError: (@Sendable (StoreError) -> Void)? {
        get { lock.withLock { _onError } }
        set { lock.withLock { _onError = newValue } }
    }

    /// Told when writes commit again after a transient failure was reported.
    public var onRecovered: (@Sendable () -> Void)? {
        get { lock.withLock { _onRecovered } }
        set { lock.withLock { _onRecovered = newValue } }
    }

    /// True when called from the store's own thread (inside a write, a read or a `done`).
    public var isOnStoreThread: Bool { DispatchQueue.getSpecific(key: onQueueKey) == true }

    /// For tests of what users get when the database fails: while set, every
    /// `read` and `write` fails at once with this error (`sync` still works, so
    /// a test can look inside). Production code never sets it.
    public var injectedFailure: StoreError? {
        get { lock.withLock { _injectedFailure } }
        set { lock.withLock { _injectedFailure = newValue } }
    }
    private var _injectedFailure: StoreError?

    /// Set when saving must stop for good (the database file was moved or
    /// deleted under the server, issue 17): new writes are refused with this
    /// error instead of being committed to a file nobody will open again.
    public var halted: StoreError? {
        get { lock.withLock { _halted } }
        set { lock.withLock { _halted = newValue } }
    }
    private var _halted: StoreError?

    /// How the server before this one ended, as the database lock found it (set
    /// at start-up, before the server reads it): after a kill -9 what was being
    /// played was not saved, and its students are told so (session 11).
    public var previousRun: PreviousRun? {
        get { lock.withLock { _previousRun } }
        set { lock.withLock { _previousRun = newValue } }
    }
    private var _previousRun: PreviousRun?

    /// The failure being retried right now, if any.
    public var currentFailure: StoreError? { lock.withLock { failing } }

    /// Batch transactions committed so far (tests and the bench look at batching through it).
    public var committedBatches: Int { lock.withLock { _committedBatches } }
    private var _committedBatches = 0

    /// Batches run a second time with a savepoint per write because one of their writes threw (Store+Batch.swift).
    public var rerunBatches: Int { lock.withLock { _rerunBatches } }
    var _rerunBatches = 0

    /// Writes accepted and not yet committed.
    public var pendingCount: Int { lock.withLock { pending.count } }

    /// Queues a write. It runs on the store thread inside a batch transaction: if it throws, only
    /// it is rolled back and `done` gets the error (the batch is then run again with a savepoint
    /// per write, so a body may run twice, as after a transient failure). `done` is called on the
    /// store thread after COMMIT, so success means durable.
    public func write(_ body: @escaping WriteBody, done: WriteDone? = nil) {
        let refusal: StoreError? = lock.withLock {
            if closed { return StoreError.closed }
            if let injected = _injectedFailure { return injected }
            if let halted = _halted { return halted }
            if pending.count >= maxPending {
                return StoreError(code: StoreError.overloadedCode, message: "too many writes waiting for the disk")
            }
            pending.append(PendingWrite(body: body, done: done))
            if !drainScheduled {
                drainScheduled = true
                queue.async { self.drain() }
            }
            return nil
        }
        if let refusal {
            if let done { done(.failure(refusal)) } else { onError?(refusal) }
        }
    }

    /// Like `write`, for a body that returns something (a new round's id): `done` gets it after COMMIT.
    /// After a transient failure (or another write of its batch throwing) the body runs again; the
    /// value of the run that committed is the one given.
    public func write<T: Sendable>(returning body: @escaping @Sendable (Database) throws -> T,
                                   done: @escaping @Sendable (Result<T, StoreError>) -> Void) {
        let box = ValueBox<T>()
        write({ db in box.value = try body(db) }, done: { result in
            switch result {
            case .success:
                if let value = box.value {
                    done(.success(value))
                } else {
                    done(.failure(StoreError(code: StoreError.otherCode, message: "write committed without a value")))
                }
            case .failure(let error):
                done(.failure(error))
            }
        })
    }

    /// Runs a read on the store thread, after the writes queued before it; `done` is called there.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T,
                                  done: @escaping @Sendable (Result<T, StoreError>) -> Void) {
        if let refusal = lock.withLock({ closed ? StoreError.closed : _injectedFailure }) {
            done(.failure(refusal))
            return
        }
        commitWithoutWaiting()
        queue.async {
            if self.lock.withLock({ self.closed }) {
                done(.failure(.closed))
                return
            }
            // Normally the queued writes' drain already ran before this block; while the disk fails,
            // the read sees committed data only instead of waiting on the lock again.
            if self.currentFailure == nil { self.drainOnce() }
            do { done(.success(try body(self.db))) } catch { done(.failure(StoreError(wrapping: error))) }
        }
    }

    /// Runs `body` on the store thread and waits for it: for CLI commands and tests.
    /// Queued writes are committed first (if the disk allows) so `body` sees them.
    public func sync<T>(_ body: (Database) throws -> T) throws -> T {
        if DispatchQueue.getSpecific(key: onQueueKey) == true {
            return try body(db)
        }
        commitWithoutWaiting()
        return try queue.sync {
            if lock.withLock({ closed }) { throw StoreError.closed }
            if currentFailure == nil { drainOnce() }
            return try body(db)
        }
    }

    /// Blocks until every queued write is committed.
    public func flush() {
        _ = flush(timeout: nil)
    }

    /// Blocks until every queued write is committed or `timeout` seconds pass; true when all committed.
    @discardableResult
    public func flush(timeout: Double?) -> Bool {
        if DispatchQueue.getSpecific(key: onQueueKey) == true {
            drainOnce()
            return pendingCount == 0
        }
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while true {
            let empty = queue.sync { () -> Bool in
                // Several batches when more than `maxBatch` wait; stop at the first failure and wait to retry.
                while true {
                    drainOnce()
                    if pendingCount == 0 { return true }
                    if currentFailure != nil { return false }
                }
            }
            if empty { return true }
            if let deadline, Date() >= deadline { return false }
            let wait = min(retryInterval, deadline.map { max(0.01, $0.timeIntervalSinceNow) } ?? retryInterval)
            Thread.sleep(forTimeInterval: wait)
        }
    }

    /// Flushes (up to `timeout` seconds, for a bounded shutdown), checkpoints the WAL and closes.
    /// Later writes and reads fail with `StoreError.closed`. Returns false if writes were left uncommitted.
    @discardableResult
    public func close(timeout: Double?) -> Bool {
        if lock.withLock({ closed }) { return true }
        let flushed = flush(timeout: timeout)
        let leftover: [PendingWrite] = queue.sync {
            let left = lock.withLock { () -> [PendingWrite] in
                closed = true
                let left = pending
                pending.removeAll()
                return left
            }
            try? db.checkpoint()
            db.close()
            return left
        }
        for write in leftover {
            write.done?(.failure(.closed))
        }
        return flushed && leftover.isEmpty
    }

    /// Flush, checkpoint, close. Waits for the disk as long as needed: a shutdown with a deadline
    /// should call `close(timeout:)` instead.
    public func close() {
        close(timeout: nil)
    }

    /// Commits the writes queued so far without the `commitDelay` wait (a
    /// write someone is waiting on, like a login's row, as a read would).
    public func commitSoon() {
        commitWithoutWaiting()
    }

    /// A read or `sync` is coming: a drain gathering writes commits now.
    private func commitWithoutWaiting() {
        let wake: Bool = lock.withLock {
            if gathering {
                gathering = false
                return true
            }
            if drainScheduled { commitRequested = true }
            return false
        }
        if wake { commitNow.signal() }
    }

    // MARK: - Draining (store thread only)

    private func drain() {
        // Let the batch gather for `commitDelay` on this thread (a dispatch timer
        // would cost the process a timer thread and its descriptors); a read or
        // `sync` queued meanwhile cuts the wait short, so nobody waits on it.
        if commitDelay > 0 && lock.withLock({ () -> Bool in
            gathering = !commitRequested && pending.count < maxBatch
            commitRequested = false
            return gathering
        }) {
            _ = commitNow.wait(timeout: .now() + commitDelay)
            lock.withLock { gathering = false }
        }
        lock.withLock { drainScheduled = false }
        drainOnce()
        let again: Bool = lock.withLock {
            guard !closed, !pending.isEmpty, !drainScheduled else { return false }
            drainScheduled = true
            return true
        }
        guard again else { return }
        if currentFailure != nil {
            queue.asyncAfter(deadline: .now() + retryInterval) { self.drain() }
        } else {
            queue.async { self.drain() }
        }
    }

    /// Commits up to `maxBatch` queued writes in one transaction; on a transient failure they stay queued.
    private func drainOnce() {
        // A body or a callback that flushes must not run the batch it belongs to a second time.
        guard !draining else { return }
        draining = true
        defer { draining = false }
        let batch: [PendingWrite] = lock.withLock {
            guard !closed else { return [] }
            return Array(pending.prefix(maxBatch))
        }
        guard !batch.isEmpty else { return }
        let outcomes: [Result<Void, StoreError>]
        do {
            outcomes = try commitWithoutSavepoints(batch) ?? commitWithSavepoints(batch)
        } catch {
            let failure = StoreError(wrapping: error)
            let firstReport: Bool = lock.withLock {
                let first = failing?.primaryCode != failure.primaryCode
                failing = failure
                return first
            }
            if firstReport { onError?(failure) }
            return
        }
        let recovered: Bool = lock.withLock {
            pending.removeFirst(batch.count)
            _committedBatches += 1
            let wasFailing = failing != nil
            failing = nil
            return wasFailing
        }
        if recovered { onRecovered?() }
        let reporter = onError
        for (write, outcome) in zip(batch, outcomes) {
            if let done = write.done {
                done(outcome)
            } else if case .failure(let e) = outcome {
                reporter?(e)
            }
        }
    }
}

/// The server that used the database before this one: whether it stopped
/// without letting go of its lock (killed), and when it started.
public struct PreviousRun: Sendable, Equatable {
    public let stoppedUncleanly: Bool
    public let startedAt: Double?
    public init(stoppedUncleanly: Bool, startedAt: Double?) {
        self.stoppedUncleanly = stoppedUncleanly
        self.startedAt = startedAt
    }
}

/// Carries a write's value from its body to its `done`; both run on the store thread.
// @unchecked Sendable: the body writes it and `done` reads it, both on the store queue, in that order.
private final class ValueBox<T>: @unchecked Sendable {
    var value: T?
}
