import Foundation

/// A teacher at the admin console watching one hangman room while the fan-out
/// runs (issue 20: "the admin console watching a room costs nothing
/// measurable"). It logs in as the first teacher of the bench's fresh
/// database (loopback may create it), types `watch ROOM`, and is drained
/// between slices so the server never has to hold its output.
final class ConsoleWatcher {
    private let console: LineClient
    /// Bytes of room events read so far (JSON lines, CRLF not counted).
    private(set) var bytesRead = 0
    private(set) var linesRead = 0

    init(port: Int, room: String) throws {
        console = try LineClient.firstTeacher(host: "127.0.0.1", port: port, password: "fanout bench password",
                                              who: "console watcher")
        console.send("watch \(room)")
        let deadline = ClientPool.now + 15
        while true {
            guard case let left = deadline - ClientPool.now, left > 0, let line = console.readLine(timeout: left) else {
                throw BenchError("console watcher: no answer to watch \(room)")
            }
            if line.hasPrefix("{\"ev\":\"error\"") { throw BenchError("console watcher: watch \(room) refused: \(line.prefix(200))") }
            if line.contains("\"kind\":\"command\"") { break }
        }
    }

    /// Reads what the watched room sent since the last call (between slices).
    func drain() {
        for line in console.drain(quiet: 0.05) {
            bytesRead += line.utf8.count
            linesRead += 1
        }
    }

    func stop() {
        console.close()
    }
}
