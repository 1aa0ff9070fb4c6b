import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// The connection settings chosen for saving rounds at saturation (bench/REPORT.md, "The
/// store at saturation (session 7)"): what each promises is checked here, not its speed.
@Suite("Store connection settings", .lab)
struct StoreSettingsTests {
    @Test func theLogIsCheckpointedEvery8000Pages() throws {
        let (pages, mode, synchronous) = try withDatabase { db, _ in
            (try db.scalarInt("PRAGMA wal_autocheckpoint"), try db.scalar("PRAGMA journal_mode").string,
             try db.scalarInt("PRAGMA synchronous"))
        }
        #expect(pages == 8000)
        #expect(mode == "wal")
        #expect(synchronous == 1)  // NORMAL: a commit is durable once it is in the log
    }

    /// The log grows past SQLite's default 1000 pages across many commits (no checkpoint
    /// folds it back at 4 MB), and a clean close still leaves no log beside the file.
    @Test func theLogGrowsPast1000PagesAndACleanCloseTruncatesIt() throws {
        let folder = try TempFolder()
        let path = folder.path()
        let store = try Store(path: path)
        let text = String(repeating: "x", count: 4000)
        for commit in 0..<25 {
            for i in 0..<100 {
                store.write { db in try db.appendAudit(at: Double(commit * 100 + i), teacher: "t", command: text, outcome: "ok") }
            }
            store.flush()
        }
        let grown = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(grown > 2000 * 4096)
        store.close()
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(walSize == 0)
        let reopened = try Database(path: path)
        defer { reopened.close() }
        #expect(try reopened.scalarInt("SELECT COUNT(*) FROM audit") == 2500)
        #expect(try reopened.integrityCheck() == "ok")
    }
}
