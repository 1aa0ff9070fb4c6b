import Foundation
import AulaNet
import AulaStore

/// What a teacher must know about the database while the class plays (SPEC §11,
/// issue 17): a save that fails or is delayed (disk full, locked, read-only,
/// I/O error) is announced once at the console and in the log with the path
/// and SQLite's message, and again when saving works again; the file being
/// moved or deleted under the server stops saving (new writes are refused
/// instead of going to a file nobody will open) and is announced; a daily
/// backup is made on the store thread. Loop thread only, except the store
/// callbacks, which hop onto the loop.
package final class StorageWatch {  // loop thread only, like Server
    weak var server: Server?
    /// The server's log, kept so store-thread callbacks can write without the server.
    let log: Log
    /// The fault announced and not yet cleared (one announcement per episode).
    private(set) var announcedFault: StoreError?
    private(set) var moved = false
    private var checkTimer: TimerID?
    private var backupTimer: TimerID?
    private var backupRunning = false

    init(server: Server) {
        self.server = server
        self.log = server.log
    }

    /// Hooks the store's callbacks and starts the periodic checks.
    func start() {
        guard let server else { return }
        let loop = server.loop
        let path = server.config.databasePath
        let log = self.log
        let fault = loop.bind { [weak self] (error: StoreError) in self?.fault(error) }
        let recovered = loop.bind { [weak self] in self?.recovered() }
        server.store.onError = { error in
            log(.error, "store.error", ("path", path), ("error", error.description))
            fault(error)
        }
        server.store.onRecovered = {
            log(.info, "store.recovered", ("path", path))
            recovered()
        }
        scheduleCheck()
        if server.config.backupEvery > 0 {
            // Due a minute after start when the newest backup is older than the interval
            // (a server restarted every morning still gets its daily copy).
            let every = server.config.backupEvery * 3600
            let age = BackupFiles.newestAge(directory: backupDirectory) ?? .infinity
            let first = age >= every ? 60 : every - age
            backupTimer = loop.schedule(after: first) { [weak self] in self?.backupNow() }
        }
    }

    func stop() {
        guard let loop = server?.loop else { return }
        if let checkTimer { loop.cancel(checkTimer) }
        if let backupTimer { loop.cancel(backupTimer) }
        checkTimer = nil
        backupTimer = nil
    }

    /// A failed save. Transient ones (they are retried) are told once until recovered;
    /// a single write that failed for good is logged only (its caller answered).
    private func fault(_ error: StoreError) {
        guard let server, !server.shuttingDown, error.isTransient || error.primaryCode == StoreError.movedCode else { return }
        guard announcedFault?.primaryCode != error.primaryCode else { return }
        announcedFault = error
        server.adminConsole?.tellTeachers(InfoEvent("admin.storage.fault", server.config.databasePath,
                                                    error.message, style: .warn))
    }

    private func recovered() {
        guard let server, announcedFault != nil, !moved else { return }
        announcedFault = nil
        server.adminConsole?.tellTeachers(InfoEvent("admin.storage.recovered", server.config.databasePath, style: .good))
    }

    private func scheduleCheck() {
        guard let server, server.config.storageCheckEvery > 0 else { return }
        checkTimer = server.loop.schedule(after: server.config.storageCheckEvery) { [weak self] in
            self?.checkMoved()
        }
    }

    /// Asks the store thread whether the open file is still the one at the path.
    private func checkMoved() {
        guard let server, !server.shuttingDown, !moved else { return }
        server.read({ db in db.hasMoved() }, then: { [weak self] result in
            let movedNow = (try? result.get()) ?? false
            guard let self else { return }
            do {
                if movedNow { self.databaseMoved() } else { self.scheduleCheck() }
            }
        })
    }

    private func databaseMoved() {
        guard let server, !moved else { return }
        moved = true
        let path = server.config.databasePath
        server.store.halted = StoreError(code: StoreError.movedCode,
                                         message: "\(path) was moved or deleted while the server ran")
        log(.error, "store.moved", ("path", path), ("note", "saving stopped; restart aula serve"))
        server.adminConsole?.tellTeachers(InfoEvent("admin.storage.moved", path, style: .warn))
    }

    /// Tells a teacher who logs in while a fault is on (they missed the announcement).
    package func remind(_ send: (Event) -> Void) {
        guard let server else { return }
        // The server before this one was killed: what was being played then is lost (session 11).
        if server.store.previousRun?.stoppedUncleanly == true {
            send(InfoEvent("admin.restart.unsaved", style: .warn))
        }
        if moved {
            send(InfoEvent("admin.storage.moved", server.config.databasePath, style: .warn))
        } else if let fault = announcedFault {
            send(InfoEvent("admin.storage.fault", server.config.databasePath, fault.message, style: .warn))
        }
    }

    // MARK: Daily backups

    var backupDirectory: String {
        guard let server else { return "backups" }
        if let dir = server.config.backupDirectory { return dir }
        let db = URL(fileURLWithPath: server.config.databasePath).standardizedFileURL
        return db.deletingLastPathComponent().appendingPathComponent("backups").path
    }

    /// One backup on the store thread (never the loop's), then the oldest beyond `backupKeep` go.
    func backupNow(done: (@Sendable (Result<String, StoreError>) -> Void)? = nil) {
        guard let server else { return }
        let loop = server.loop
        if server.config.backupEvery > 0 {
            backupTimer = loop.schedule(after: server.config.backupEvery * 3600) { [weak self] in self?.backupNow() }
        }
        guard !backupRunning, !moved else { return }
        backupRunning = true
        let directory = backupDirectory
        let keep = server.config.backupKeep
        let stamp = BackupFiles.stamp(Date())
        let log = self.log
        let finished = loop.bind { [weak self] (result: Result<String, StoreError>) in
            guard let self else { return }
            self.backupRunning = false
            if case .failure(let error) = result {
                self.server?.adminConsole?.tellTeachers(InfoEvent("admin.backup.failed", directory, error.message, style: .warn))
            }
        }
        server.store.read({ db -> String in
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let target = directory + "/aula-\(stamp).sqlite"
            try db.backup(into: target)
            BackupFiles.prune(directory: directory, keep: keep)
            return target
        }, done: { result in
            switch result {
            case .success(let path): log(.info, "backup.done", ("file", path))
            case .failure(let error): log(.error, "backup.failed", ("directory", directory), ("error", error.description))
            }
            done?(result)
            finished(result)
        })
    }
}

/// Names and pruning of the backup files: `aula-YYYYMMDD-HHMMSS.sqlite`, so
/// the names sort by age.
public enum BackupFiles {
    public static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }

    /// Seconds since the newest backup in `directory` was written; nil when there is none.
    public static func newestAge(directory: String) -> Double? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        let dates = names.filter { $0.hasPrefix("aula-") && $0.hasSuffix(".sqlite") }.compactMap {
            (try? FileManager.default.attributesOfItem(atPath: directory + "/" + $0))?[.modificationDate] as? Date
        }
        return dates.max().map { max(0, Date().timeIntervalSince($0)) }
    }

    /// Deletes the oldest `aula-*.sqlite` files beyond `keep` (0 keeps all).
    public static func prune(directory: String, keep: Int) {
        guard keep > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let backups = names.filter { $0.hasPrefix("aula-") && $0.hasSuffix(".sqlite") }.sorted()
        for name in backups.dropLast(keep) {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }
}

/// Why the server could not start, in words for the person who ran it.
public struct StartError: Error, CustomStringConvertible {
    public let description: String
    public init(_ text: String) { description = text }
}
