import Foundation
import CShims

/// Raw loopback sockets for the hostile bench: a connect from a chosen source
/// address (127.0.0.2… look like another machine to per-address limits that
/// only exempt 127.0.0.1), and writes that take only what the socket accepts.
enum HostileSocket {
    /// A non-blocking TCP connect to `host:port`, bound first to `source` when
    /// given. Returns the fd (the connect may still be in progress) or -1.
    static func connect(host: String, port: Int, source: String? = nil) -> Int32 {
        guard let source else { return aula_connect(host, Int32(port)) }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_port = 0
        guard inet_pton(AF_INET, source, &local.sin_addr) == 1 else { _ = aula_close(fd); return -1 }
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &remote.sin_addr) == 1 else { _ = aula_close(fd); return -1 }
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, size) }
        }
        guard bound == 0 else { _ = aula_close(fd); return -1 }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, size) }
        }
        if connected != 0 && errno != EINPROGRESS { _ = aula_close(fd); return -1 }
        return fd
    }

    /// Writes as much of `bytes[offset...]` as the socket takes now; returns
    /// how many bytes went (0 when the socket is full, -1 when it is closed).
    static func write(_ fd: Int32, _ bytes: [UInt8], from offset: Int = 0) -> Int {
        guard offset < bytes.count else { return 0 }
        let n = bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return aula_send(fd, base + offset, buffer.count - offset)
        }
        if n >= 0 { return n }
        let code = aula_errno()
        return code == AULA_EAGAIN || code == AULA_EINTR ? 0 : -1
    }

    /// Whether the server closed the connection: reads (and drops) whatever
    /// is waiting; true on end of file or a reset.
    static func peerClosed(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBufferPointer { aula_recv(fd, $0.baseAddress, $0.count) }
            if n > 0 { continue }
            if n == 0 { return true }
            let code = aula_errno()
            return !(code == AULA_EAGAIN || code == AULA_EINTR)
        }
    }

    /// Waits until the fd is readable (or `timeout` seconds passed).
    static func waitReadable(_ fd: Int32, timeout: Double) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&pfd, 1, Int32(max(0, timeout * 1000))) > 0
    }
}

/// A blocking-style line client for setup and checks: logins, the teachers'
/// console, the liveness check. Every wait is bounded by its timeout.
final class LineClient {
    let fd: Int32
    private var input: [UInt8] = []
    private(set) var closed = false
    /// The server closed the connection.
    private(set) var ended = false

    init(host: String, port: Int, timeout: Double = 5) throws {
        fd = aula_connect(host, Int32(port))
        guard fd >= 0 else { throw BenchError("connect to \(host):\(port) failed (errno \(aula_errno()))") }
        var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = Glibc.poll(&pfd, 1, Int32(timeout * 1000))
        guard (pfd.revents & Int16(POLLOUT)) != 0, aula_socket_error(fd) == 0 else {
            _ = aula_close(fd)
            throw BenchError("connect to \(host):\(port) failed")
        }
    }

    deinit { close() }

    /// Hands the fd over to someone else: this client no longer reads or closes it.
    func detach() { closed = true }

    func close() {
        guard !closed else { return }
        closed = true
        _ = aula_close(fd)
    }

    func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        let deadline = ClientPool.now + 5
        while offset < bytes.count && ClientPool.now < deadline {
            let n = HostileSocket.write(fd, bytes, from: offset)
            if n < 0 { return }
            if n == 0 { var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0); _ = Glibc.poll(&pfd, 1, 50) }
            offset += max(0, n)
        }
    }

    /// The next line (without CRLF), or nil after `timeout` seconds or at end of file.
    func readLine(timeout: Double) -> String? {
        let deadline = ClientPool.now + timeout
        while true {
            if let newline = input.firstIndex(of: 10) {
                var end = newline
                if end > 0 && input[end - 1] == 13 { end -= 1 }
                let line = String(decoding: input[0..<end], as: UTF8.self)
                input.removeFirst(newline + 1)
                return line
            }
            let left = deadline - ClientPool.now
            guard !closed, !ended, left > 0, HostileSocket.waitReadable(fd, timeout: left) else { return nil }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = buffer.withUnsafeMutableBufferPointer { aula_recv(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                input.append(contentsOf: buffer[0..<n])
            } else if n == 0 || !(aula_errno() == AULA_EAGAIN || aula_errno() == AULA_EINTR) {
                ended = true
                return nil
            }
        }
    }

    /// Reads lines until one contains `text`; returns it (nil on timeout).
    func waitFor(_ text: String, timeout: Double = 5) -> String? {
        let deadline = ClientPool.now + timeout
        while case let left = deadline - ClientPool.now, left > 0, let line = readLine(timeout: left) {
            if line.contains(text) { return line }
        }
        return nil
    }

    /// Every line that arrives within `timeout` seconds of quiet.
    func drain(quiet: Double = 0.2) -> [String] {
        var lines: [String] = []
        while let line = readLine(timeout: quiet) { lines.append(line) }
        return lines
    }

    /// A student in JSON mode, logged into the `open` group (no class code).
    static func student(host: String, port: Int, name: String, timeout: Double = 10) throws -> LineClient {
        let client = try LineClient(host: host, port: port)
        client.send("mode json")
        client.send(name)
        guard client.waitFor("\"ev\":\"welcome\"", timeout: timeout) != nil else {
            throw BenchError("\(name) could not log in")
        }
        return client
    }
}
