import AulaNet

/// What the core needs from the teachers' console (issue 18), and nothing more.
/// The console (`AulaAdmin`) sits above the core: the core cannot import it, so it
/// reaches the console only through this port, which the console implements and
/// the executable (or a test's server) attaches with `Server.attachConsole`
/// before `start()`. It is the admin listener's connection handler too.
package protocol TeacherConsole: ConnectionHandler {
    /// Tells every teacher logged in at the console right now (an alert: a PIN
    /// lock, a storage fault, a chat budget, a masked chat line).
    func tellTeachers(_ event: Event)
    /// Hourly housekeeping: forgets wrong-password counts that have gone quiet.
    func forgetQuietLockouts(now: Double)
    /// Shutdown: tells every teacher at the console goodbye (whatever stopped the server).
    func sayGoodbye()
    /// The teachers' connections still open: shutdown waits for them, then closes them.
    var teacherConnections: [Connection] { get }
}

extension Server {
    /// Installs the teachers' console; `start()` then opens the admin port with it.
    /// Without one (a test's bare server) the admin port stays closed.
    package func attachConsole(_ console: any TeacherConsole) {
        adminConsole = console
    }
}
