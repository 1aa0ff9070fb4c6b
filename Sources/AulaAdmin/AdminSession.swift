import Dispatch
import AulaGames
import AulaNet
import AulaServer
import AulaStore

/// One teacher's connection to the admin port: the login (`Teacher:`,
/// `Password:`, or creating the first teacher from the server machine), then
/// commands one at a time. A command that waits for the database holds the
/// lines typed meanwhile and replays them in order, so a piped script runs
/// exactly as written. Owned by the loop thread.
final class AdminSession {
    enum Stage {
        case starting
        case teacherName
        case password(name: String)
        case newTeacherName
        case newPassword(name: String)
        case confirmPassword(name: String, password: String)
        case commands
        /// A command asked a question (a password): the next line is its answer.
        case asking(hidden: Bool, answer: (String) -> Void)
        /// Waiting for the database or a hash; lines are held.
        case busy
        case closing
    }

    let server: Server
    weak var port: AdminPort?
    let client: Client
    var stage = Stage.starting
    /// The teacher logged in on this connection.
    private(set) var teacher: String?
    /// `lang es` typed at the name prompt: kept as the teacher's language at login.
    private var languageChosenAtPrompt: Language?
    private var held: [String] = []
    /// The room this teacher watches (`watch ROOM`).
    weak var watching: Room?

    static let maxHeldLines = 256

    init(server: Server, port: AdminPort, client: Client) {
        self.server = server
        self.port = port
        self.client = client
    }

    var connection: Connection { client.connection }
    /// The server's log.
    var log: Log { server.log }
    var isOpen: Bool { connection.isOpen }

    // MARK: Login

    func start() {
        client.send(InfoEvent("admin.banner", style: .title))
        stage = .busy
        let fromLoopback = connection.isLoopback
        server.read({ db in try db.teacherCount() }) { [weak self] result in
            do {
                guard let self, self.isOpen else { return }
                guard case .success(let count) = result else {
                    self.client.send(AdminErrorEvent(Self.storageUnavailable))
                    self.close()
                    return
                }
                if count > 0 {
                    self.askTeacherName()
                } else if FirstTeacherRule.mayCreate(teacherCount: count, fromLoopback: fromLoopback) {
                    self.client.send(InfoEvent("admin.first_teacher"))
                    self.stage = .newTeacherName
                    self.client.send(PromptEvent(kind: .teacher, label: Phrase("admin.prompt.new_teacher")))
                } else {
                    self.client.send(InfoEvent("admin.no_teacher_remote", style: .warn))
                    self.close()
                    return
                }
                self.replayHeld()
            }
        }
    }

    func askTeacherName() {
        stage = .teacherName
        client.send(PromptEvent(kind: .teacher, label: Phrase("admin.prompt.teacher")))
    }

    private func askPassword(_ label: String) {
        connection.setEchoHidden(true)
        client.send(PromptEvent(kind: .password, label: Phrase(label)))
    }

    func receive(_ line: String) {
        switch stage {
        case .starting, .busy:
            if held.count < Self.maxHeldLines { held.append(line) }
        case .closing:
            break
        case .teacherName:
            if settingAtPrompt(line) { return }
            receiveTeacherName(line)
        case .password(let name):
            connection.setEchoHidden(false)
            checkPassword(line, name: name)
        case .newTeacherName:
            if settingAtPrompt(line) { return }
            switch NameRules.validate(line, blocklist: .empty) {
            case .failure(let refusal):
                client.send(AdminErrorEvent(refusal))
                client.send(PromptEvent(kind: .teacher, label: Phrase("admin.prompt.new_teacher")))
            case .success(let name):
                stage = .newPassword(name: name)
                askPassword("admin.prompt.new_password")
            }
        case .newPassword(let name):
            connection.setEchoHidden(false)
            if let refusal = TeacherPassword.check(line) {
                client.send(AdminErrorEvent(refusal))
                askPassword("admin.prompt.new_password")
                return
            }
            stage = .confirmPassword(name: name, password: line)
            askPassword("admin.prompt.confirm_password")
        case .confirmPassword(let name, let password):
            connection.setEchoHidden(false)
            if let refusal = TeacherPassword.check(password, confirmation: line) {
                client.send(AdminErrorEvent(refusal))
                stage = .newPassword(name: name)
                askPassword("admin.prompt.new_password")
                return
            }
            createFirstTeacher(name: name, password: password)
        case .commands:
            runCommand(line)
        case .asking(let hidden, let answer):
            if hidden { connection.setEchoHidden(false) }
            stage = .busy
            answer(line)
        }
    }

