import Foundation
import CShims

/// Many TCP clients on one epoll loop — the bench's load generator. Not a
/// thread per connection: one thread drives thousands of sockets, as the
/// server does. Loopback only; every wait is bounded by its caller.
final class ClientPool {
    final class Client {
        let index: Int
        let fd: Int32
        var connected = false
        var closed = false
        var input: [UInt8] = []
        var openedAt: Double
        var userData: Any?
        /// Bytes to send once the connection is up (`open(...first:)`).
        var pendingFirst: [UInt8] = []

        init(index: Int, fd: Int32, openedAt: Double) {
            self.index = index
            self.fd = fd
            self.openedAt = openedAt
        }
    }

    private let epfd: Int32
    /// Indexed by descriptor: one array read per event, no hashing (issue 20).
    private var slots: [Client?] = []
    private(set) var openCount = 0
    private var events = [aula_ready_event](repeating: aula_ready_event(), count: 1024)
    private var readBuffer = [UInt8](repeating: 0, count: 65536)
    /// Called once a client's connection is established.
    var onConnect: (Client) -> Void = { _ in }
    /// Called for every complete line a client receives (without CRLF), as
    /// bytes: the generator must stay far cheaper than the server it measures.
    var onLine: (Client, Line) -> Void = { _, _ in }
    var onClose: (Client) -> Void = { _ in }

    init() throws {
        epfd = aula_epoll_create()
        guard epfd >= 0 else { throw BenchError("epoll_create failed (errno \(aula_errno()))") }
    }

    deinit {
        for case let client? in slots { _ = aula_close(client.fd) }
        _ = aula_close(epfd)
    }

    static var now: Double { aula_monotonic_seconds() }

    /// Starts a non-blocking connect; `onConnect` runs when it completes.
    @discardableResult
    func open(index: Int, host: String, port: Int) throws -> Client {
        let client = try connect(index: index, host: host, port: port, nodelay: true)
        _ = aula_epoll_add(epfd, client.fd, AULA_EV_IN | AULA_EV_OUT | AULA_EV_RDHUP)
        return client
    }

    /// Starts a connect that sends `first` as soon as the connection is up:
    /// at once when the kernel has already finished the handshake (on loopback
    /// it nearly always has by the time `connect` returns), else on EPOLLOUT as
    /// `open` does. `onConnect` is not called. No TCP_NODELAY: one send per
    /// client is never held back by Nagle. What this saves per client is the
    /// wait for EPOLLOUT, `getsockopt(SO_ERROR)`, one `epoll_ctl` and one
    /// `setsockopt` — the load generator's own cost, not the server's (issue 20).
    @discardableResult
    func open(index: Int, host: String, port: Int, first: [UInt8]) throws -> Client {
        let client = try connect(index: index, host: host, port: port, nodelay: false)
        let sent = first.withUnsafeBufferPointer { aula_send(client.fd, $0.baseAddress, $0.count) }
        if sent == first.count {
            client.connected = true
            _ = aula_epoll_add(epfd, client.fd, AULA_EV_IN | AULA_EV_RDHUP)
        } else {
            // Not up yet (EAGAIN) or a partial send: the rest goes out on EPOLLOUT.
            client.pendingFirst = sent > 0 ? Array(first[sent...]) : first
            _ = aula_epoll_add(epfd, client.fd, AULA_EV_IN | AULA_EV_OUT | AULA_EV_RDHUP)
        }
        return client
    }

    private func connect(index: Int, host: String, port: Int, nodelay: Bool) throws -> Client {
        let openedAt = ClientPool.now
        let fd = aula_connect_with(host, Int32(port), nodelay ? 1 : 0)
        guard fd >= 0 else { throw BenchError("connect failed (errno \(aula_errno())) after \(openCount) clients") }
        let client = Client(index: index, fd: fd, openedAt: openedAt)
        let slot = Int(fd)
        if slot >= slots.count { slots.append(contentsOf: repeatElement(nil, count: max(slot + 1 - slots.count, 1024))) }
        slots[slot] = client
        openCount += 1
        return client
    }

    func send(_ client: Client, _ text: String) {
        send(client, bytes: Array(text.utf8))
    }

