import Foundation
import CShims

/// The well-behaved student whose round trip the hostile bench measures: a
/// few logged-in JSON connections on a thread of their own (so the attackers'
/// work never delays a measurement), each sending `mode json` every
/// `interval` seconds — under the 20 lines a second any student may send —
/// and timing the `{"ev":"mode"}` answer. `mode json` is answered on the
/// event loop with no database work, so the figure is the loop's latency as a
/// classmate feels it. Samples are filed under the phase they were sent in.
// @unchecked Sendable: seats, phase and figures are guarded by `lock`; the probe's sockets are used
// only on its own thread.
final class Probe: @unchecked Sendable {
    struct Figures {
        var samples: [Double] = []
        /// How long each answer still missing when the phase was read has
        /// been waited for (a stalled or dead server): lower bounds.
        var waiting: [Double] = []
    }

    private final class Seat {
        let client: LineClient
        var sentAt: Double?
        var sentPhase = ""
        var nextAt: Double
        var input: [UInt8] = []
        init(client: LineClient, nextAt: Double) {
            self.client = client
            self.nextAt = nextAt
        }
    }

    private let lock = NSLock()
    private var seats: [Seat] = []
    private var phase = ""
    private var figures: [String: Figures] = [:]
    private var stopping = false
    private var dropped = 0
    private let finished = DispatchSemaphore(value: 0)
    let interval: Double

    /// Logs `count` probe students in (names `prefix1`…) and starts measuring (phase "").
    init(host: String, port: Int, prefix: String = "Probe", count: Int = 4, interval: Double = 0.1) throws {
        self.interval = interval
        let start = ClientPool.now
        for i in 0..<count {
            let client = try LineClient.student(host: host, port: port, name: "\(prefix)\(i + 1)")
            _ = client.drain(quiet: 0.05)
            // Staggered, so the probes sample the loop at different moments.
            seats.append(Seat(client: client, nextAt: start + interval * Double(i) / Double(count)))
        }
        let thread = Thread { [self] in run() }
        thread.name = "hostile-probe"
        thread.start()
    }

    /// Starts filing samples under `name`.
    func begin(_ name: String) {
        lock.lock(); defer { lock.unlock() }
        phase = name
        figures[name] = Figures()
    }

    /// The samples of a phase so far, with the answers still outstanding from it.
    func figures(of name: String) -> Figures {
        lock.lock(); defer { lock.unlock() }
        var f = figures[name] ?? Figures()
        let now = ClientPool.now
        f.waiting = seats.compactMap { seat in seat.sentAt.flatMap { seat.sentPhase == name ? now - $0 : nil } }
        return f
    }

    /// Probe connections the server closed.
    var droppedConnections: Int {
        lock.lock(); defer { lock.unlock() }
        return dropped
    }

    func stop() {
        lock.lock()
        stopping = true
        lock.unlock()
        _ = finished.wait(timeout: .now() + 5)
        for seat in seats { seat.client.close() }
    }

    private func run() {
        defer { finished.signal() }
        let probe = Array("mode json\n".utf8)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            lock.lock()
            let done = stopping
            let open = seats.filter { !$0.client.closed }
            lock.unlock()
            if done || open.isEmpty { return }
            let now = ClientPool.now
            for seat in open where seat.sentAt == nil && now >= seat.nextAt {
                if HostileSocket.write(seat.client.fd, probe) == probe.count {
                    lock.lock()
                    seat.sentAt = now
                    seat.sentPhase = phase
                    lock.unlock()
                }
                seat.nextAt = now + interval
            }
            var pfds = open.map { pollfd(fd: $0.client.fd, events: Int16(POLLIN), revents: 0) }
            let wake = open.filter { $0.sentAt == nil }.map(\.nextAt).min() ?? now + interval
            let timeout = Int32(max(1, min(50, (wake - ClientPool.now) * 1000)))
            guard Glibc.poll(&pfds, nfds_t(pfds.count), timeout) > 0 else { continue }
            for (i, seat) in open.enumerated() where pfds[i].revents != 0 {
                let n = buffer.withUnsafeMutableBufferPointer { aula_recv(seat.client.fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    seat.input.append(contentsOf: buffer[0..<n])
                    answered(seat, at: ClientPool.now)
                } else if n == 0 || !(aula_errno() == AULA_EAGAIN || aula_errno() == AULA_EINTR) {
                    lock.lock()
                    seat.client.close()
                    dropped += 1
                    lock.unlock()
                }
            }
        }
    }

    /// Scans the complete lines received for the `mode` answer; the rest
    /// (chat from a flood, prompts) is what any classmate would get, dropped.
    private func answered(_ seat: Seat, at now: Double) {
        var start = 0
        let marker = Array("{\"ev\":\"mode\"".utf8)
        for i in 0..<seat.input.count where seat.input[i] == 10 {
            let line = seat.input[start..<i]
            start = i + 1
            guard let sent = seat.sentAt, line.count >= marker.count,
                  line.prefix(marker.count).elementsEqual(marker) else { continue }
            lock.lock()
            figures[seat.sentPhase, default: Figures()].samples.append(now - sent)
            seat.sentAt = nil
            lock.unlock()
        }
        seat.input.removeFirst(start)
    }
}
