import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

@Suite("Crash safety", .lab)
struct CrashTests {
    /// kill -9 freezes the files as they are; copying them in the middle of a transaction is the same picture.
    @Test func filesFrozenMidTransactionOpenCleanWithOnlyCommittedRows() throws {
        let folder = try TempFolder()
        let path = folder.path()
        let copy = folder.path("crashed.sqlite")
        let store = try Store(path: path)
        defer { store.close() }
        for i in 0..<20 {
            store.write { db in try db.appendAudit(at: Double(i), teacher: "t", command: "committed", outcome: "ok") }
        }
        store.flush()
        let big = String(repeating: "z", count: 100_000)
        store.write { db in
            // Enough uncommitted data to spill pages into the WAL before the snapshot.
            for i in 0..<60 { try db.appendAudit(at: Double(i), teacher: "t", command: big, outcome: "uncommitted") }
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
            }
        }
        store.flush()
        let walCopy = (try? FileManager.default.attributesOfItem(atPath: copy + "-wal")[.size] as? Int) ?? 0
        #expect(walCopy > 1_000_000) // the snapshot really caught uncommitted frames

        let db = try Database(path: copy)
        defer { db.close() }
        #expect(try db.integrityCheck() == "ok")
        #expect(try db.scalar("SELECT COUNT(*) FROM audit WHERE outcome = 'ok'").int == 20)
        #expect(try db.scalar("SELECT COUNT(*) FROM audit WHERE outcome = 'uncommitted'").int == 0)
        #expect(db.userVersion == Schema.latestVersion)
    }
}
