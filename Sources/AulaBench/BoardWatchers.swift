import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Browsers on the projector board, for `aula bench hangman`: N sockets that
/// open `/events` and read everything the server streams (on one thread of
/// their own), so the fan-out can be timed with the board busy (issue 19:
/// the board must cost nothing noticeable).
// @unchecked Sendable: the counters and `running` are guarded by `lock`; the sockets are read only
// on the watchers' own thread.
final class BoardWatchers: @unchecked Sendable {
    private var fds: [Int32] = []
    private let lock = NSLock()
    private var running = true
    private var read = 0
    /// Bytes of the stream received so far, all sockets together.
    var bytesRead: Int { lock.withLock { read } }
    private var thread: Thread?

    init(port: Int, count: Int) throws {
        for _ in 0..<count {
            let fd: Int32
            do {
                fd = try Self.connect(port: port)
            } catch {
                for open in fds { Glibc.close(open) }
                throw error
            }
            let request = Array("GET /events HTTP/1.1\r\nHost: bench\r\n\r\n".utf8)
            _ = request.withUnsafeBufferPointer { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            fds.append(fd)
        }
        let thread = Thread { [self] in drain() }
        thread.name = "board-watchers"
        self.thread = thread
        thread.start()
    }

    /// A connection to the board port. Refused connections are tried again for
    /// up to 5 s: `ServerProcess` waits only for the students' port, and the
    /// board may start listening a moment after it (a CI run lost the race once).
    private static func connect(port: Int) throws -> Int32 {
        let deadline = Date().addingTimeInterval(5)
        while true {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw BenchError("socket failed") }
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
            let ok = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if ok == 0 { return fd }
            let code = errno
            Glibc.close(fd)
            guard code == ECONNREFUSED, Date() < deadline else { throw BenchError("board connect failed (errno \(code))") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while lock.withLock({ running }) {
            guard poll(&polls, nfds_t(polls.count), 100) > 0 else { continue }
            for index in polls.indices where polls[index].revents != 0 {
                let n = recv(polls[index].fd, &buffer, buffer.count, 0)
                if n > 0 { lock.withLock { read += n } } else { polls[index].events = 0 }
            }
        }
    }

    func stop() {
        lock.withLock { running = false }
        while thread?.isFinished == false { Thread.sleep(forTimeInterval: 0.01) }
        for fd in fds { Glibc.close(fd) }
        fds = []
    }
}
