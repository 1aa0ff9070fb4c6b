import AulaGames

/// The generic part of rooms: create, join, leave, host hand-over, closing when empty.
extension Server {
    /// `create KIND [options]` — a new room with the creator as host and first player.
    /// `leaving`: the room the player moves out of once the new one opens (their own level).
    func createRoom(kindWord: String, args: Arguments, by player: Player, leaving: Room? = nil) {
        guard player.room == nil || (leaving != nil && player.room === leaving) else {
            player.send(ErrorEvent(code: "already_in_room", player.room?.id ?? ""))
            return
        }
        let word = kindWord.lowercased()
        let kind = gameFactories[word] != nil ? word : (gameAliases[word] ?? word)
        guard let factory = gameFactories[kind] else {
            let kinds = gameFactories.keys.sorted().joined(separator: ", ")
            player.send(ErrorEvent(code: "unknown_game", kindWord, kinds))
            return
        }
        switch factory(self, player, args) {
        case .failure(let refusal):
            player.send(ErrorEvent(refusal))
        case .success(let game):
            openRoom(kind: kind, game: game, by: player, leaving: leaving)
        }
    }

    /// A new room of `kind` around a game already made (by a factory, or by the level rooms
    /// for a class challenge), with `player` as host and first player.
    /// The game is asked first (`RoomGame.prepare`); when it answers later (a
    /// store read), the player may have moved on — into another room, or gone:
    /// then nothing opens.
    package func openRoom(kind: String, game: RoomGame, by player: Player) {
        openRoom(kind: kind, game: game, by: player, leaving: nil)
    }

    func openRoom(kind: String, game: RoomGame, by player: Player, leaving: Room?) {
        var returned = false
        // The student's next lines (`code`, a program) wait for the room.
        let answered = owesAnswer(player)
        game.prepare(host: player) { [weak self] refusal in
            defer { answered() }
            guard let self else { return }
            let later = returned  // true once `prepare` has returned: the answer came from a read
            if let refusal { return player.refuse(refusal) }
            if later {
                guard player.isConnected, self.players[self.playerKey(player.group, player.name)] === player else { return }
            }
            if let current = player.room {
                guard let leaving, current === leaving else {
                    return player.send(ErrorEvent(code: "already_in_room", current.id))
                }
                self.leaveRoom(player, reason: nil, movingOn: true)
            }
            self.openPreparedRoom(kind: kind, game: game, by: player)
        }
        returned = true
    }

    private func openPreparedRoom(kind: String, game: RoomGame, by player: Player) {
        do {
            roomCounter += 1
            let room = Room(id: "\(kind)-\(roomCounter)", game: game, host: player, server: self)
            rooms[room.id] = room
            room.players.append(player)
            player.room = room
            log(.info, "room.created", ("room", room.id), ("host", player.name))
            player.send(RoomJoinedEvent(room: room.id, kind: kind, player: player.name, players: [player.name], spectator: false))
            game.attach(to: room)
        }
    }

    /// Finds a room by id (`hangman-3`), case-insensitively, or by its number alone.
    package func findRoom(_ word: String) -> Room? {
        let w = word.lowercased()
        if let room = rooms[w] { return room }
        if Int(w) != nil { return rooms.values.first { $0.id.hasSuffix("-\(w)") } }
        return nil
    }

    /// `join ROOM` — players while there is room and no round is running; spectators otherwise.
    func joinRoom(_ word: String, player: Player) {
        if let current = player.room {
            player.send(ErrorEvent(code: "already_in_room", current.id))
            return
        }
        guard let room = findRoom(word), room.host.group == player.group else {
            player.send(ErrorEvent(code: "no_such_room", word))
            return
        }
        if let refusal = room.game.admits(player) { return player.refuse(refusal) }
        let back = room.game.takesBack(player)
        let spectator = !back && (room.game.isPlaying || room.players.count >= room.game.maxPlayers)
        if spectator { room.spectators.append(player) } else { room.players.append(player) }
        player.room = room
        announceJoined(room, player, spectator: spectator, back: back)
        room.game.playerJoined(player, spectator: spectator)
        // A room the teacher runs from the console: who starts it, and what to do meanwhile.
        if let teacher = room.teacherHost, !spectator, !back {
            player.send(InfoEvent("quiz.hosted.joined", room.id, teacher))
        }
    }

    /// `leave` — out of the room; the host role passes on; an empty room closes.
    package func leaveRoom(_ player: Player, reason: Phrase?) {
        leaveRoom(player, reason: reason, movingOn: false)
    }

    /// `movingOn`: the player goes straight into another room (`play w1-02`
    /// from a level, a class challenge): no lobby prompt in between (a play
    /// test: "You are in the lobby…" printed between the two rooms).
    package func leaveRoom(_ player: Player, reason: Phrase?, movingOn: Bool) {
        guard let room = player.room else {
            player.send(ErrorEvent(code: "not_in_room"))
            return
        }
        room.game.playerLeft(player)
        // The others read it in the third person, the one leaving in the second.
        announceLeft(room, player, reason: reason)
        var own = RoomLeftEvent(room: room.id, player: player.name, reason: reason)
        own.own = true
        player.send(own)
        room.remove(player)
        player.room = nil
        player.lineInterceptor = nil
        if room.members.isEmpty && room.teacherHost == nil {
            closeRoom(room)
        } else if room.host === player, let next = room.players.first ?? room.spectators.first {
            room.host = next
            room.broadcast(InfoEvent("room.new_host", next.name, room.id))
        }
        if player.isConnected && !movingOn {
            player.send(PromptEvent(kind: .command, label: Phrase("prompt.lobby")))
        }
    }

    /// Closes a room: everyone still in it goes back to the lobby.
    public func closeRoom(_ room: Room) {
        closeRoom(room, reason: Phrase("room.closed"))
    }

    /// `reason`: what its members read after "You left room X." (a teacher's
    /// `room close` says who closed it: session 10, it read like a classmate left).
    package func closeRoom(_ room: Room, reason: Phrase) {
        guard rooms[room.id] === room else { return }
        rooms.removeValue(forKey: room.id)
        room.game.roomClosed()
        for member in room.members {
            member.room = nil
            member.lineInterceptor = nil
            if !member.isConnected { member.roomClosedWhileAway = (room.id, reason) }
            var left = RoomLeftEvent(room: room.id, player: member.name, reason: reason)
            left.own = true
            member.send(left)
            // Back in the lobby, asked for a command as after `leave` (a bot waited for it).
            member.send(PromptEvent(kind: .command, label: Phrase("prompt.lobby")))
        }
        room.players.removeAll()
        room.spectators.removeAll()
        room.watchers.removeAll()
        board?.roomClosed(room)  // a closed room leaves the projector (Board/BoardLifecycle.swift)
        log(.info, "room.closed", ("room", room.id))
    }

    /// All rooms (the admin console sees every group).
    public var allRooms: [Room] { rooms.values.sorted { RoomOrder.precedes($0.id, $1.id) } }
}
