import Dispatch
import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// Collects values from the store thread.
final class Collected<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []
    func append(_ item: T) { lock.withLock { items.append(item) } }
    var all: [T] { lock.withLock { items } }
}

func waitUntil(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
}

@Suite("Store thread and batching", .lab)
struct StoreTests {
    /// With a commit delay, writes arriving one by one within it (rounds ending
    /// together) share a transaction, and a read still sees every one of them.
    @Test func writesWithinTheCommitDelayShareOneTransaction() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path(), commitDelay: 0.5)
        defer { store.close() }
        let finished = Collected<Int>()
        for i in 0..<20 {
            store.write({ db in
                try db.appendAudit(at: Double(i), teacher: "t", command: "cmd \(i)", outcome: "ok")
            }, done: { result in
                if case .success = result { finished.append(i) }
            })
            usleep(2_000)
        }
        let counted = DispatchSemaphore(value: 0)
        let seen = Collected<Int>()
        store.read({ db in try db.scalar("SELECT COUNT(*) FROM audit").int ?? -1 }, done: { result in
            if case .success(let n) = result { seen.append(n) }
            counted.signal()
        })
        #expect(counted.wait(timeout: .now() + 10) == .success)
        #expect(seen.all == [20])
        #expect(finished.all == Array(0..<20))
        #expect(store.committedBatches == 1)
    }

    /// A read never waits out the commit delay: it commits what is queued and answers.
    @Test func aReadRightAfterAWriteDoesNotWaitForTheCommitDelay() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path(), commitDelay: 8)
        defer { store.close() }
        for round in 0..<3 {
            let started = Date()
            store.write { db in try db.appendAudit(at: Double(round), teacher: "t", command: "c", outcome: "ok") }
            if round == 1 { usleep(50_000) }  // the drain is already gathering
            let answered = DispatchSemaphore(value: 0)
            let seen = Collected<Int>()
            store.read({ db in try db.scalar("SELECT COUNT(*) FROM audit").int ?? -1 }, done: { result in
                if case .success(let n) = result { seen.append(n) }
                answered.signal()
            })
            #expect(answered.wait(timeout: .now() + 20) == .success)
            #expect(seen.all == [round + 1])
            #expect(Date().timeIntervalSince(started) < 6, "round \(round) waited out the 8 s delay")
        }
    }

    @Test func queuedWritesCommitInOneBatchInOrder() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path())
        defer { store.close() }
        // Hold the store thread so every write below is waiting when the drain runs.
        let gate = DispatchSemaphore(value: 0)
        store.read({ _ in gate.wait() }, done: { _ in })
        let finished = Collected<Int>()
        for i in 0..<300 {
            store.write({ db in
                try db.appendAudit(at: Double(i), teacher: "t", command: "cmd \(i)", outcome: "ok")
            }, done: { result in
                if case .success = result { finished.append(i) }
            })
        }
        let before = store.committedBatches
        gate.signal()
        store.flush()
        #expect(finished.all == Array(0..<300))
        // Batched: 300 writes in one transaction — at most two when the store
        // thread picks up the first write just as the gate opens (seen on a busy VM).
        #expect(store.committedBatches - before <= 2)
        let commands = try store.sync { db in try db.audit(limit: 1000).map(\.command) }
        #expect(commands == (0..<300).map { "cmd \($0)" })
    }

    @Test func doneIsCalledOnlyAfterTheWriteIsCommitted() throws {
        let folder = try TempFolder()
        let path = folder.path()
        let store = try Store(path: path)
        defer { store.close() }
        let seenByOthers = Collected<Bool>()
        let onStoreThread = Collected<Bool>()
        store.write({ db in try db.ensureGroup(name: "4A", at: 0) }, done: { _ in
            onStoreThread.append(store.isOnStoreThread)
            // A second connection only sees committed data.
            let other = try? Database(path: path)
            let group = try? other?.group(name: "4a")
            seenByOthers.append(group != nil)
            other?.close()
        })
        store.flush()
        #expect(seenByOthers.all == [true])
        #expect(onStoreThread.all == [true])
        #expect(!store.isOnStoreThread)
    }

    @Test func aFailingWriteDoesNotTakeItsBatchDown() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path())
        defer { store.close() }
        let gate = DispatchSemaphore(value: 0)
        store.read({ _ in gate.wait() }, done: { _ in })
        let results = Collected<String>()
        store.write({ db in try db.ensureGroup(name: "a", at: 0) }, done: { results.append("a \((try? $0.get()) != nil)") })
        store.write({ db in
            try db.ensureGroup(name: "b", at: 0)
            throw Boom()
        }, done: { results.append("b \((try? $0.get()) != nil)") })
        store.write({ db in try db.ensureGroup(name: "c", at: 0) }, done: { results.append("c \((try? $0.get()) != nil)") })
        gate.signal()
        store.flush()
        #expect(results.all == ["a true", "b false", "c true"])
        #expect(try store.sync { try $0.groups().map(\.name) } == ["a", "c"])
    }

    @Test func aLockedFileIsReportedAndTheWriteRetriedUntilItLands() throws {
        let folder = try TempFolder()
        let path = folder.path()
        let store = try Store(path: path, busyTimeout: 0.05, retryInterval: 0.1)
        defer { store.close() }
        let errors = Collected<StoreError>()
        let recovered = Collected<Bool>()
        store.onError = { errors.append($0) }
        store.onRecovered = { recovered.append(true) }

        let other = try Database(path: path)
        try other.execute("BEGIN IMMEDIATE")
        let done = Collected<Bool>()
        store.write({ db in try db.ensureGroup(name: "kept", at: 0) }, done: { done.append((try? $0.get()) != nil) })
        #expect(waitUntil { !errors.all.isEmpty })
        #expect(errors.all.first?.isBusy == true)
        #expect(done.all.isEmpty)
        #expect(store.pendingCount == 1)
        try other.execute("ROLLBACK")
        other.close()
        #expect(waitUntil { !done.all.isEmpty })
        #expect(done.all == [true])
        #expect(recovered.all == [true])
        #expect(errors.all.count == 1) // reported once per episode, not at every retry
        #expect(try store.sync { try $0.group(name: "kept") } != nil)
    }

    @Test func aFullDiskKeepsTheWritesUntilThereIsRoom() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path(), retryInterval: 0.1)
        defer { store.close() }
        let errors = Collected<StoreError>()
        store.onError = { errors.append($0) }
        // Cap the file at its current size: the next big write cannot fit.
        try store.sync { db throws in
            let pages = try db.scalar("PRAGMA page_count").int ?? 0
            _ = try db.query("PRAGMA max_page_count = \(pages + 1)")
        }
        let done = Collected<Bool>()
        let big = String(repeating: "x", count: 200_000)
        store.write({ db in
            try db.appendAudit(at: 0, teacher: "t", command: big, outcome: "ok")
        }, done: { done.append((try? $0.get()) != nil) })
        store.write({ db in try db.ensureGroup(name: "after", at: 0) }, done: { done.append((try? $0.get()) != nil) })
        #expect(waitUntil { !errors.all.isEmpty })
        #expect(errors.all.first?.isFull == true)
        #expect(done.all.isEmpty)
        try store.sync { db in _ = try db.query("PRAGMA max_page_count = 1000000") }
        #expect(waitUntil { done.all.count == 2 })
        #expect(done.all == [true, true])
        #expect(try store.sync { try $0.audit(limit: 5).count } == 1)
    }

    @Test func closeCommitsEverythingAndTruncatesTheLog() throws {
        let folder = try TempFolder()
        let path = folder.path()
        let store = try Store(path: path)
        for i in 0..<50 {
            store.write { db in try db.appendAudit(at: Double(i), teacher: "t", command: "c", outcome: "ok") }
        }
        #expect(store.close(timeout: 5))
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(walSize == 0)
        let refused = Collected<StoreError>()
        store.write({ _ in }, done: { if case .failure(let e) = $0 { refused.append(e) } })
        #expect(refused.all == [StoreError.closed])
        #expect(throws: StoreError.self) { try store.sync { _ in 1 } }

        let db = try Database(path: path)
        defer { db.close() }
        #expect(try db.scalar("SELECT COUNT(*) FROM audit").int == 50)
        #expect(try db.integrityCheck() == "ok")
    }

    @Test func aWriteCanHandBackTheIdItCreated() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path())
        defer { store.close() }
        let ids = Collected<Int64>()
        store.write(returning: { db in try db.ensureGroup(name: "3B", at: 0) }, done: { result in
            if case .success(let id) = result { ids.append(id) }
        })
        store.flush()
        let expected = try store.sync { try $0.group(name: "3B")?.id }
        #expect(ids.all == [try #require(expected)])
    }

    @Test func readsSeeTheWritesQueuedBeforeThem() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path())
        defer { store.close() }
        store.write { db in try db.ensureGroup(name: "x", at: 0) }
        let seen = Collected<Int>()
        store.read({ db in try db.groups().count }, done: { if case .success(let n) = $0 { seen.append(n) } })
        #expect(waitUntil { !seen.all.isEmpty })
        #expect(seen.all == [1])
    }
}

@Suite("Store flushing", .lab)
struct StoreFlushTests {
    @Test func flushCommitsMoreThanOneBatchWithoutWaitingForARetry() throws {
        let folder = try TempFolder()
        let store = try Store(path: folder.path(), retryInterval: 30, maxBatch: 10)
        defer { store.close() }
        let gate = DispatchSemaphore(value: 0)
        store.read({ _ in gate.wait() }, done: { _ in })
        for i in 0..<95 {
            store.write { db in try db.appendAudit(at: Double(i), teacher: "t", command: "c", outcome: "ok") }
        }
        gate.signal()
        let started = Date()
        #expect(store.flush(timeout: 20))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(try store.sync { try $0.scalar("SELECT COUNT(*) FROM audit").int } == 95)
        #expect(store.committedBatches >= 10)
    }
}
