import AulaServer
import AulaStore

/// The first teacher of a fresh database, made at the console's login (only from
/// the server's own machine: `FirstTeacherRule`). Kept apart from the login flow
/// in AdminSession.swift, which calls it.
extension AdminSession {
    func createFirstTeacher(name: String, password: String) {
        stage = .busy
        let server = self.server
        let fromLoopback = connection.isLoopback
        let cost = server.config.passwordHashing
        server.offLoop({ try? PasswordHash.make(password, parameters: cost) }) { [weak self] hash in
            do {
                guard let self, self.isOpen else { return }
                guard let hash else {
                    self.client.send(AdminErrorEvent(code: "admin_storage"))
                    self.close()
                    return
                }
                let now = server.wallClock()
                server.write({ db -> Bool in
                    // Checked again inside the write: two first teachers at once can't both win.
                    guard FirstTeacherRule.mayCreate(teacherCount: try db.teacherCount(), fromLoopback: fromLoopback) else {
                        return false
                    }
                    try db.addTeacher(name: name, passwordHash: hash, at: now)
                    try db.appendAudit(at: now, teacher: name, command: "teacher add \(name) (first teacher)", outcome: "ok")
                    return true
                }, then: { [weak self] result in
                    do {
                        guard let self, self.isOpen else { return }
                        switch result {
                        case .success(true):
                            self.client.send(InfoEvent("admin.first_teacher_created", name, style: .good))
                            self.loggedIn(as: name)
                        case .success(false):
                            self.client.send(AdminErrorEvent(code: "first_teacher_taken"))
                            self.askTeacherName()
                            self.replayHeld()
                        case .failure(let error):
                            // Not "taken": nobody knows yet whether a teacher exists.
                            log(.error, "admin.first_teacher_storage", ("error", error.description))
                            self.client.send(AdminErrorEvent(Self.storageUnavailable))
                            self.close()
                        }
                    }
                })
            }
        }
    }
}