    /// `mode json|text` and `lang en|es` work at the name prompts (never at a password prompt).
    private func settingAtPrompt(_ line: String) -> Bool {
        let words = line.split(separator: " ").map { $0.lowercased() }
        if words.count == 1, ["quit", "salir", "exit"].contains(words[0]) {
            client.send(InfoEvent("bye"))
            close()
            return true
        }
        guard words.count == 2 else { return false }
        if words[0] == "mode" || words[0] == "modo", let mode = Renderer.Mode(rawValue: words[1]) {
            client.renderer.mode = mode
            client.send(ModeEvent(mode: mode))
        } else if words[0] == "lang" || words[0] == "idioma", let lang = Language(rawValue: words[1]) {
            client.renderer.language = lang
            languageChosenAtPrompt = lang
            client.send(InfoEvent("lang.set"))
        } else {
            return false
        }
        switch stage {
        case .newTeacherName: client.send(PromptEvent(kind: .teacher, label: Phrase("admin.prompt.new_teacher")))
        default: client.send(PromptEvent(kind: .teacher, label: Phrase("admin.prompt.teacher")))
        }
        return true
    }

    private func receiveTeacherName(_ line: String) {
        let name = line.trimmingCharacters(in: " ")
        guard !name.isEmpty else {
            askTeacherName()
            return
        }
        if let port, let left = port.lockout.lockedFor(name, now: server.loop.now) {
            client.send(AdminErrorEvent(code: "teacher_locked", String(Int(left.rounded(.up)))))
            askTeacherName()
            return
        }
        stage = .password(name: name)
        askPassword("admin.prompt.password")
    }

    /// The attempt is reserved before the database and the hash are asked, and
    /// settled after: parallel consoles share the count, so 64 of them get no
    /// more guesses than one (issue 12, defect 7). A database that does not
    /// answer is neither a right nor a wrong password: `storage_unavailable`.
    private func checkPassword(_ password: String, name: String) {
        let server = self.server
        guard let port else { return close() }
        if let wait = port.lockout.reserve(name, now: server.loop.now) {
            client.send(AdminErrorEvent(code: "teacher_locked", String(Int(wait.rounded(.up)))))
            askTeacherName()
            return
        }
        stage = .busy
        let peer = connection.peerAddress
        let lockout = LockoutHandle(port: port)
        // The reservation is settled through the port, which outlives this
        // session: hanging up mid-check must neither take a guess back nor
        // leave the attempt in flight forever.
        server.read({ db in try db.teacherForLogin(name: name) }) { [weak self, server] result in
            let row: TeacherRow?
            switch result {
            case .success(let found): row = found
            case .failure(let error):
                lockout.port?.lockout.settleUnchecked(name)
                server.log(.error, "admin.login_storage", ("name_length", String(name.count)), ("error", error.description))
                self?.passwordUnchecked()
                return
            }
            // The hash check is slow on purpose: off the loop and off the store thread.
            let cost = server.config.passwordHashing
            server.offLoop({ () -> (good: Bool, upgrade: String?) in
                let good: Bool
                if let row {
                    good = PasswordHash.verify(password, against: row.passwordHash)
                } else {
                    // Same work for an unknown name, so the answer's timing tells nothing.
                    _ = PasswordHash.verify(password, against: AdminSession.decoyHash)
                    good = false
                }
                let upgrade: String? = good && row.map { PasswordHash.needsUpgrade($0.passwordHash, to: cost) } == true
                    ? try? PasswordHash.make(password, parameters: cost) : nil
                return (good, upgrade)
            }) { [weak self] checked in
                let (good, upgrade) = checked
                do {
                    let now = server.loop.now
                    if good, let row {
                        lockout.port?.lockout.settleSuccess(name, now: now)
                        self?.loggedInChecked(row: row, upgrade: upgrade)
                        return
                    }
                    let lock = lockout.port?.lockout.settleFailure(name, now: now)
                    // Only a real teacher's name is written down: what was typed at
                    // `Teacher:` may be a password sent one line late (session 11: a
                    // script's password, read as a name after a lock, logged in clear).
                    let shown = AdminSession.loggableName(row: row)
                    server.audit(teacher: shown, command: "login", outcome: lock == nil ? "wrong_password" : "locked")
                    if row != nil {
                        server.log(.warn, "admin.login_failed", ("name", shown), ("peer", peer))
                    } else {
                        server.log(.warn, "admin.login_failed", ("name", shown), ("name_length", String(name.count)), ("peer", peer))
                    }
                    self?.passwordWrong(lock: lock)
                }
            }
        }
    }

