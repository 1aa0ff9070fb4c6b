import Foundation
import Testing
import AulaTestSupport
import AulaBench

/// `aula serve` runs the store's commits at nice 10 (`.background`; issue 20, the paced
/// p99): a batch of writes yields the processor to the event loop, which
/// stays at nice 0. Read from /proc of the real binary: the servers tests
/// start in their own process keep the old priority (`RunningServer`'s default).
@Suite(.lab) struct StorePriorityTests {
    /// Each thread of `pid` with its nice value (field 19 of /proc/PID/task/TID/stat).
    static func threadNices(_ pid: Int32) -> [Int32: Int] {
        var nices: [Int32: Int] = [:]
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            guard let tid = Int32(task),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // Fields after the command name (which may hold spaces): state is field 3, nice field 19.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 16, let nice = Int(fields[16]) { nices[tid] = nice }
        }
        return nices
    }

    static func waitForNice(_ pid: Int32, _ wanted: Int, timeout: Double = 10) -> [Int32: Int] {
        let deadline = Date().addingTimeInterval(timeout)
        var nices = threadNices(pid)
        while !nices.values.contains(wanted) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            nices = threadNices(pid)
        }
        return nices
    }

    @Test func theStoreCommitsAtNice10AndTheLoopStaysAt0() throws {
        let server = try ServerProcess(contentDirectory: FileManager.default.currentDirectoryPath)
        defer { server.stop() }
        // A login writes (the student's row), so the store drains at least once.
        let client = try TestClient.loggedIn(port: server.port, name: "Ana")
        let nices = Self.waitForNice(server.pid, 10)
        #expect(nices[server.pid] == 0, "the event loop (the main thread) keeps nice 0: \(nices)")
        #expect(nices.values.contains(10), "the store thread committed at nice 10: \(nices)")
        // Still answering, and answering at once.
        client.send("who")
        #expect(client.waitFor("Ana") != nil)
    }

    /// Without the setting the store thread keeps what the dispatch pool gave it
    /// (its quality of service: nice -2 when the server runs as root, which then
    /// outranked the loop); nothing is lowered to 10.
    @Test func keepPriorityLeavesTheThreadsAsTheyAre() throws {
        let server = try ServerProcess(contentDirectory: FileManager.default.currentDirectoryPath,
                                       environment: ["AULA_KEEP_PRIORITY": "1"])
        defer { server.stop() }
        let client = try TestClient.loggedIn(port: server.port, name: "Ana")
        client.send("who")
        #expect(client.waitFor("Ana") != nil)
        let nices = Self.threadNices(server.pid)
        #expect(nices[server.pid] == 0, "\(nices)")
        #expect(!nices.values.contains(10), "\(nices)")
    }
}
