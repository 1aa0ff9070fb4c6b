import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP client for end-to-end tests: connects to the real server on
/// loopback, sends lines, and reads lines with a deadline (never forever).
final class TestClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    /// Every line received so far, for failure messages.
    private(set) var transcript: [String] = []

    /// `source`: a local address to connect from (another 127.x address plays
    /// another machine of the classroom; the server counts it as a stranger).
    init(port: Int, host: String = "127.0.0.1", receiveBuffer: Int32? = nil, source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestError("socket failed") }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                Glibc.close(fd)
                throw TestError("bind to \(source) failed: errno \(errno)")
            }
        }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &addr.sin_addr)
        let result = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            Glibc.close(fd)
            throw TestError("connect to \(port) failed: errno \(errno)")
        }
    }

    deinit { Glibc.close(fd) }

    func close() { shutdown(fd, Int32(SHUT_RDWR)) }

    /// Ends lines with LF like `nc` (CR LF would be taken for telnet and draw
    /// the server's telnet offer, docs/clients.md; `sendRaw` tests that).
    func send(_ line: String) { sendRaw(Array((line + "\n").utf8)) }

    func sendRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBufferPointer { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// The next line (without CRLF), or nil after `timeout` seconds.
    func readLine(timeout: Double = 5) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let lf = buffer.firstIndex(of: 10) {
                var lineBytes = Array(buffer[..<lf])
                buffer.removeFirst(lf + 1)
                if lineBytes.last == 13 { lineBytes.removeLast() }
                let line = String(decoding: lineBytes, as: UTF8.self)
                transcript.append(line)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(max(1, left * 1000)))
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// The raw bytes received so far that do not yet end a line, plus anything
    /// arriving within `timeout` (for checking that no telnet bytes are sent).
    func rawBytes(timeout: Double) -> [UInt8] {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 50) > 0 {
                var chunk = [UInt8](repeating: 0, count: 65536)
                let n = recv(fd, &chunk, chunk.count, 0)
                if n <= 0 { break }
                buffer.append(contentsOf: chunk[0..<n])
            }
        }
        return buffer
    }

    /// Reads lines until one contains `text`; returns it, or nil on timeout.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 5) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            guard let line = readLine(timeout: deadline.timeIntervalSinceNow) else { return nil }
            if line.contains(text) { return line }
        }
        return nil
    }

    /// Reads JSON lines until an event named `ev` (optionally matching), or nil.
    func waitForEvent(_ ev: String, timeout: Double = 5, where match: ([String: Any]) -> Bool = { _ in true }) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            guard let line = readLine(timeout: deadline.timeIntervalSinceNow) else { return nil }
            guard let object = TestClient.json(line) else { continue }
            if object["ev"] as? String == ev, match(object) { return object }
        }
        return nil
    }

    /// The `code` of the next error event (skipping other events).
    func nextErrorCode(timeout: Double = 5) -> String? {
        waitForEvent("error", timeout: timeout)?["code"] as? String
    }

    /// True when the server closed the connection within `timeout`.
    func waitForClose(timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 50) > 0 {
                var chunk = [UInt8](repeating: 0, count: 65536)
                let n = recv(fd, &chunk, chunk.count, 0)
                if n <= 0 { return true }
                buffer.append(contentsOf: chunk[0..<n])
            }
        }
        return false
    }

    static func json(_ line: String) -> [String: Any]? {
        guard let data = line.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Logs in with a name in text mode and waits for the welcome line.
    static func loggedIn(port: Int, name: String) throws -> TestClient {
        let client = try TestClient(port: port)
        guard client.waitFor("Name:") != nil else { throw TestError("no Name: prompt") }
        client.send(name)
        guard client.waitFor(name) != nil else { throw TestError("no welcome for \(name)") }
        return client
    }

    /// Logs in and switches to JSON mode first (at the Name: prompt).
    static func loggedInJSON(port: Int, name: String) throws -> TestClient {
        let client = try TestClient(port: port)
        guard client.waitFor("Name:") != nil else { throw TestError("no Name: prompt") }
        client.send("mode json")
        guard client.waitForEvent("mode") != nil else { throw TestError("no mode event") }
        client.send(name)
        guard client.waitForEvent("welcome") != nil else { throw TestError("no welcome event for \(name)") }
        return client
    }
}

struct TestError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
