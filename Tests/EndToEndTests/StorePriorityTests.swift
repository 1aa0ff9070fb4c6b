import Foundation
import Testing
import AulaTestSupport
import AulaBench

/// No thread of `aula serve` outranks its event loop (issue 20): libdispatch
/// turns a queue's quality of service into its threads' nice value on Linux,
/// and the store's, the judge's and the hashing queues were `.userInitiated`,
/// nice -2 when the server runs as root — so a batch of writes could take the
/// processor from the loop that answers everyone. They are `.default` now, the
/// loop's own 0. Read from /proc of the real binary (as root, as CI runs, the
/// old -2 was really applied; as another user it could not be).
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

    @Test func noThreadOutranksTheEventLoop() throws {
        let server = try ServerProcess(contentDirectory: FileManager.default.currentDirectoryPath)
        defer { server.stop() }
        // A login reads and writes (the student's row): the store's thread has run.
        let client = try TestClient.loggedIn(port: server.port, name: "Ana")
        client.send("who")
        #expect(client.waitFor("Ana") != nil)
        let nices = Self.threadNices(server.pid)
        #expect(nices.count >= 2, "the loop and the store's thread: \(nices)")
        #expect(nices[server.pid] == 0, "the event loop (the main thread) runs at nice 0: \(nices)")
        #expect(nices.values.allSatisfy { $0 >= 0 }, "no thread above the loop: \(nices)")
    }
}
