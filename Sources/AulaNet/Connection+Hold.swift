/// Holding a connection's output for a moment (issue 20): a client that types
/// `mode json` and its name in one packet used to get three writes — the
/// greeting, the answer to `mode json`, then the welcome one store trip later.
/// The server holds the second while the name's database lookup is out, so
/// the answer and the welcome leave in one write: the same bytes in the same
/// order, a send (and the client's wake-up) fewer per login.
extension Connection {
    /// Queued output waits (past the end of the turn) until `releaseOutput()`.
    /// Only the end-of-turn flush waits: a backlog past `eagerFlushBytes` is
    /// written at once as always, and starting a close releases the hold.
    public func holdOutput() {
        guard phase == .open else { return }
        outputHeld = true
    }

    /// Ends a hold: what is queued goes out at the end of this turn.
    public func releaseOutput() {
        guard outputHeld else { return }
        outputHeld = false
        guard phase != .closed, bufferedOutputBytes > 0, !queuedForFlush, !waitingForWritable else { return }
        queuedForFlush = true
        loop.queueFlush(self)
    }

    /// Whether output is held now (tests).
    public var isOutputHeld: Bool { outputHeld }
}