    func send(_ client: Client, bytes: [UInt8]) {
        guard !client.closed else { return }
        var offset = 0
        // Bench messages are small; a full socket buffer means the server stopped
        // reading, which the bench reports rather than hides.
        while offset < bytes.count {
            let start = offset
            let n = bytes.withUnsafeBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return aula_send(client.fd, base + start, buffer.count - start)
            }
            if n <= 0 { break }
            offset += n
        }
    }

    func close(_ client: Client) {
        guard !client.closed else { return }
        client.closed = true
        _ = aula_epoll_remove(epfd, client.fd)
        _ = aula_close(client.fd)
        slots[Int(client.fd)] = nil
        openCount -= 1
    }

    func closeAll() {
        for case let client? in slots { close(client) }
    }

    /// Handles what is ready within `timeout` seconds; returns the events seen.
    @discardableResult
    func poll(timeout: Double) -> Int {
        let n = events.withUnsafeMutableBufferPointer {
            aula_epoll_wait(epfd, $0.baseAddress, Int32($0.count), Int32(max(0, timeout * 1000)))
        }
        guard n > 0 else { return 0 }
        for i in 0..<Int(n) {
            let event = events[i]
            let slot = Int(event.fd)
            guard slot >= 0, slot < slots.count, let client = slots[slot] else { continue }
            if !client.connected && (event.events & AULA_EV_OUT) != 0 {
                if aula_socket_error(client.fd) != 0 {
                    close(client)
                    onClose(client)
                    continue
                }
                client.connected = true
                _ = aula_epoll_modify(epfd, client.fd, AULA_EV_IN | AULA_EV_RDHUP)
                if client.pendingFirst.isEmpty {
                    onConnect(client)
                } else {
                    send(client, bytes: client.pendingFirst)
                    client.pendingFirst = []
                }
            }
            if (event.events & (AULA_EV_IN | AULA_EV_HUP | AULA_EV_ERR | AULA_EV_RDHUP)) != 0 {
                read(client)
            }
        }
        return Int(n)
    }

    private func read(_ client: Client) {
        while !client.closed {
            let n = readBuffer.withUnsafeMutableBufferPointer { aula_recv(client.fd, $0.baseAddress, $0.count) }
            if n > 0 {
                client.input.append(contentsOf: readBuffer[0..<n])
                deliverLines(client)
                if n < readBuffer.count { return }
            } else if n == 0 {
                close(client)
                onClose(client)
                return
            } else {
                let code = aula_errno()
                if code == AULA_EAGAIN || code == AULA_EINTR { return }
                close(client)
                onClose(client)
                return
            }
        }
    }

    private func deliverLines(_ client: Client) {
        var start = 0
        client.input.withUnsafeBufferPointer { buffer in
            for i in 0..<buffer.count where buffer[i] == 10 {
                var end = i
                if end > start, buffer[end - 1] == 13 { end -= 1 }
                onLine(client, Line(bytes: UnsafeBufferPointer(rebasing: buffer[start..<end])))
                start = i + 1
            }
        }
        if start == client.input.count {
            client.input.removeAll(keepingCapacity: true)
        } else if start > 0 {
            client.input.removeFirst(start)
        }
    }
}

/// One received line, as bytes, with the few look-ups the bench needs.
/// Valid only during the `onLine` call.
struct Line {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Whether the line contains `pattern` (ASCII).
    func contains(_ pattern: StaticString) -> Bool { find(pattern) != nil }

    /// The index just after the first occurrence of `pattern`.
    func find(_ pattern: StaticString) -> Int? {
        let p = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        guard p.count > 0, bytes.count >= p.count else { return nil }
        var i = 0
        let last = bytes.count - p.count
        while i <= last {
            if bytes[i] == p[0] {
                var j = 1
                while j < p.count && bytes[i + j] == p[j] { j += 1 }
                if j == p.count { return i + p.count }
            }
            i += 1
        }
        return nil
    }

    /// The JSON event name: lines start with `{"ev":"NAME"`.
    var event: String? { string(after: "{\"ev\":\"") }

    /// The string that follows `prefix` up to the next quote.
    func string(after prefix: StaticString) -> String? {
        guard let start = find(prefix) else { return nil }
        var end = start
        while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Whether the line starts with `prefix`.
    func hasPrefix(_ prefix: StaticString) -> Bool {
        let p = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard bytes.count >= p.count else { return false }
        for i in 0..<p.count where bytes[i] != p[i] { return false }
        return true
    }

    /// The quoted strings of a JSON array that follows `prefix` (`"tried":[`).
    func strings(after prefix: StaticString) -> [String] {
        guard var i = find(prefix) else { return [] }
        var out: [String] = []
        while i < bytes.count && bytes[i] != UInt8(ascii: "]") {
            if bytes[i] == UInt8(ascii: "\"") {
                var end = i + 1
                while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += 1 }
                out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end]), as: UTF8.self))
                i = end + 1
            } else {
                i += 1
            }
        }
        return out
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}
