import AulaGames
import AulaStore

/// The login conversation (SPEC §3): `Name:`, then `Class code:` when a class
/// session is open, then `PIN:` when the student has one; a welcome at the end.
/// Every refusal says why and asks again — never a disconnect.
extension Server {
    /// The banner and the first `Name:`: the same bytes for every newcomer, so
    /// rendered once (issue 20: the banner's wrapping was ~6 % of a login's CPU).
    func greet(_ client: Client) {
        send(.greeting, to: client)
    }

    func promptName(_ client: Client) {
        send(.namePrompt, to: client)
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

    /// `mode json|text`, `lang en|es`, `quit` (and `reader`, `color`, `width`: Server+PromptDisplay.swift) typed at a login prompt.
    private func handlePromptSetting(_ line: String, _ client: Client) -> Bool {
        if !line.utf8.contains(0x20) {
            // One word (nearly every name): only `quit`/`salir` can be a setting; no
            // word list is built for it (issue 20). 8 bytes cover any spelling that
            // lowercases to one of them (KELVIN SIGN is the only non-ASCII letter
            // that lowercases to ASCII, and neither word has a k).
            guard line.utf8.count <= 8 else { return false }
            let word = line.lowercased()
            guard word == "quit" || word == "salir" else { return false }
            sayBye(client)
            return true
        }
        let words = Self.promptWords(line)
        guard let first = words.first else { return false }
        if (first == "mode" || first == "modo"), words.count == 2, let mode = Renderer.Mode(rawValue: words[1]) {
            // Leaving JSON: the program reads `{"ev":"mode","mode":"text"}` first (session 12).
            if client.renderer.mode == .json && mode == .text { client.send(ModeEvent(mode: .text)) }
            client.renderer.mode = mode
            send(.modeAnswer, to: client)
            repeatPrompt(client)
            return true
        }
        if (first == "lang" || first == "idioma"), words.count == 2, let lang = Language(rawValue: words[1]) {
            client.renderer.language = lang
            client.chosenBeforeLogin.insert(.language)
            client.send(InfoEvent("lang.set"))
            repeatPrompt(client)
            return true
        }
        if handlePromptDisplaySetting(words, client) {
            repeatPrompt(client)
            return true
        }
        if words.count == 1, first == "quit" || first == "salir" {
            sayBye(client)
            return true
        }
        return false
    }

    /// The words of a line typed at a prompt, lowercased: split at spaces, no
    /// empty words. A plain ASCII line (`mode json`, every bench client's
    /// first line) is split as bytes — the same words: in ASCII a space is
    /// always a Character of its own — without the Character walk (grapheme
    /// breaking) that was ~1.5 % of a login's loop time (session 7).
    static func promptWords(_ line: String) -> [String] {
        guard line.utf8.allSatisfy({ $0 < 0x80 }) else { return generalPromptWords(line) }
        return line.utf8.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self).lowercased() }
    }

    /// `promptWords` for any text (tests hold the ASCII path to it).
    static func generalPromptWords(_ line: String) -> [String] {
        line.split(separator: " ").map { $0.lowercased() }
    }

    private func sayBye(_ client: Client) {
        client.send(InfoEvent("bye"))
        client.stage = .closing
        client.connection.close()
    }

    func repeatPrompt(_ client: Client) {
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
            if let refusal = teacherNameRefusal(name) {
                client.send(ErrorEvent(refusal))
                promptName(client)
                return
            }
            // A command typed at Name: (a refused student typed `leave` and played as "leave").
            if let word = Self.commandWord(name) {
                client.send(ErrorEvent(Refusal("name_is_command", Phrase("error.name_is_command", [word]))))
                promptName(client)
                return
            }
            // The open class's join code typed ahead (a kicked student's refusal
            // asked Name: again, and "AU9WPX" became the name, session 10).
            if let session = classSession, name.uppercased().filter({ $0 != " " && $0 != "-" }) == session.joinCode {
                client.send(ErrorEvent(Refusal("name_is_class_code", Phrase("error.name_is_class_code"))))
                promptName(client)
                return
            }
            let group = currentGroup
            if let clash = nameClash(name, group: group) {
                client.send(clash)
                promptName(client)
                return
            }
            // Back within the grace after the class closed (or another opened): the place
            // held in its own group, not a new student in this one (session 12).
            if players[playerKey(group, name)] == nil, let held = heldPlace(of: name, outside: group) {
                if refuseIfKicked(name: name, group: held.group, withPIN: true, client) { return }
                lookUpStudent(name, in: held.group, client)
                return
            }
            // A kicked name is told at once (its address is checked at the end, once a PIN is known).
            if refuseIfKicked(name: name, group: group, withPIN: true, client) { return }
            if classSession != nil {
                client.stage = .classCode(name: name)
                promptClassCode(client)
            } else {
                // A roster name with a PIN asks for it and logs into its group (Session/Server+LoginLookup.swift).
                lookUpStudent(name, in: nil, client)
            }
        }
    }

    private func receiveClassCode(_ line: String, name: String, _ client: Client) {
        guard let session = classSession else {
            lookUpStudent(name, in: currentGroup, client)
            return
        }
        let typed = line.uppercased().filter { $0 != " " && $0 != "-" }
        guard typed == session.joinCode else {
            client.send(ErrorEvent(code: "wrong_class_code"))
            promptClassCode(client)
            return
        }
        lookUpStudent(name, in: session.group, client)
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
        // The row's hash comes from the store thread; the slow scrypt check runs on the
        // hashing thread (Loop/HashWorker.swift), so neither the loop nor the store waits on it.
        read({ db in try db.student(groupID: groupID, name: name)?.pinHash }) { [weak self] result in
            guard let self else { return }
            let settle = { [weak self] (check: Result<PINCheck, StoreError>) in
                self?.settlePIN(check, name: name, group: group, student: student, address: address, client)
            }
            switch result {
            case .failure(let error): settle(.failure(error))
            case .success(nil): settle(.success(.noPIN))
            case .success(let hash?):
                let taken = self.hashOffLoop({ PINHash.verify(pin, against: hash) ? PINCheck.right : .wrong }) { check in
                    settle(.success(check))
                }
                if !taken { self.hashingBusy(name: name, group: group, student: student, address: address, client) }
            }
        }
    }

    /// What the PIN check found, settled on the loop — even when the connection
    /// is gone: hanging up must not undo a guess.
    private func settlePIN(_ result: Result<PINCheck, StoreError>, name: String, group: GroupRef,
                           student: String, address: String, _ client: Client) {
        let open = client.connection.isOpen
        defer { if open { replayHeldLines(client) } }
        switch result {
        case .failure(let error):
            pinLockouts.release(student: student, address: address)
            if open { storageUnavailable(client, during: "login.pin", error) }
        case .success(.noPIN):
            pinLockouts.release(student: student, address: address)
            if open { completeLogin(name: name, group: group, client) }
        case .success(.right):
            pinLockouts.succeed(student: student, address: address, now: loop.now)
            if open { completeLogin(name: name, group: group, withPIN: true, client) }
        case .success(.wrong):
            let outcome = pinLockouts.fail(student: student, address: address, now: loop.now)
            wrongPIN(name: name, group: group, address: address, outcome: outcome)
            guard open else { return }
            if let wait = outcome.wait {
                sendPINLocked(client, seconds: wait)
            } else {
                // How many tries are left before the lock (session 12).
                let key = outcome.triesLeft == 1 ? "error.wrong_pin.last" : "error.wrong_pin.left"
                client.send(ErrorEvent(Refusal("wrong_pin", Phrase(key, [String(outcome.triesLeft)]))))
                client.stage = .pin(name: name, group: group)
                promptPIN(client)
            }
        }
    }

    /// The hashing queue is full (a crowd typing PINs at once): the PIN was not
    /// checked, so it counts for nothing; the student is told and asked again.
    private func hashingBusy(name: String, group: GroupRef, student: String, address: String, _ client: Client) {
        pinLockouts.release(student: student, address: address)
        log(.warn, "login.hashing_busy", ("name", name), ("queued", hashes.load))
        guard client.connection.isOpen else { return }
        client.send(ErrorEvent(code: "login_busy"))
        client.stage = .pin(name: name, group: group)
        promptPIN(client)
        replayHeldLines(client)
    }

    /// The end of login: a returning player takes their place back; a new one
    /// first has their student row resolved (one store write, `recordLogin`),
    /// so every `Player` has its `studentID` from the welcome on (issue 18).
    /// `recorded`: the lookup already stored the login in its one trip (Session/Server+LoginLookup.swift).
    func completeLogin(name: String, group: GroupRef, withPIN: Bool = false, recorded: StudentLogin? = nil,
                       _ client: Client) {
        if refuseIfKicked(name: name, group: group, withPIN: withPIN, client) { return }
        if takeExistingPlace(name: name, group: group, withPIN: withPIN, client) { return }
        if let recorded {
            welcome(name: name, group: group, studentID: recorded.id, startedFresh: recorded.startedFresh,
                    reading: recorded.reading, client)
        } else {
            recordLogin(name: name, group: group, withPIN: withPIN, client)
        }
    }

    /// A player of this name exists: taken by a connected one (`name_taken`),
    /// or a dropped one's place given back. With the right PIN a connected
    /// one's place is taken over too: a laptop that fell off the Wi-Fi leaves
    /// its socket open for a while, and its student must not be shut out
    /// (session 12). True when it answered.
    func takeExistingPlace(name: String, group: GroupRef, withPIN: Bool = false, _ client: Client) -> Bool {
        guard let existing = players[playerKey(group, name)] else { return false }
        if existing.isConnected {
            guard withPIN, let old = existing.client, old !== client else {
                // Someone else finished logging in with this name meanwhile.
                client.send(ErrorEvent(code: "name_taken", name))
                client.stage = .name
                promptName(client)
                return true
            }
            takeOver(existing, from: old, by: client)
        }
        if withPIN { existing.hasPIN = true }
        reattach(existing, to: client)
        return true
    }

    /// The old connection is told and closed, and the place is held as after a
    /// drop, for `reattach` to give it to the new one at once (the room hears
    /// the student left and came back, as after any reconnect).
    private func takeOver(_ player: Player, from old: Client, by client: Client) {
        old.send(InfoEvent("login.elsewhere", style: .warn))
        old.player = nil
        old.stage = .closing
        player.client = nil
        player.readingWhenDropped = old.renderer
        old.connection.close()
        log(.info, "login.taken_over", ("name", player.name), ("group", player.group.name),
            ("peer", client.connection.peerAddress), ("was", player.peerAddress))
        playerLostConnection(player)
    }

    /// The new player, once their row is known.
    func welcome(name: String, group: GroupRef, studentID: Int64, startedFresh: Bool, withPIN: Bool = false,
                 reading: StudentReading = StudentReading(), _ client: Client) {
        // The write took a moment: someone may have logged in with this name meanwhile.
        if takeExistingPlace(name: name, group: group, client) { return }
        let player = Player(name: name, group: group, studentID: studentID, client: client)
        player.hasPIN = withPIN
        applyRememberedAccommodation(to: player)
        players[playerKey(group, name)] = player
        indexStrokes(of: player)
        noteActivity(.joined, of: player)
        client.player = player
        client.stage = .playing
        let wasReader = client.renderer.reader
        keepReading(reading, studentID: studentID, client)
        client.send(WelcomeEvent(player: name, group: group.name, returning: false))
        // Reader mode that came back from the database is said so (Server+KeptReading.swift).
        if client.renderer.reader, !wasReader { client.send(InfoEvent("reader.kept")) }
        send(.lobbyPrompt, to: client)
        log(.info, "login", ("name", name), ("group", group.name), ("peer", player.peerAddress))
        if startedFresh {
            player.send(InfoEvent("login.fresh_start", name, style: .warn))
            log(.info, "login.fresh_start", ("name", name), ("peer", player.peerAddress))
        }
        tellIfRoomsWereLost(player)
        tellOfHostedQuizzes(player)
        classChallenges?.studentArrived(player)
    }
    /// A dropped player came back within the grace: same room, same place.
    private func reattach(_ player: Player, to client: Client) {
        if let timer = player.graceTimer {
            loop.cancel(timer)
            player.graceTimer = nil
        }
        stopHolding(player)
        if let earlier = player.readingWhenDropped {
            client.renderer.takeChoices(of: earlier, except: client.chosenBeforeLogin)
            player.readingWhenDropped = nil
        }
        player.client = client
        player.peerAddress = client.connection.peerAddress
        player.applyPasteAllowance()
        client.player = player
        client.stage = .playing
        client.send(WelcomeEvent(player: player.name, group: player.group.name, returning: true,
                                 backInRoom: player.room != nil))
        if let room = player.room {
            announceBack(room, player)
            client.send(RoomJoinedEvent(room: room.id, kind: room.kind, player: player.name,
                                        players: room.players.map(\.name), spectator: !room.isPlayer(player)))
            room.game.playerReconnected(player)
            for event in player.missedWhileAway { client.send(event) }
        } else {
            if let closed = player.roomClosedWhileAway {
                // With why (a challenge's end, the teacher): a re-play was told only "closed".
                client.send(InfoEvent(phrases: [Phrase("room.closed_while_away", [closed.room]), closed.reason], style: .warn))
            }
            for event in player.missedWhileAway { client.send(event) }
            client.send(PromptEvent(kind: .command, label: Phrase("prompt.lobby")))
        }
        player.roomClosedWhileAway = nil
        player.missedWhileAway = []
        log(.info, "reconnect", ("name", player.name), ("group", player.group.name), ("peer", player.peerAddress))
    }
}
