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
        client.send(PromptEvent(kind: .pin, label: Phrase("prompt.pin")))
    }

    /// The group newcomers join right now: the class session's, or `open`.
    var currentGroup: GroupRef { classSession?.group ?? openGroupRef }

    func loginLine(_ line: String, from client: Client) {
        // A few settings work at any prompt, Name: included (SPEC §3).
        if handlePromptSetting(line, client) { return }
        switch client.stage {
        case .name:
            receiveName(line, client)
        case .classCode(let name):
            receiveClassCode(line, name: name, client)
        case .pin(let name, let attempts):
            receivePIN(line, name: name, attempts: attempts, client)
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
            if classSession != nil {
                client.stage = .classCode(name: name)
                promptClassCode(client)
            } else {
                checkStudent(name: name, group: group, client)
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

    /// Looks the student up: a PIN to ask for, a locked session, or straight in.
    private func checkStudent(name: String, group: GroupRef, _ client: Client) {
        client.stage = .checking
        let groupID = group.id
        store.read({ db in try db.student(groupID: groupID, name: name) }) { [weak self] result in
            self?.loop.execute { [weak self] in
                guard let self, client.connection.isOpen else { return }
                let row = (try? result.get()) ?? nil
                let returning = self.players[self.playerKey(group, name)] != nil
                if let session = self.classSession, session.locked, session.group == group, row == nil, !returning {
                    client.send(ErrorEvent(code: "session_locked"))
                    client.stage = .name
                    self.promptName(client)
                    self.replayHeldLines(client)
                    return
                }
                if row?.pinHash != nil {
                    client.stage = .pin(name: name, attempts: 0)
                    self.promptPIN(client)
                } else {
                    self.completeLogin(name: name, group: group, client)
                }
                self.replayHeldLines(client)
            }
        }
    }

    private func receivePIN(_ line: String, name: String, attempts: Int, _ client: Client) {
        let group = currentGroup
        let groupID = group.id
        let pin = line.trimmingCharacters(in: " ")
        client.stage = .checking
        store.read({ db -> Bool in
            guard let row = try db.student(groupID: groupID, name: name), let hash = row.pinHash else { return true }
            return PasswordHash.verify(pin, against: hash)
        }) { [weak self] result in
            self?.loop.execute { [weak self] in
                guard let self, client.connection.isOpen else { return }
                if (try? result.get()) == true {
                    self.completeLogin(name: name, group: group, client)
                } else if attempts + 1 >= 5 {
                    client.send(ErrorEvent(code: "wrong_pin_final"))
                    client.stage = .name
                    self.promptName(client)
                } else {
                    client.send(ErrorEvent(code: "wrong_pin"))
                    client.stage = .pin(name: name, attempts: attempts + 1)
                    self.promptPIN(client)
                }
                self.replayHeldLines(client)
            }
        }
    }

    /// The end of login: a new player, or a returning one taking their place back.
    func completeLogin(name: String, group: GroupRef, _ client: Client) {
        let key = playerKey(group, name)
        if let existing = players[key] {
            if existing.isConnected {
                // Someone else finished logging in with this name meanwhile.
                client.send(ErrorEvent(code: "name_taken", name))
                client.stage = .name
                promptName(client)
                return
            }
            reattach(existing, to: client)
            return
        }
        let player = Player(name: name, group: group, client: client)
        applyRememberedAccommodation(to: player)
        players[key] = player
        client.player = player
        client.stage = .playing
        client.send(WelcomeEvent(player: name, group: group.name, returning: false))
        client.send(PromptEvent(kind: .command, label: Phrase("prompt.lobby")))
        log(.info, "login", ("name", name), ("group", group.name))
        classChallenges?.studentArrived(player)
        let now = wallClock()
        store.write({ db in _ = try db.ensureStudent(groupID: group.id, name: name, at: now) }, done: nil)
        store.read({ db in try db.student(groupID: group.id, name: name)?.id }) { [weak self, player] result in
            self?.loop.execute { [player] in
                if let id = (try? result.get()) ?? nil { player.studentID = id }
            }
        }
    }

    /// A dropped player came back within the grace: same room, same place.
    private func reattach(_ player: Player, to client: Client) {
        if let timer = player.graceTimer {
            loop.cancel(timer)
            player.graceTimer = nil
        }
        player.client = client
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
        log(.info, "reconnect", ("name", player.name), ("group", player.group.name))
    }
}
