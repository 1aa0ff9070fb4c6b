import Foundation
import CShims

/// Issue 12 #9: hundreds of sockets from one address that is not 127.0.0.1
/// (127.0.0.2, bound before connect) connect and never log in. The report says
/// how many the server accepted and how many it had closed by the end.
final class PreLoginFloodAttack: HostileAttack {
    let name = "prelogin-flood"
    let sockets: Int
    let source: String
    private var fds: [Int32] = []
    private var target: HostileTarget?
    private var failed = 0

    init(sockets: Int = 600, source: String = "127.0.0.2") {
        self.sockets = sockets
        self.source = source
    }

    var load: String { "\(sockets) sockets from \(source) that never log in" }

    func prepare(_ target: HostileTarget) throws { self.target = target }

    func idle(timeout: Double) { Thread.sleep(forTimeInterval: timeout) }

    func tick(now: Double) {
        // All at once on the first tick, then held open, silent, to the end.
        if let target, fds.isEmpty && failed == 0 {
            for _ in 0..<sockets {
                let fd = HostileSocket.connect(host: target.host, port: target.port, source: source)
                if fd >= 0 { fds.append(fd) } else { failed += 1 }
            }
        }
        Thread.sleep(forTimeInterval: 0.01)
    }

    func finish() -> String {
        var refused = 0, closed = 0
        for fd in fds {
            if aula_socket_error(fd) != 0 { refused += 1 } else if HostileSocket.peerClosed(fd) { closed += 1 }
            _ = aula_close(fd)
        }
        fds.removeAll()
        return notes("\(sockets - failed - refused) connected", failed + refused > 0 ? "\(failed + refused) failed to connect" : "",
                     "\(closed) closed by the server by the end")
    }
}
