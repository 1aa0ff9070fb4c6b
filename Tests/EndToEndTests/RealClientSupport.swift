import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A one-connection TCP relay on an ephemeral loopback port that records every
/// byte each way: it shows what a real client sends and exactly which bytes
/// (telnet commands included) reach it — the screen alone would hide them.
final class SniffingRelay: @unchecked Sendable {
    let port: Int
    private let listenFD: Int32
    private let target: Int
    private let lock = NSLock()
    private var toClientBytes: [UInt8] = []
    private var fromClientBytes: [UInt8] = []
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)

    init(target: Int) throws {
        self.target = target
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 1) == 0 else { throw TestError("relay: cannot listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listenFD = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// Bytes the server sent to the client so far.
    var toClient: [UInt8] { lock.withLock { toClientBytes } }
    /// Waits (bounded) until `condition` holds for the bytes seen so far.
    func waitUntil(timeout: Double = 5, _ condition: (_ toClient: [UInt8], _ fromClient: [UInt8]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(toClient, fromClient) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition(toClient, fromClient)
    }

    /// Bytes the client sent to the server so far.
    var fromClient: [UInt8] { lock.withLock { fromClientBytes } }

    func stop() {
        lock.withLock { stopping = true }
        _ = done.wait(timeout: .now() + 3)
        Glibc.close(listenFD)
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    /// Accepts one client (for at most 30 s), connects it to the server, relays both ways.
    private func run() {
        defer { done.signal() }
        var pfd = pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0)
        var waited = 0
        while poll(&pfd, 1, 100) <= 0 {
            waited += 1
            if isStopping || waited > 300 { return }
        }
        let client = accept(listenFD, nil, nil)
        guard client >= 0, let server = try? TestClient(port: target) else { return }
        defer { Glibc.close(client) }
        var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: server.fd, events: Int16(POLLIN), revents: 0)]
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(60)
        while !isStopping && Date() < deadline {
            guard poll(&fds, 2, 100) > 0 else { continue }
            for (index, from, to) in [(0, client, server.fd), (1, server.fd, client)]
            where fds[index].revents != 0 {
                let n = recv(from, &chunk, chunk.count, 0)
                if n <= 0 { return }
                lock.withLock {
                    if index == 0 { fromClientBytes += chunk[0..<n] } else { toClientBytes += chunk[0..<n] }
                }
                var offset = 0
                while offset < n {
                    let sent = chunk[offset..<n].withUnsafeBufferPointer { Glibc.send(to, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if sent <= 0 { return }
                    offset += sent
                }
            }
        }
    }
}

/// A real terminal client (nc, telnet, tt++, plink) run inside a private tmux
/// server: keys go in with `send-keys`, the screen comes out with `capture-pane`.
final class TmuxClient {
    let socketName = "aula-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"

    /// The first missing tool, or nil when `tools` are all installed.
    static func missing(_ tools: [String]) -> String? {
        tools.first { tool in
            !["/usr/bin/", "/usr/local/bin/", "/bin/", "/usr/games/"].contains {
                FileManager.default.isExecutableFile(atPath: $0 + tool)
            }
        }
    }

    /// The pane's process group (the client) and the tmux server, killed at
    /// the end whatever state they are in: a client whose terminal is gone may
    /// spin (tt++ does) and must never outlive the test.
    private var panePID: pid_t = 0
    private var serverPID: pid_t = 0

    init(command: String, width: Int = 100) throws {
        // `timeout` bounds the client even if everything else fails.
        guard Self.tmux(["-L", socketName, "new-session", "-d", "-s", "c", "-x", String(width), "-y", "40",
                         "PATH=$PATH:/usr/games; exec timeout -s KILL 120 " + command]) == 0 else {
            throw TestError("tmux could not start \(command)")
        }
        // Keep the pane after the client exits, so the screen can still be read.
        Self.tmux(["-L", socketName, "set-option", "-t", "c", "remain-on-exit", "on"])
        let ids = Self.output(["-L", socketName, "display-message", "-p", "-t", "c", "#{pane_pid} #{pid}"]) ?? ""
        let numbers = ids.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { pid_t($0) }
        if numbers.count == 2 { (panePID, serverPID) = (numbers[0], numbers[1]) }
    }

    deinit {
        if panePID > 0 { kill(-panePID, SIGKILL); kill(panePID, SIGKILL) }
        Self.tmux(["-L", socketName, "kill-server"])
        if serverPID > 0 { kill(serverPID, SIGKILL) }
    }

    /// Types text literally (a `;` stays a `;`), then Enter.
    func type(_ text: String) {
        _ = Self.tmux(["-L", socketName, "send-keys", "-t", "c", "-l", text])
        _ = Self.tmux(["-L", socketName, "send-keys", "-t", "c", "Enter"])
    }

    /// Types text, then the keys named as tmux names them (`BSpace`, `Enter`).
    func type(_ text: String, thenKeys keys: [String]) {
        _ = Self.tmux(["-L", socketName, "send-keys", "-t", "c", "-l", text])
        for key in keys { _ = Self.tmux(["-L", socketName, "send-keys", "-t", "c", key]) }
    }

    var screen: String {
        Self.output(["-L", socketName, "capture-pane", "-p", "-t", "c", "-S", "-200"]) ?? ""
    }

    /// Waits (bounded) until the screen shows `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 8) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if screen.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    @discardableResult
    static func tmux(_ arguments: [String]) -> Int32 {
        run(arguments, capture: false).status
    }

    static func output(_ arguments: [String]) -> String? {
        let result = run(arguments, capture: true)
        return result.status == 0 ? result.text : nil
    }

    /// posix_spawn and waitpid rather than `Process`: `new-session -d` leaves
    /// a daemon behind, and Foundation's child watcher then never returned.
    private static func run(_ arguments: [String], capture: Bool) -> (status: Int32, text: String) {
        var pipeFDs: [Int32] = [-1, -1]
        // Close-on-exec: no other child (nor the tmux server) may hold the write end.
        if capture {
            guard pipe(&pipeFDs) == 0 else { return (-1, "") }
            for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["/usr/bin/tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The test process blocks some signals (the server's loop takes them by
        // signalfd); a child must not inherit that, or tmux and its clients
        // ignore SIGTERM and SIGHUP and outlive the test.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, environ)
        if capture { Glibc.close(pipeFDs[1]) }
        guard spawned == 0 else {
            if capture { Glibc.close(pipeFDs[0]) }
            return (-1, "")
        }
        var output: [UInt8] = []
        if capture {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(pipeFDs[0], &chunk, chunk.count)
                if n <= 0 { break }
                output += chunk[0..<n]
            }
            Glibc.close(pipeFDs[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
        return (exitCode, String(decoding: output, as: UTF8.self))
    }
}

extension Array where Element == UInt8 {
    func containsBytes(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { Array(self[$0..<$0 + needle.count]) == needle }
    }

    /// Valid UTF-8 text with no telnet IAC: all a raw client may ever receive.
    var isPlainText: Bool {
        !contains(255) && String(validating: self, as: UTF8.self) != nil
    }
}
