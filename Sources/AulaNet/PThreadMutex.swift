#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex — for state that other threads share with the loop.
///
/// Why not Synchronization's `Mutex`: on Linux it takes a contended lock inside the kernel
/// (a priority-inheriting futex), where ThreadSanitizer cannot see it, so every contended
/// hand-over showed up as a data race that is not there (the loop's inbox, issue 18). A
/// pthread mutex is intercepted by ThreadSanitizer, so its reports stay about real races.
///
/// `@unchecked Sendable`: `value` is only reachable inside `withLock`, under the mutex.
public final class PThreadMutex<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the mutex.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
