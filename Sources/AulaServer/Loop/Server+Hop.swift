import Dispatch
import AulaStore

/// The one checked hop between the store thread and the loop thread: the database work runs on
/// the store's thread, and `then` runs on the loop thread with its result (never on the store's).
/// Every store → loop crossing goes through these two (or `Store.write` with no `then` at all),
/// so no loop-owned object is ever captured by a closure that runs on the store's thread.
extension Server {
    /// Reads on the store thread (after the writes queued before it); `then` runs on the loop.
    package func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T,
                           then: @escaping (Result<T, StoreError>) -> Void) {
        store.read(body, done: loop.bind(then))
    }

    /// Writes on the store thread; `then` runs on the loop once the write is committed (or failed).
    package func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T,
                            then: @escaping (Result<T, StoreError>) -> Void) {
        store.write(returning: body, done: loop.bind(then))
    }
}

extension Server {
    /// A read for a student's command: their next lines wait until `then` has
    /// answered, then run in the order typed (`Client.answersOwed`).
    func read<T: Sendable>(for player: Player, _ body: @escaping @Sendable (Database) throws -> T,
                           then: @escaping (Result<T, StoreError>) -> Void) {
        let answered = owesAnswer(player)
        read(body) { result in
            then(result)
            answered()
        }
    }

    /// Marks an answer owed to the player's connection; the returned closure
    /// (on the loop) settles it and runs the lines held meanwhile.
    package func owesAnswer(_ player: Player) -> () -> Void {
        guard let client = player.client else { return {} }
        client.answersOwed += 1
        // What follows the command in a paste (a program after `play`) is held, not
        // throttled at 20 lines a second; at most `heldLinesCap` are kept.
        if client.answersOwed == 1 { player.applyPasteAllowance() }
        var settled = false
        return { [weak self, client, weak player] in
            guard !settled else { return }
            settled = true
            client.answersOwed -= 1
            if client.answersOwed == 0 {
                self?.replayHeldLines(client)
                if player?.client === client { player?.applyPasteAllowance() }
            }
        }
    }

    /// Runs slow work (password hashing, reading files) on a background thread, neither the
    /// loop's nor the store's; `then` runs on the loop with its value.
    package func offLoop<T: Sendable>(_ body: @escaping @Sendable () -> T, then: @escaping (T) -> Void) {
        let back = loop.bind(then)
        DispatchQueue.global().async { back(body()) }
    }
}
