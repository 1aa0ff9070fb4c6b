import Foundation
import Synchronization
@testable import AulaNet
#if canImport(Glibc)
import Glibc
#endif

/// Polls `condition` every few milliseconds for at most `seconds`.
func eventually(within seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}

/// An event loop running on its own thread for the length of a test.
final class RunningLoop: @unchecked Sendable {
    let loop: EventLoop
    private let finished = DispatchSemaphore(value: 0)

    init(clock: any LoopClock = MonotonicClock()) throws {
        loop = try EventLoop(clock: clock)
    }

    func start() {
        let loop = self.loop
        let finished = self.finished
        Thread.detachNewThread {
            loop.run()
            finished.signal()
        }
    }

    /// Runs `work` on the loop thread and waits for its result (bounded).
    func onLoop<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T? {
        let box = PThreadMutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            let value = work()
            box.withLock { $0 = value }
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else { return nil }
        return box.withLock { $0 }
    }

    /// Stops the loop; true if `run()` returned in time.
    @discardableResult
    func stop() -> Bool {
        loop.stop()
        return finished.wait(timeout: .now() + 5) == .success
    }
}

/// Records everything the network layer reports; optionally reacts to lines.
final class RecordingHandler: ConnectionHandler, @unchecked Sendable {
    struct Log {
        var opened: [UInt64] = []
        var lines: [(UInt64, String)] = []
        var notices: [(UInt64, NetNotice)] = []
        var closed: [(UInt64, CloseReason)] = []
    }

    let log = PThreadMutex(Log())
    /// Called on the loop thread for each received line.
    var onLine: ((Connection, String) -> Void)?
    var onNotice: ((Connection, NetNotice) -> Void)?
    var onOpen: ((Connection) -> Void)?
    var fullMessage = "FULL\r\n"
    var busyMessage = "SLOW DOWN\r\n"

    func connectionOpened(_ connection: Connection) {
        log.withLock { $0.opened.append(connection.id) }
        onOpen?(connection)
    }

    func connection(_ connection: Connection, received line: String) {
        log.withLock { $0.lines.append((connection.id, line)) }
        onLine?(connection, line)
    }

    func connection(_ connection: Connection, notice: NetNotice) {
        log.withLock { $0.notices.append((connection.id, notice)) }
        onNotice?(connection, notice)
    }

    func connectionClosed(_ connection: Connection, reason: CloseReason) {
        log.withLock { $0.closed.append((connection.id, reason)) }
    }

    func refusalMessage(_ refusal: AdmissionRefusal) -> String {
        refusal == .serverFull ? fullMessage : busyMessage
    }

    var lines: [String] { log.withLock { $0.lines.map(\.1) } }
    var notices: [NetNotice] { log.withLock { $0.notices.map(\.1) } }
    var closeReasons: [CloseReason] { log.withLock { $0.closed.map(\.1) } }
    var openedCount: Int { log.withLock { $0.opened.count } }
}

/// A blocking loopback TCP client with bounded reads.
final class TestClient {
    let fd: Int32
    private(set) var received: [UInt8] = []
    private(set) var peerClosed = false

    init?(port: Int, receiveBuffer: Int32? = nil) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(fd)
            return nil
        }
    }

    deinit { Glibc.close(fd) }

    func send(_ text: String) { send(bytes: Array(text.utf8)) }

    func send(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Reads what arrives within `seconds` (stops early at EOF or when `until` holds).
    @discardableResult
    func read(for seconds: Double, until: (([UInt8]) -> Bool)? = nil) -> [UInt8] {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !peerClosed {
            if let until, until(received) { break }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, left * 1000)))
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                peerClosed = true
                break
            }
            received += buffer[0..<count]
        }
        return received
    }

    /// Reads until the text received contains `text` (bounded).
    func readText(containing text: String, within seconds: Double = 5) -> String {
        read(for: seconds) { String(decoding: $0, as: UTF8.self).contains(text) }
        return String(decoding: received, as: UTF8.self)
    }

    /// Waits for the server to close the connection (bounded); true if it did.
    func waitForClose(within seconds: Double = 5) -> Bool {
        read(for: seconds)
        return peerClosed
    }

    var text: String { String(decoding: received, as: UTF8.self) }
}

/// Hands a loop-owned object to closures that run on the loop thread.
struct LoopOwned<T>: @unchecked Sendable {
    let value: T
}

/// A server on a loop thread for one test: port 0 on loopback.
struct TestServer {
    let running: RunningLoop
    let handler: RecordingHandler
    let listener: LoopOwned<Listener>
    var port: Int { listener.value.port }

    /// `clock`: a `VirtualClock` makes the listener's sweeps (idle, login
    /// deadlines) wait for `advance(by:)` instead of real seconds.
    init(limits: NetLimits = NetLimits(), clock: any LoopClock = MonotonicClock(),
         configure: (RecordingHandler) -> Void = { _ in }) throws {
        running = try RunningLoop(clock: clock)
        handler = RecordingHandler()
        configure(handler)
        listener = LoopOwned(value: try running.loop.listen(host: "127.0.0.1", port: 0, limits: limits, handler: handler))
        running.start()
    }

    func connectionCount() -> Int? {
        let listener = self.listener
        return running.onLoop { listener.value.connectionCount }
    }

    func stop() { running.stop() }

    /// Virtual clock only: moves time on, firing the timers due (on the loop).
    func advance(by seconds: Double) {
        let loop = running.loop
        _ = running.onLoop { loop.advance(by: seconds) }
    }
}