    /// What the log and the audit say about a failed login's name: the
    /// teacher's own name when it exists, else only that it is unknown.
    static func loggableName(row: TeacherRow?) -> String {
        row.map { String($0.name.prefix(32)) } ?? "(unknown name)"
    }

    /// A fixed, valid hash of a random string, for unknown names.
    static let decoyHash: String = (try? PasswordHash.make("decoy-\(JoinCode.make())")) ?? ""

    private func loggedInChecked(row: TeacherRow, upgrade: String?) {
        guard isOpen else { return }
        if let upgrade {
            server.store.write { db in try db.setTeacherPassword(name: row.name, hash: upgrade) }
        }
        server.audit(teacher: row.name, command: "login", outcome: "ok")
        // The language is the teacher's (session 12: `idioma es` after every login): one chosen
        // at the name prompt is kept for next time, else the one chosen last time is used.
        if let chosen = languageChosenAtPrompt {
            server.store.write { db in try db.setTeacherLanguage(name: row.name, language: chosen.rawValue) }
        } else if let kept = row.language.flatMap(Language.init(rawValue:)) {
            client.renderer.language = kept
        }
        loggedIn(as: row.name)
    }

    private func passwordWrong(lock: Double?) {
        guard isOpen else { return }
        client.send(AdminErrorEvent(code: "wrong_password"))
        if let lock { client.send(AdminErrorEvent(code: "teacher_locked", String(Int(lock)))) }
        askTeacherName()
        replayHeld()
    }

    /// The database did not answer: the attempt did not count, and the teacher is told.
    private func passwordUnchecked() {
        guard isOpen else { return }
        client.send(AdminErrorEvent(Self.storageUnavailable))
        askTeacherName()
        replayHeld()
    }

    /// The console's `storage_unavailable` (worded for a teacher).
    static let storageUnavailable = Refusal("storage_unavailable", Phrase("admin.storage_unavailable"))

    func loggedIn(as name: String) {
        teacher = name
        server.rememberTeacherName(name)
        connection.markLoggedIn()
        log(.info, "admin.login", ("teacher", name), ("peer", connection.peerAddress))
        client.send(InfoEvent("admin.welcome", name, style: .good))
        if let session = server.classSession {
            client.send(InfoEvent("admin.session_running", session.group.name, session.joinCode))
        }
        server.storageWatch?.remind { client.send($0) }  // a storage alert still on (issue 17)
        commandFinished()
    }

    // MARK: Commands

    private func runCommand(_ line: String) {
        guard let teacher, let typed = TypedCommand(line) else {
            sendPrompt()
            return
        }
        guard let command = AdminCommands.table.find(typed.word) else {
            // Not audited: a mistyped line might be a password typed at the wrong prompt.
            client.send(AdminErrorEvent(Refusal.unknownCommand(typed.word, among: AdminCommands.table.words(in: client.renderer.language))))
            sendPrompt()
            return
        }
        let rest = typed.rest
        stage = .busy
        let call = AdminCall(server: server, session: self, teacher: teacher, line: typed.line,
                             audited: !AdminCommands.unaudited.contains(command.id))
        command.run(call, Arguments(rest))
    }

    /// Asks a command's question; the next line typed is the answer.
    func ask(_ kind: PromptEvent.Kind, _ label: Phrase, hidden: Bool, answer: @escaping (String) -> Void) {
        stage = .asking(hidden: hidden, answer: answer)
        if hidden { connection.setEchoHidden(true) }
        client.send(PromptEvent(kind: kind, label: label))
    }

    /// The command is over: the prompt, then any lines typed meanwhile.
    func commandFinished() {
        guard isOpen else { return }
        if case .closing = stage { return }
        stage = .commands
        sendPrompt()
        replayHeld()
    }

    private func sendPrompt() {
        client.send(PromptEvent(kind: .command, label: Phrase("admin.prompt")))
    }

    func replayHeld() {
        while !held.isEmpty, isOpen {
            switch stage {
            case .busy, .starting, .closing: return
            default: break
            }
            receive(held.removeFirst())
        }
    }

    func close() {
        stage = .closing
        stopWatching()
        connection.close()
    }

    func closed() {
        stage = .closing
        stopWatching()
    }

    func stopWatching() {
        if let room = watching {
            room.watchers.removeAll { $0 === client }
        }
        watching = nil
    }
}
