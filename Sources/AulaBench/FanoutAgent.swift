import Foundation
import CShims

/// The players of one fan-out run in a process of their own (`aula bench-agent`),
/// told on stdin when to measure. With Aula's players and the baseline's in
/// two processes, both sets stay connected for the whole bench without one
/// process needing 20,000 files (a common hard limit), so the slices of Aula
/// and of the baseline can alternate without connecting anyone again.
///
/// Lines on stdin: `measure WARMUP SECONDS`, `quit`. Lines on stdout: `ready`
/// (or `failed: …`) once every room plays, then one JSON `Result` per measure.
enum FanoutAgent {
    /// The agent side; returns the exit code.
    static func serve(_ arguments: [String: String]) -> Int32 {
        func reply(_ line: String) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        guard let portText = arguments["port"], let port = Int(portText),
              let pidText = arguments["pid"], let pid = Int32(pidText),
              let roomsText = arguments["rooms"], let rooms = Int(roomsText) else {
            reply("failed: bench-agent needs --port, --pid and --rooms")
            return 2
        }
        let pace: FanoutBench.Pace = arguments["pace"] == "paced" ? .perSecond(1) : .saturation
        let server: FanoutBench.Server = arguments["server"] == "baseline" ? .baseline : .aula(deck: arguments["deck"] ?? "bench-long")
        _ = aula_raise_fd_limit()
        let run: FanoutBench
        do {
            run = try FanoutBench(rooms: rooms, pace: pace, server: server, port: port, pid: pid)
            try run.setUp()
        } catch {
            reply("failed: \(error)")
            return 1
        }
        reply("ready")
        let encoder = JSONEncoder()
        while let line = readLine() {
            let words = line.split(separator: " ")
            if words.first == "measure", words.count == 3, let warmup = Double(words[1]), let seconds = Double(words[2]) {
                let result = run.measure(warmup: warmup, duration: seconds)
                let data = (try? encoder.encode(result)) ?? Data()
                reply(String(decoding: data, as: UTF8.self))
            } else {
                break
            }
        }
        run.close()
        return 0
    }
}

/// The coordinator's handle on one agent process.
final class FanoutAgentProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending: [UInt8] = []

    init(server: FanoutBench.Server, port: Int, pid: Int32, rooms: Int, pace: FanoutBench.Pace, setupTimeLimit: Double = 150) throws {
        process.executableURL = URL(fileURLWithPath: try ServerProcess.ownExecutable())
        var arguments = ["bench-agent", "--port", String(port), "--pid", String(pid), "--rooms", String(rooms)]
        switch server {
        case .aula(let deck): arguments += ["--server", "aula", "--deck", deck]
        case .baseline: arguments += ["--server", "baseline"]
        }
        if case .perSecond = pace { arguments += ["--pace", "paced"] } else { arguments += ["--pace", "saturation"] }
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let first = try readLine(timeout: setupTimeLimit)
        guard first == "ready" else {
            stop()
            throw BenchError(first.hasPrefix("failed: ") ? String(first.dropFirst(8)) : "the bench agent did not start: \(first)")
        }
    }

    deinit { stop() }

    /// One slice, measured by the agent.
    func measure(warmup: Double, duration: Double) throws -> FanoutBench.Result {
        input.fileHandleForWriting.write(Data("measure \(warmup) \(duration)\n".utf8))
        let line = try readLine(timeout: warmup + duration + 30)
        do {
            return try JSONDecoder().decode(FanoutBench.Result.self, from: Data(line.utf8))
        } catch {
            throw BenchError("the bench agent answered something else than a result: \(line.prefix(200))")
        }
    }

    /// Lets the agent's players go and waits for it to end (at most 15 s).
    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The next line the agent writes, waiting at most `timeout` seconds.
    private func readLine(timeout: Double) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = output.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw BenchError("the bench agent did not answer within \(Int(timeout)) s") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&pfd, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            let n = Glibc.read(fd, &buffer, buffer.count)
            guard n > 0 else { throw BenchError("the bench agent ended before answering") }
            pending.append(contentsOf: buffer[0..<n])
        }
    }
}
