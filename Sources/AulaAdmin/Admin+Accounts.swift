import AulaGames
import AulaNet
import AulaServer
import AulaStore

/// Accounts and the server itself: `teacher add NAME`, `passwd`, `shutdown SECONDS|now|cancel`.
/// Passwords are asked at hidden prompts (telnet echo off), never typed on a
/// command line, so they never reach the audit table or the log.
extension AdminCall {
    /// `teacher add NAME`: a new teacher account; its password is asked twice.
    func teacherCommand(_ args: Arguments) {
        guard Sub.matches(args[0], Sub.add), args.count > 1 else { return usage("admin.teacher") }
        let name: String
        switch NameRules.validate(args.rest(after: 1), blocklist: .empty) {
        case .failure(let refusal): return fail(refusal)
        case .success(let valid): name = valid
        }
        read({ db in try db.teacher(name: name) != nil }) { [self] exists in
            if exists { return fail(code: "teacher_exists", name) }
            askNewPassword(for: name) { [self] hash in
                let now = server.wallClock()
                write({ db -> Bool in
                    guard try db.teacher(name: name) == nil else { return false }
                    try db.addTeacher(name: name, passwordHash: hash, at: now)
                    return true
                }) { [self] added in
                    guard added else { return fail(code: "teacher_exists", name) }
                    server.rememberTeacherName(name)
                    info("admin.teacher.added", name, style: .good)
                    done()
                }
            }
        }
    }

    /// `passwd`: the current password, then the new one twice. The current
    /// password is a guess like any login: reserved in the lockout before it is
    /// hashed; a database that does not answer does not count as wrong.
    func changeOwnPassword() {
        let name = teacher
        ask(.password, "admin.prompt.current_password", hidden: true) { [self] current in
            if let wait = session.port?.lockout.reserve(name, now: server.loop.now) {
                return fail(code: "teacher_locked", String(Int(wait.rounded(.up))))
            }
            let lockout = LockoutHandle(port: session.port)
            server.read({ db in try db.teacher(name: name)?.passwordHash }) { [self] result in
                switch result {
                case .failure:
                    lockout.port?.lockout.settleUnchecked(name)
                    fail(AdminSession.storageUnavailable)
                case .success(let stored):
                    offLoop({ stored.map { PasswordHash.verify(current, against: $0) } ?? false }) { [self] good in
                        guard good else {
                            lockout.port?.lockout.settleFailure(name, now: server.loop.now)
                            return fail(code: "wrong_password")
                        }
                        lockout.port?.lockout.settleSuccess(name, now: server.loop.now)
                        askNewPassword(for: name) { [self] hash in
                            write({ db in try db.setTeacherPassword(name: name, hash: hash) }) { [self] changed in
                                guard changed else { return fail(code: "admin_storage") }
                                info("admin.passwd.changed", style: .good)
                                done()
                            }
                        }
                    }
                }
            }
        }
    }

    /// Asks a new password twice (hidden); checks it; hashes it off the loop.
    private func askNewPassword(for name: String, then: @escaping (String) -> Void) {
        ask(.password, "admin.prompt.new_password", hidden: true) { [self] first in
            if let refusal = TeacherPassword.check(first) { return fail(refusal) }
            ask(.password, "admin.prompt.confirm_password", hidden: true) { [self] second in
                if let refusal = TeacherPassword.check(first, confirmation: second) { return fail(refusal) }
                let cost = server.config.passwordHashing
                offLoop({ try? PasswordHash.make(first, parameters: cost) }) { [self] hash in
                    guard let hash else { return fail(code: "admin_storage") }
                    then(hash)
                }
            }
        }
    }

    /// `shutdown SECONDS`, `shutdown now`, or `shutdown cancel` (`shutdown` alone only explains). Students get
    /// a countdown at sensible steps; then everything is saved and the server stops.
    func shutdownServer(_ args: Arguments) {
        guard let port = session.port else { return fail(code: "admin_storage") }
        if let word = args[0], ["cancel", "cancelar"].contains(word.lowercased()) {
            guard !port.shutdownTimers.isEmpty else { return fail(code: "no_shutdown") }
            for timer in port.shutdownTimers { server.loop.cancel(timer) }
            port.shutdownTimers = []
            for player in server.players.values { player.send(InfoEvent("admin.shutdown.cancelled_told", style: .warn)) }
            info("admin.shutdown.cancelled", style: .good)
            return done()
        }
        // `shutdown` alone stops nothing (session 11: a teacher typing it to learn
        // ended the lesson): it says how, and `now`/`ahora` is the immediate stop.
        guard let word = args[0] else { return fail(Refusal("shutdown_how", Phrase("admin.shutdown.how"))) }
        var seconds = 0
        if !["now", "ahora"].contains(word.lowercased()) || args.count != 1 {
            guard let n = Int(word), (0...3600).contains(n), args.count == 1 else { return fail(code: "bad_seconds", word, "3600") }
            seconds = n
        }
        for timer in port.shutdownTimers { server.loop.cancel(timer) }
        port.shutdownTimers = []
        let server = self.server
        let teacher = self.teacher
        if seconds > 0 {
            tellStudents(ShutdownEvent(seconds: seconds))
            for mark in ShutdownCountdown.marks(for: seconds) {
                port.shutdownTimers.append(server.loop.schedule(after: Double(seconds - mark)) { [weak port] in
                    guard port != nil else { return }
                    server.players.values.forEach { $0.send(ShutdownEvent(seconds: mark, reminder: true)) }
                })
            }
            port.shutdownTimers.append(server.loop.schedule(after: Double(seconds)) { [weak port] in
                port?.shutdownNow(teacher: teacher)
            })
            info("admin.shutdown.scheduled", String(seconds), style: .warn)
            done()
        } else {
            info("admin.shutdown.now", style: .warn)
            done()
            port.shutdownNow(teacher: teacher)
        }
    }

    private func tellStudents(_ event: Event) {
        for player in server.players.values { player.send(event) }
    }
}

extension AdminPort {
    /// Shuts the server down (which says goodbye on every admin connection).
    func shutdownNow(teacher: String) {
        shutdownTimers = []
        guard let server else { return }
        server.log(.info, "admin.shutdown", ("teacher", teacher))
        server.shutdown(reason: "admin")
    }

    /// The server is stopping: every teacher at the console is told, then let go.
    func sayGoodbye() {
        for timer in shutdownTimers { server?.loop.cancel(timer) }
        shutdownTimers = []
        for session in sessions.values {
            session.client.send(InfoEvent("admin.shutdown.bye"))
            session.close()
        }
    }
}

/// The admin port, weakly held across a store or hashing hop (only ever touched on the loop:
/// it travels inside `Server.read`/`offLoop` continuations, so it needs no `Sendable`).
struct LockoutHandle {
    weak var port: AdminPort?
}

/// When the countdown speaks: at the start, then at each of these marks left.
enum ShutdownCountdown {
    static let steps = [600, 300, 120, 60, 30, 10, 5, 3, 2, 1]

    static func marks(for seconds: Int) -> [Int] {
        steps.filter { $0 < seconds }
    }
}
