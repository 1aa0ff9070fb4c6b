import Foundation
import AulaNet

/// PIN and password hashing (scrypt: milliseconds on purpose) on a thread of
/// its own (issue 18, item 6): neither the event loop, which would stall the
/// class, nor the store thread, where every read and write would queue behind
/// a hash. Like the judge worker (AulaLevelRoom/JudgeWorker.swift): jobs wait
/// in a bounded FIFO; past `maxQueued` a new one is refused at once (the caller
/// tells the student `login_busy`), so a crowd typing PINs cannot pile up
/// unbounded work. One job runs at a time: the machine's other core is for the
/// loop and the store.
final class HashWorker: Sendable {
    let maxQueued: Int
    /// Seconds each job waits before it runs: tests' stand-in for a slow hash
    /// (a store read must still be answered meanwhile). Zero in production.
    let slowdown: Double
    private let waiting = PThreadMutex(0)  // not Mutex: ThreadSanitizer sees this one (AulaNet/PThreadMutex.swift)
    /// `.default`, the loop's own priority (nice 0; `.userInitiated` is nice -2 as root, see Store.swift).
    private let queue = DispatchQueue(label: "aula.hash", qos: .default)

    init(maxQueued: Int = 64, slowdown: Double = 0) {
        self.maxQueued = max(1, maxQueued)
        self.slowdown = max(0, slowdown)
    }

    /// Queues `work` (true), or refuses it when `maxQueued` jobs wait or run (false). Thread-safe.
    /// The job leaves the count before `deliver` gets its value, so whoever is told the
    /// answer (a welcome on the loop) never still sees it counted.
    func submit<T: Sendable>(_ work: @escaping @Sendable () -> T, deliver: @escaping @Sendable (T) -> Void) -> Bool {
        let taken = waiting.withLock { count -> Bool in
            guard count < maxQueued else { return false }
            count += 1
            return true
        }
        guard taken else { return false }
        let slowdown = self.slowdown
        queue.async { [waiting] in
            if slowdown > 0 { Thread.sleep(forTimeInterval: min(slowdown, 60)) }
            let value = work()
            waiting.withLock { $0 -= 1 }
            deliver(value)
        }
        return true
    }

    /// Jobs queued or running, for tests and logs.
    var load: Int { waiting.withLock { $0 } }
}

extension Server {
    /// Runs a hash on the hashing thread; `then` runs on the loop with its value.
    /// False (and `then` never runs) when the hashing queue is full.
    func hashOffLoop<T: Sendable>(_ body: @escaping @Sendable () -> T, then: @escaping (T) -> Void) -> Bool {
        let back = loop.bind(then)
        return hashes.submit(body, deliver: { back($0) })
    }
}
