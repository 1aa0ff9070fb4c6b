/// The bench's teacher at the console of a fresh database: loopback may
/// create the first teacher, so a bench that needs the console (the PIN-guess
/// attack's roster, the fan-out's watcher) logs in this one way.
extension LineClient {
    /// Connects to the console in JSON mode and creates the first teacher,
    /// `bench` with `password`; returns at the command prompt.
    static func firstTeacher(host: String, port: Int, password: String, who: String) throws -> LineClient {
        let console = try LineClient(host: host, port: port)
        console.send("mode json")
        try console.expect("\"ev\":\"mode\"", "mode answer", who)
        try console.expect("\"kind\":\"teacher\"", "teacher prompt", who)
        console.send("bench")
        try console.expect("\"kind\":\"password\"", "password prompt (is there a teacher already?)", who)
        console.send(password)
        try console.expect("\"kind\":\"password\"", "password confirmation prompt", who)
        console.send(password)
        try console.expect("\"kind\":\"command\"", "command prompt after creating the teacher", who)
        return console
    }

    /// Waits (up to 15 s) for a line containing `text`, or fails naming `what` was missing.
    func expect(_ text: String, _ what: String, _ who: String) throws {
        guard waitFor(text, timeout: 15) != nil else { throw BenchError("\(who): no \(what)") }
    }
}
