import Foundation

/// `aula bench connections`: holds N logged-in idle connections and reports
/// the server's resident memory at checkpoints and the connect+login times.
struct ConnectionsBench {
    var checkpoints: [Int]
    var host = "127.0.0.1"
    var timeLimit: Double = 120

    struct Checkpoint {
        let connections: Int
        let residentBytes: Int
    }

    struct Result {
        var baselineBytes = 0
        var checkpoints: [Checkpoint] = []
        var loginTimes: [Double] = []
        var firstThousandSeconds: Double = 0
        /// From the first connect to the last welcome, the checkpoints' settling pauses left out (issue 20).
        var allLoggedInSeconds: Double = 0
        var failures = 0
    }

    /// Logins in flight at once: 256, or `AULA_BENCH_IN_FLIGHT` (1–4096) to
    /// check whether the window is what limits the login time (bench/REPORT.md,
    /// "Logins and memory (session 7)"); the report prints the value used.
    static var inFlight: Int {
        guard let text = ProcessInfo.processInfo.environment["AULA_BENCH_IN_FLIGHT"], let n = Int(text),
              (1...4096).contains(n) else { return 256 }
        return n
    }

    /// Runs against a server on `port`; `rss` reads the server's memory (nil: not measurable).
    func run(port: Int, rss: () -> Int?) throws -> Result {
        var result = Result()
        let pool = try ClientPool()
        let target = checkpoints.max() ?? 0
        var loggedIn = 0
        var opened = 0
        let started = ClientPool.now
        var settling = 0.0
        let deadline = started + timeLimit
        result.baselineBytes = rss() ?? 0
        // Each client sends `mode json` and its name in one write as soon as its
        // connection is up (ClientPool.open(...first:)); the clock starts before connect.
        pool.onLine = { client, line in
            if client.userData == nil, line.hasPrefix("{\"ev\":\"welcome\"") {
                client.userData = true
                result.loginTimes.append(ClientPool.now - client.openedAt)
                loggedIn += 1
                if loggedIn == 1000 { result.firstThousandSeconds = ClientPool.now - started }
                if loggedIn == target { result.allLoggedInSeconds = ClientPool.now - started - settling }
            }
        }
        pool.onClose = { _ in result.failures += 1 }
        var nextCheckpoint = checkpoints.sorted()
        // Keep a bounded number of logins in flight, as a lab full of students would.
        let inFlight = ConnectionsBench.inFlight
        while (loggedIn < target || !nextCheckpoint.isEmpty) && ClientPool.now < deadline {
            while opened < target && opened - loggedIn - result.failures < inFlight {
                try pool.open(index: opened, host: host, port: port, first: Array("mode json\nb\(opened)\n".utf8))
                opened += 1
            }
            pool.poll(timeout: 0.01)
            if let next = nextCheckpoint.first, loggedIn >= next {
                // Let the server settle before reading its memory.
                let settleStart = ClientPool.now
                let settle = settleStart + 1
                while ClientPool.now < settle { pool.poll(timeout: 0.05) }
                if loggedIn < target { settling += ClientPool.now - settleStart }
                result.checkpoints.append(Checkpoint(connections: next, residentBytes: rss() ?? 0))
                nextCheckpoint.removeFirst()
            }
            if result.failures > target / 10 + 10 { throw BenchError("too many failed connections (\(result.failures))") }
        }
        pool.closeAll()
        return result
    }
}
