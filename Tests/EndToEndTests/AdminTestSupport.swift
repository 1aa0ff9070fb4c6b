import Foundation
@testable import AulaServer
import AulaStore

/// A teacher on the admin port of a `TestServer`, in text mode with colour off:
/// `run` sends one command and returns every line up to the next `admin>` prompt.
final class AdminConsole {
    let client: TestClient

    /// Connects and logs in (the teacher must exist: see `TestServer.addTeacher`).
    init(_ server: TestServer, teacher: String = "garcia", password: String = AdminConsole.password) throws {
        client = try TestClient(port: server.adminPort)
        guard client.waitFor("Teacher:") != nil else { throw TestError("no Teacher: prompt") }
        client.send(teacher)
        guard client.waitFor("Password:") != nil else { throw TestError("no Password: prompt") }
        client.send(password)
        guard client.waitFor("admin>") != nil else { throw TestError("login failed: \(client.transcript)") }
        _ = run("color off")
    }

    static let password = "correct horse battery"

    /// The lines a command printed (its prompt not included).
    @discardableResult
    func run(_ line: String, timeout: Double = 5) -> [String] {
        client.send(line)
        var lines: [String] = []
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0, let next = client.readLine(timeout: deadline.timeIntervalSinceNow) {
            if next == "admin>" { return lines }
            lines.append(next)
        }
        lines.append("<timeout>")
        return lines
    }

    /// The command's output as one string (for `contains`).
    func text(_ line: String) -> String { run(line).joined(separator: "\n") }
}

extension TestServer {
    /// A cheap scrypt cost for the tests' teacher passwords (milliseconds, not tens of them).
    static let cheapPasswordHashing = ScryptParameters(n: 1024, r: 8, p: 1)

    var adminPort: Int { running.onLoop { $0.adminPort } ?? 0 }

    /// Adds a teacher straight into the database (a cheap hash: tests only).
    func addTeacher(_ name: String = "garcia", password: String = AdminConsole.password) throws {
        let hash = try PasswordHash.make(password, parameters: TestServer.cheapPasswordHashing)
        try running.server.store.sync { db in _ = try db.addTeacher(name: name, passwordHash: hash, at: 0) }
    }

    /// A logged-in admin console; creates the teacher first.
    func admin() throws -> AdminConsole {
        try addTeacher()
        return try AdminConsole(self)
    }

    func store<T>(_ body: (Database) throws -> T) throws -> T {
        try running.server.store.sync(body)
    }

    /// Every file of the database (main file and WAL) as bytes.
    func databaseBytes() -> [UInt8] {
        running.server.store.flush()
        var bytes: [UInt8] = []
        for suffix in ["", "-wal"] {
            if let data = FileManager.default.contents(atPath: databasePath + suffix) { bytes += Array(data) }
        }
        return bytes
    }
}

extension TestClient {
    /// Logs into an open class: name, then the class code (and a PIN when asked).
    static func loggedInClass(port: Int, name: String, code: String, pin: String? = nil,
                              source: String? = nil) throws -> TestClient {
        let client = try TestClient(port: port, source: source)
        guard client.waitFor("Name:") != nil else { throw TestError("no Name: prompt") }
        client.send("mode json")
        client.send(name)
        guard client.waitForEvent("prompt", where: { $0["kind"] as? String == "code" }) != nil else {
            throw TestError("no code prompt: \(client.transcript)")
        }
        client.send(code)
        if let pin {
            guard client.waitForEvent("prompt", where: { $0["kind"] as? String == "pin" }) != nil else {
                throw TestError("no PIN prompt")
            }
            client.send(pin)
        }
        guard client.waitForEvent("welcome") != nil else { throw TestError("no welcome: \(client.transcript)") }
        return client
    }
}

/// The join code in `class open`'s output ("Join code: ABC234 — ...").
func joinCode(in lines: [String]) -> String? {
    for line in lines {
        guard let range = line.range(of: "Join code: ") else { continue }
        return String(line[range.upperBound...].prefix(6))
    }
    return nil
}

func bytes(_ haystack: [UInt8], contain needle: String) -> Bool {
    let n = Array(needle.utf8)
    guard !n.isEmpty, haystack.count >= n.count else { return false }
    for i in 0...(haystack.count - n.count) where haystack[i] == n[0] {
        if Array(haystack[i..<(i + n.count)]) == n { return true }
    }
    return false
}
