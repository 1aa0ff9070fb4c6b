import AulaNet
import AulaServer

/// How the executable and the end-to-end tests install the teachers' console,
/// like `Games.registerAll` for the rooms.
package enum AdminConsoleSetup {
    /// Creates the console for `server` and installs it (before `server.start()`).
    package static func attach(to server: Server) {
        server.attachConsole(AdminPort(server: server))
    }
}

/// The console as the core sees it (`TeacherConsole`, issue 18): the few calls the
/// core makes into it.
extension AdminPort: TeacherConsole {
    package func forgetQuietLockouts(now: Double) {
        lockout.forgetQuiet(now: now)
    }

    package var teacherConnections: [Connection] {
        sessions.values.map(\.client.connection)
    }
}
