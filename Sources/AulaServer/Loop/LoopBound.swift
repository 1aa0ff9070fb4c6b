import AulaNet

/// A value that belongs to one event loop's thread, carried through a `@Sendable` hop
/// (store thread → `loop.execute`, judge or hashing thread → `loop.execute`) without being
/// touched on the way — SwiftNIO's `NIOLoopBound`. Taking it out checks, in debug builds, that
/// the caller is on that loop's thread, so a hop that forgot `loop.execute` fails loudly in
/// tests instead of racing quietly in a classroom.
///
/// `@unchecked Sendable` is the one promise made here, and `value` checks it: the wrapped
/// value is only reachable on the loop thread. This is what lets the loop-owned classes
/// (Server, Client, Player, the rooms, the admin session) stay non-Sendable and checked.
struct LoopBound<T>: @unchecked Sendable {
    private let wrapped: T
    private let loop: EventLoop

    init(_ value: T, on loop: EventLoop) {
        wrapped = value
        self.loop = loop
    }

    /// The value; only on the loop's thread.
    var value: T {
        assert(loop.isOnLoopThread, "LoopBound value taken off its loop thread")
        return wrapped
    }
}

extension EventLoop {
    /// `body` (made on the loop, free to use loop-owned state) wrapped so that any thread may
    /// call it: each call runs `body` on this loop's thread soon, with the value given.
    /// This is the one checked way back to the loop from the store, judge or hashing threads.
    package func bind<T: Sendable>(_ body: @escaping (T) -> Void) -> @Sendable (T) -> Void {
        let bound = LoopBound(body, on: self)
        return { [self] value in execute { bound.value(value) } }
    }

    /// Like `bind`, for a callback with nothing to carry.
    func bind(_ body: @escaping () -> Void) -> @Sendable () -> Void {
        let bound = LoopBound(body, on: self)
        return { [self] in execute { bound.value() } }
    }
}
