import AulaGames
import AulaStore

/// The login conversation (SPEC §3): `Name:`, then `Class code:` when a class
/// session is open, then `PIN:` when the student has one; a welcome at the end.
/// Every refusal says why and asks again — never a disconnect.
extension Server {
    func promptName(_ client: Client) {
        client.send(PromptEvent(kind: .name, label: Phrase("prompt.name")))
    }

    func promptClassCode(_ client: Client) {
        client.send(PromptEvent(kind: .code, label: Phrase("prompt.class_code")))
    }

    func promptPIN(_ client: Client) {
        // Telnet clients stop echoing so classmates cannot read the PIN (SPEC §12).
        client.connection.setEchoHidden(true)
        client.send(PromptEvent(kind: .pin, label: Phrase("prompt.pin")))
    }

    /// The group newcomers join right now: the class session's, or `open`.
    package var currentGroup: GroupRef { classSession?.group ?? openGroupRef }

    func loginLine(_ line: String, from client: Client) {
        // A few settings work at any prompt, Name: included (SPEC §3).
        if case .pin = client.stage { client.connection.setEchoHidden(false) }
        if handlePromptSetting(line, client) { return }
        switch client.stage {
        case .name:
            receiveName(line, client)
        case .classCode(let name):
            receiveClassCode(line, name: name, client)
        case .pin(let name, let group):
            receivePIN(line, name: name, group: group, client)
        default:
            break
        }
    }

    /// `mode json|text`, `lang en|es`, `quit` typed at a login prompt.
    private func handlePromptSetting(_ line: String, _ client: Client) -> Bool {
        let words = line.split(separator: " ").map { $0.lowercased() }
        guard let first = words.first else { return false }
        if (first == "mode" || first == "modo"), words.count == 2, let mode = Renderer.Mode(rawValue: words[1]) {
            client.renderer.mode = mode
            client.send(ModeEvent(mode: mode))
            repeatPrompt(client)
            return true
        }
        if (first == "lang" || first == "idioma"), words.count == 2, let lang = Language(rawValue: words[1]) {
            client.renderer.language = lang
            client.send(InfoEvent("lang.set"))
            repeatPrompt(client)
            return true
        }
        if words.count == 1, first == "quit" || first == "salir" {
            client.send(InfoEvent("bye"))
            client.stage = .closing
            client.connection.close()
            return true
        }
        return false
    }

    private func repeatPrompt(_ client: Client) {
        switch client.stage {
        case .name: promptName(client)
        case .classCode: promptClassCode(client)
        case .pin: promptPIN(client)
        default: break
        }
    }

    private func receiveName(_ line: String, _ client: Client) {
        if client.lastLineWasCleaned {
            client.send(ErrorEvent(Refusal("name_invalid", Phrase("error.name_control_character"))))
            promptName(client)
            return
        }
        switch NameRules.validateStudent(line, blocklist: content.blocklist) {
        case .failure(let refusal):
            client.send(ErrorEvent(refusal))
            promptName(client)
        case .success(let name):
            let group = currentGroup
            if let clash = nameClash(name, group: group) {
                client.send(clash)
                promptName(client)
                return
            }
            // A kicked name is told at once (its address is checked at the end, once a PIN is known).
            if refuseIfKicked(name: name, group: group, withPIN: true, client) { return }
            if classSession != nil {
                client.stage = .classCode(name: name)
                promptClassCode(client)
            } else {
                // A roster name with a PIN asks for it and logs into its group (Session/ClassRestore.swift).
                checkRosterName(name, client)
            }
        }
    }

    private func receiveClassCode(_ line: String, name: String, _ client: Client) {
        guard let session = classSession else {
            checkStudent(name: name, group: currentGroup, client)
            return
        }
        let typed = line.uppercased().filter { $0 != " " && $0 != "-" }
        guard typed == session.joinCode else {
            client.send(ErrorEvent(code: "wrong_class_code"))
            promptClassCode(client)
            return
        }
        checkStudent(name: name, group: session.group, client)
    }

    /// Looks the student up: a PIN to ask for, a locked session, a name held
    /// for someone else, or straight in. A database that does not answer is
    /// said so (`storage_unavailable`) — never taken for "no such student",
    /// which would let the name in without its PIN.
    func checkStudent(name: String, group: GroupRef, _ client: Client) {
        client.stage = .checking
        let groupID = group.id
        read({ db in try db.student(groupID: groupID, name: name) }) { [weak self] result in
            do {
                guard let self, client.connection.isOpen else { return }
                defer { self.replayHeldLines(client) }
                let row: StudentRow?
                switch result {
                case .success(let found): row = found
                case .failure(let error):
                    self.storageUnavailable(client, during: "login.student", error)
                    return
                }
                let held = self.players[self.playerKey(group, name)]
                if let session = self.classSession, session.locked, session.group == group, row == nil, held == nil {
                    client.send(ErrorEvent(code: "session_locked"))
                    client.stage = .name
                    self.promptName(client)
                    return
                }
                if row?.pinHash != nil {
                    // A right PIN reclaims a held name from anywhere; a locked one is not even asked.
                    if self.refuseIfPINLocked(name: name, group: group, client) { return }
                    client.stage = .pin(name: name, group: group)
                    self.promptPIN(client)
                } else if let held, !held.isConnected, held.peerAddress != client.connection.peerAddress {
                    // Without a PIN only the address tells the student from a classmate typing their name.
                    self.refuseHeldName(held, client)
                } else {
                    self.completeLogin(name: name, group: group, client)
                }
            }
        }
    }

