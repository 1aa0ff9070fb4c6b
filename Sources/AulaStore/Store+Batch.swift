import Foundation

// A batch's transaction, with or without a savepoint per write (store thread only).
extension Store {
    /// Not a failure: a write of a savepoint-less batch threw, the batch is run again with savepoints.
    struct RerunWithSavepoints: Error {}

    /// The usual case: every write of the batch succeeds, so none needs a savepoint of its
    /// own (a savepoint journals each page its write touches). If one throws, the whole
    /// transaction is rolled back and nil says to run the batch again with savepoints, so
    /// that only the failing write is lost, as if savepoints had been there all along (the
    /// writes before it run twice, as every write of a batch does after a transient failure).
    func commitWithoutSavepoints(_ batch: [PendingWrite]) throws -> [Result<Void, StoreError>]? {
        db.elidingSavepoints = true
        db.elidedBodyThrew = false
        defer {
            db.elidingSavepoints = false
            db.elidedBodyThrew = false
        }
        do {
            try db.transaction {
                for write in batch {
                    do {
                        try db.transaction { try write.body(db) }
                    } catch {
                        let failure = StoreError(wrapping: error)
                        // A full disk or a lock fails the whole batch; it is retried as a whole.
                        if failure.isTransient { throw failure }
                        throw RerunWithSavepoints()
                    }
                    // A nested transaction threw and the body went on: its part is not undone.
                    if db.elidedBodyThrew { throw RerunWithSavepoints() }
                }
            }
        } catch is RerunWithSavepoints {
            lock.withLock { _rerunBatches += 1 }
            return nil
        }
        return Array(repeating: .success(()), count: batch.count)
    }

    /// One savepoint per write: a write that throws is rolled back alone and told so.
    func commitWithSavepoints(_ batch: [PendingWrite]) throws -> [Result<Void, StoreError>] {
        var outcomes: [Result<Void, StoreError>] = []
        outcomes.reserveCapacity(batch.count)
        try db.transaction {
            for write in batch {
                do {
                    try db.transaction { try write.body(db) }
                    outcomes.append(.success(()))
                } catch {
                    let failure = StoreError(wrapping: error)
                    // A full disk or a lock fails the whole batch; it is retried as a whole.
                    if failure.isTransient { throw failure }
                    outcomes.append(.failure(failure))
                }
            }
        }
        return outcomes
    }
}
