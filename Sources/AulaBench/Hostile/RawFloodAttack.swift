import Foundation
import CShims

/// The attacks the first version already withstood (issue 12's opening:
/// "bad bytes, telnet tricks, 1 MiB lines and output floods are all handled
/// well"), kept for completeness: connections at the `Name:` prompt that
/// write a stream of bytes at a fixed rate, taking only what the socket
/// accepts, and read (and drop) whatever comes back — unless `reads` is off.
final class RawFloodAttack: HostileAttack {
    let name: String
    let load: String
    let connections: Int
    /// Per connection.
    let bytesPerSecond: Double
    let reads: Bool
    /// The next chunk of the stream for connection `i` (called whenever the last one went out).
    private let chunk: (Int) -> [UInt8]
    private var streams: [Stream] = []
    private var target: HostileTarget?
    private var adopt: ((HostileTarget) throws -> [Int32])?
    private var sent = 0
    private var closed = 0
    private var last: Double?
    private var credit = 0.0

    private final class Stream {
        let fd: Int32
        var bytes: [UInt8] = []
        var offset = 0
        var closed = false
        init(fd: Int32) { self.fd = fd }
    }

    /// `adopt` makes the connections (logged in, say); by default raw connects.
    init(name: String, load: String, connections: Int, bytesPerSecond: Double, reads: Bool = true,
         adopt: ((HostileTarget) throws -> [Int32])? = nil, chunk: @escaping (Int) -> [UInt8]) {
        self.name = name
        self.load = load
        self.connections = connections
        self.bytesPerSecond = bytesPerSecond
        self.reads = reads
        self.adopt = adopt
        self.chunk = chunk
    }

    func prepare(_ target: HostileTarget) throws {
        self.target = target
        let fds = try adopt?(target) ?? (0..<connections).map { _ in
            let fd = HostileSocket.connect(host: target.host, port: target.port)
            guard fd >= 0 else { throw BenchError("connect failed (errno \(aula_errno()))") }
            return fd
        }
        streams = fds.map { Stream(fd: $0) }
    }

    func idle(timeout: Double) {
        drain()
        Thread.sleep(forTimeInterval: timeout)
    }

    func tick(now: Double) {
        let elapsed = min(0.1, now - (last ?? now))
        last = now
        credit += bytesPerSecond * elapsed
        let budget = Int(credit)
        credit -= Double(budget)
        for (i, stream) in streams.enumerated() where !stream.closed {
            var left = budget
            while left > 0 {
                if stream.offset >= stream.bytes.count {
                    stream.bytes = chunk(i)
                    stream.offset = 0
                }
                let end = min(stream.bytes.count, stream.offset + left)
                let n = HostileSocket.write(stream.fd, Array(stream.bytes[stream.offset..<end]))
                if n < 0 { stream.closed = true; closed += 1; break }
                if n == 0 { break }
                stream.offset += n
                sent += n
                left -= n
            }
        }
        drain()
        Thread.sleep(forTimeInterval: 0.005)
    }

    /// Reads what arrived (the refusals), so only the non-reading flood fills the server's buffers.
    private func drain() {
        guard reads else { return }
        for stream in streams where !stream.closed && HostileSocket.peerClosed(stream.fd) {
            stream.closed = true
            closed += 1
        }
    }

    func finish() -> String {
        for stream in streams {
            if !stream.closed && !reads && HostileSocket.peerClosed(stream.fd) { closed += 1 }
            _ = aula_close(stream.fd)
        }
        streams.removeAll()
        return notes(sent >= 100_000 ? String(format: "%.1f MB sent", Double(sent) / 1_000_000) : "\(sent) bytes sent", closed > 0 ? "\(closed) closed by the server" : "")
    }
}

extension RawFloodAttack {
    /// Random bytes (invalid UTF-8, control characters, escapes) in short lines, at the `Name:` prompt.
    static func garbage(connections: Int = 10) -> RawFloodAttack {
        var random = SystemRandomNumberGenerator()
        return RawFloodAttack(name: "garbage", load: "\(connections) connections write random bytes in lines, 100 KB/s each",
                              connections: connections, bytesPerSecond: 100_000) { _ in
            var bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
            for i in stride(from: 40, to: bytes.count, by: 80) { bytes[i] = 10 }
            return bytes
        }
    }

    /// Telnet negotiation storms and a sub-negotiation that never ends.
    static func telnet(connections: Int = 10) -> RawFloodAttack {
        var random = SystemRandomNumberGenerator()
        return RawFloodAttack(name: "telnet", load: "\(connections) connections write IAC DO/WILL storms and endless IAC SB, 100 KB/s each",
                              connections: connections, bytesPerSecond: 100_000) { _ in
            var bytes: [UInt8] = []
            for _ in 0..<512 {
                bytes += [255, UInt8.random(in: 251...254, using: &random), UInt8.random(in: 0...255, using: &random)]
            }
            bytes += [255, 250, 31] + [UInt8](repeating: 7, count: 2048) // IAC SB NAWS … no IAC SE
            return bytes
        }
    }

    /// Lines of 1 MiB, one after the other.
    static func longLine(connections: Int = 4) -> RawFloodAttack {
        RawFloodAttack(name: "long-line", load: "\(connections) connections write 1 MiB lines, 4 MB/s each",
                       connections: connections, bytesPerSecond: 4_000_000) { _ in
            [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20) + [13, 10]
        }
    }

    /// Logged-in students asking for `help` 20 times a second who never read the answers.
    static func outputFlood(connections: Int = 10) -> RawFloodAttack {
        RawFloodAttack(name: "output-flood", load: "\(connections) students send `help` 20/s each and never read",
                       connections: connections, bytesPerSecond: 6 * 20, reads: false,
                       adopt: { target in
                           try (0..<connections).map { i in
                               let client = try LineClient.student(host: target.host, port: target.port,
                                                                   name: "deaf\(target.tag)x\(i)")
                               client.detach()
                               return client.fd
                           }
                       }) { _ in Array("help\n".utf8) }
    }
}
