import Foundation
import CShims

/// Session 11 #2: a burst of silent connections to the teachers' console
/// from the server's own machine (a student at the teacher's computer), then
/// the teacher tries to log in, twice a second, while the silent sockets are
/// held open. Before the fix the teacher read "The server is full right now."
/// for about 2 s: the sockets the burst displaced still counted while they
/// waited to be hung up.
final class ConsoleBurstAttack: HostileAttack {
    let name = "console-burst"
    let sockets: Int
    private let password = "hostile bench password"
    private var fds: [Int32] = []
    private var target: HostileTarget?
    private var failedToConnect = 0
    private var nextTry = 0.0
    private var loggedIn = 0
    private var keptOut = 0
    private var bursts = 0

    init(sockets: Int = 130) { self.sockets = sockets }

    var load: String { "\(sockets) silent sockets to the console from 127.0.0.1 every second; the teacher logs in twice a second" }

    func prepare(_ target: HostileTarget) throws {
        guard let adminPort = target.adminPort else { throw BenchError("console-burst needs the bench's own server (its console)") }
        self.target = target
        // The first teacher, made now: later logins are the ones measured.
        let console = try LineClient.firstTeacher(host: target.host, port: adminPort, password: password, who: name)
        console.close()
    }

    func idle(timeout: Double) { Thread.sleep(forTimeInterval: timeout) }

    func tick(now: Double) {
        guard let target, let adminPort = target.adminPort else { return }
        if now >= nextTry {
            nextTry = now + 0.5
            // A fresh burst each second (the old ones stay open, silent).
            if Int(now * 2) % 2 == 0 || fds.isEmpty {
                bursts += 1
                for _ in 0..<sockets {
                    let fd = HostileSocket.connect(host: target.host, port: adminPort)
                    if fd >= 0 { fds.append(fd) } else { failedToConnect += 1 }
                }
            }
            teacherTries(host: target.host, port: adminPort)
        }
        Thread.sleep(forTimeInterval: 0.01)
    }

    /// One login as the teacher: at the command prompt within 3 s, or kept out.
    private func teacherTries(host: String, port: Int) {
        guard let console = try? LineClient(host: host, port: port) else {
            keptOut += 1
            return
        }
        defer { console.close() }
        console.send("mode json")
        guard console.waitFor("\"kind\":\"teacher\"", timeout: 3) != nil else {
            keptOut += 1
            return
        }
        console.send("bench")
        guard console.waitFor("\"kind\":\"password\"", timeout: 3) != nil else {
            keptOut += 1
            return
        }
        console.send(password)
        if console.waitFor("\"kind\":\"command\"", timeout: 3) != nil { loggedIn += 1 } else { keptOut += 1 }
    }

    func finish() -> String {
        for fd in fds { _ = aula_close(fd) }
        let opened = fds.count
        fds.removeAll()
        return notes("\(bursts) bursts, \(opened) silent sockets opened",
                     failedToConnect > 0 ? "\(failedToConnect) failed to connect" : "",
                     "the teacher logged in \(loggedIn)× and was kept out \(keptOut)×")
    }
}