    /// What the PIN check found in the database.
    private enum PINCheck: Sendable { case right, wrong, noPIN }

    private func receivePIN(_ line: String, name: String, group: GroupRef, _ client: Client) {
        let groupID = group.id
        let pin = line.trimmingCharacters(in: " ")
        let student = PINLockouts.studentKey(groupID: groupID, name: name)
        let address = client.connection.peerAddress
        // Reserved before the check, on the loop: every connection shares these counts.
        if let wait = pinLockouts.reserve(student: student, address: address, now: loop.now) {
            sendPINLocked(client, seconds: wait)
            return
        }
        client.stage = .checking
        read({ db -> PINCheck in
            guard let row = try db.student(groupID: groupID, name: name), let hash = row.pinHash else { return .noPIN }
            return PINHash.verify(pin, against: hash) ? .right : .wrong
        }) { [weak self] result in
            do {
                // Settled even when the connection is gone: hanging up must not undo a guess.
                guard let self else { return }
                let open = client.connection.isOpen
                defer { if open { self.replayHeldLines(client) } }
                switch result {
                case .failure(let error):
                    self.pinLockouts.release(student: student, address: address)
                    if open { self.storageUnavailable(client, during: "login.pin", error) }
                case .success(.noPIN):
                    self.pinLockouts.release(student: student, address: address)
                    if open { self.completeLogin(name: name, group: group, client) }
                case .success(.right):
                    self.pinLockouts.succeed(student: student, address: address, now: self.loop.now)
                    if open { self.completeLogin(name: name, group: group, withPIN: true, client) }
                case .success(.wrong):
                    let outcome = self.pinLockouts.fail(student: student, address: address, now: self.loop.now)
                    self.wrongPIN(name: name, group: group, address: address, outcome: outcome)
                    guard open else { return }
                    if let wait = outcome.wait {
                        self.sendPINLocked(client, seconds: wait)
                    } else {
                        client.send(ErrorEvent(code: "wrong_pin"))
                        client.stage = .pin(name: name, group: group)
                        self.promptPIN(client)
                    }
                }
            }
        }
    }

    /// The end of login: a returning player takes their place back; a new one
    /// first has their student row resolved (one store write, `recordLogin`),
    /// so every `Player` has its `studentID` from the welcome on (issue 18).
    func completeLogin(name: String, group: GroupRef, withPIN: Bool = false, _ client: Client) {
        if refuseIfKicked(name: name, group: group, withPIN: withPIN, client) { return }
        if takeExistingPlace(name: name, group: group, client) { return }
        recordLogin(name: name, group: group, client)
    }

    /// A player of this name exists: taken by a connected one (`name_taken`),
    /// or a dropped one's place given back. True when it answered.
    private func takeExistingPlace(name: String, group: GroupRef, _ client: Client) -> Bool {
        guard let existing = players[playerKey(group, name)] else { return false }
        if existing.isConnected {
            // Someone else finished logging in with this name meanwhile.
            client.send(ErrorEvent(code: "name_taken", name))
            client.stage = .name
            promptName(client)
            return true
        }
        reattach(existing, to: client)
        return true
    }

    /// The new player, once their row is known.
    func welcome(name: String, group: GroupRef, studentID: Int64, startedFresh: Bool, _ client: Client) {
        // The write took a moment: someone may have logged in with this name meanwhile.
        if takeExistingPlace(name: name, group: group, client) { return }
        let player = Player(name: name, group: group, studentID: studentID, client: client)
        applyRememberedAccommodation(to: player)
        players[playerKey(group, name)] = player
        noteActivity(.joined, of: player)
        client.player = player
        client.stage = .playing
        client.send(WelcomeEvent(player: name, group: group.name, returning: false))
        client.send(PromptEvent(kind: .command, label: Phrase("prompt.lobby")))
        log(.info, "login", ("name", name), ("group", group.name), ("peer", player.peerAddress))
        if startedFresh {
            player.send(InfoEvent("login.fresh_start", name, style: .warn))
            log(.info, "login.fresh_start", ("name", name), ("peer", player.peerAddress))
        }
        tellIfRoomsWereLost(player)
        classChallenges?.studentArrived(player)
    }
    /// A dropped player came back within the grace: same room, same place.
    private func reattach(_ player: Player, to client: Client) {
        if let timer = player.graceTimer {
            loop.cancel(timer)
            player.graceTimer = nil
        }
        player.client = client
        player.peerAddress = client.connection.peerAddress
        player.applyPasteAllowance()
        client.player = player
        client.stage = .playing
        client.send(WelcomeEvent(player: player.name, group: player.group.name, returning: true))
        if let room = player.room {
            room.broadcast(InfoEvent("room.reconnected", player.name), except: player)
            client.send(RoomJoinedEvent(room: room.id, kind: room.kind, player: player.name,
                                        players: room.players.map(\.name), spectator: !room.isPlayer(player)))
            room.game.playerReconnected(player)
        } else {
            client.send(PromptEvent(kind: .command, label: Phrase("prompt.lobby")))
        }
        log(.info, "reconnect", ("name", player.name), ("group", player.group.name), ("peer", player.peerAddress))
    }
}
