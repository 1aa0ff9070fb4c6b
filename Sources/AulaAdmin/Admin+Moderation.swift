import AulaGames
import AulaServer

/// Seeing and moderating the class: `players`, `rooms`, `watch`, `unwatch`,
/// `kick`, `mute`, `unmute`, `broadcast`.
extension AdminCall {
    func listPlayers() {
        let list = server.players.values.sorted {
            ($0.group.key, $0.name.lowercased()) < ($1.group.key, $1.name.lowercased())
        }
        let entries = list.map { p in
            (name: p.name, group: p.group.name, room: p.room?.id, muted: p.muted, time: p.timeMultiplier, online: p.isConnected)
        }
        say(TextBlockEvent { t in
            var lines = [t.paint(.title, t.say("admin.players.title", String(entries.count)))]
            for e in entries {
                var parts = [t.paint(.name, e.name) + " (" + e.group + ")",
                             e.room.map { t.say("who.in_room", $0) } ?? t.say("who.in_lobby")]
                if e.muted { parts.append(t.say("admin.players.muted")) }
                if let time = e.time { parts.append(AdminText.timeLabel(time, t)) }
                if !e.online { parts.append(t.say("admin.players.disconnected")) }
                lines.append("  " + parts.joined(separator: " — "))
            }
            return lines
        })
        done()
    }

    func listRooms() {
        let rooms = server.allRooms.map { room in
            (id: room.id, kind: room.kind, group: room.host.group.name, host: room.host.name, players: room.players.map(\.name),
             spectators: room.spectators.count, playing: room.game.isPlaying, paused: room.game.isTeacherPaused,
             about: room.game.about,
             watched: room.watchers.count)
        }
        say(TextBlockEvent { t in
            var lines = [t.paint(.title, t.say("admin.rooms.title", String(rooms.count)))]
            // Not a bare "Rooms (0):" (found re-playing the fixes).
            if rooms.isEmpty { lines.append("  " + t.say("admin.rooms.none")) }
            for r in rooms {
                lines.append("  " + t.paint(.code, r.id) + " (" + r.group + ") — " + t.say(r.about) + " — "
                             + t.say(r.paused ? "admin.rooms.paused" : (r.playing ? "admin.rooms.playing" : "admin.rooms.waiting")))
                // An empty room (a teacher's quiz before anyone joins) had printed "players: ;".
                let players = r.players.isEmpty ? t.say("admin.rooms.nobody") : r.players.joined(separator: ", ")
                lines.append("      " + t.say("admin.rooms.members", r.host, players, String(r.spectators)))
            }
            return lines
        })
        done()
    }

    /// `watch ROOM`: this connection gets what the room sees, until `unwatch` or the room closes.
    func watch(_ args: Arguments) {
        guard let word = args[0] else { return usage("admin.watch") }
        guard let room = server.findRoom(word) else { return fail(code: "no_such_room", word) }
        session.stopWatching()
        room.watchers.append(client)
        session.watching = room
        info("admin.watch.on", room.id, style: .good)
        done()
    }

    func unwatch() {
        guard let room = session.watching else { return fail(code: "not_watching") }
        session.stopWatching()
        info("admin.watch.off", room.id)
        done()
    }

    /// `kick NAME [MINUTES] [reason]`: told why and for how long, disconnected
    /// at once (no reconnect grace), and kept out for MINUTES (default 10) by
    /// name and by address (Session/KickList.swift), until `unkick` or the class closes.
    func kick(_ args: Arguments) {
        guard !args.isEmpty else { return usage("admin.kick") }
        guard let (player, used) = findPlayer(args) else { return }
        if refuseTwoKickReadings(args, found: player, used: used) { return }
        var minutes = KickList.defaultMinutes
        var reasonStart = used
        // Any word that looks like a number is the length (session 12: `99999999999999999999`
        // and `1.5` failed `Int` and became the reason, with the default 10 minutes).
        if let word = args[used], KickMinutes.looksLikeNumber(word) {
            guard let typed = Int(word), (1...KickList.maxMinutes).contains(typed) else {
                return fail(code: "bad_kick_minutes", word, String(KickList.maxMinutes))
            }
            minutes = typed
            reasonStart += 1
        }
        let typed = args.rest(after: reasonStart)
        let reason = typed.isEmpty ? nil : typed
        let address = player.client?.connection.peerAddress ?? player.peerAddress
        let hold = KickList.Hold(name: player.name, groupKey: player.group.key, groupName: player.group.name, reason: reason,
                                 until: server.kickNow + Double(minutes) * 60)
        let key = server.playerKey(player.group, player.name)
        server.kicks.add(hold, key: key, address: address)
        let kept = server.keptKick(hold, key: key, address: address)
        player.send(KickedEvent(reason: reason ?? Catalog.shared.text(Phrase("admin.kick.no_reason"), player.language),
                                minutes: minutes))
        if let client = player.client {
            client.stage = .closing
            player.client = nil
            server.forget(player)
            client.connection.close()
        } else {
            server.forget(player)
        }
        log(.info, "admin.kick", ("name", player.name), ("minutes", minutes), ("teacher", teacher))
        let name = shown(player)
        // Kept in the database: a restart keeps the kick (session 12). A storage error is said.
        write({ db in try db.saveKick(kept) }) { [self] _ in
            info(minutes == 1 ? "admin.kick.held_one" : "admin.kick.held", name, String(minutes), style: .good)
            if !KickList.isThisMachine(address) { info("admin.kick.address", address) }
            done()
        }
    }

    /// `unkick NAME`: the name (in every group) and its address may log in again.
    func unkick(_ args: Arguments) {
        guard !args.isEmpty else { return usage("admin.unkick") }
        let typed = TypedStudent(args.text)
        let lifted = server.kicks.lifting(nameKey: NameRules.key(typed.name), groupKey: typed.group?.lowercased())  // GroupRef.key
        guard !lifted.names.isEmpty else { return fail(code: "not_kicked", args.text) }
        log(.info, "admin.unkick", ("name", args.text), ("teacher", teacher))
        write({ db in try db.liftKicks(keys: lifted.keys) }) { [self] _ in
            info("admin.unkick.done", lifted.names.joined(separator: ", "), style: .good)
            done()
        }
    }

    func setMuted(_ args: Arguments, _ muted: Bool) {
        guard !args.isEmpty else { return usage(muted ? "admin.mute" : "admin.unmute") }
        guard let (player, used) = findPlayer(args) else { return }
        guard used == args.words.count else { return usage(muted ? "admin.mute" : "admin.unmute") }
        player.muted = muted
        // The address too, so a flooder cannot come back under another name (Limits/Server+Chat.swift).
        let address = server.setAddressMute(of: player, muted)
        player.send(InfoEvent(muted ? "admin.you_are_muted" : "admin.you_are_unmuted", style: .warn))
        info(muted ? "admin.mute.done" : "admin.unmute.done", shown(player), style: .good)
        if let address {
            info(muted ? "admin.mute.address" : "admin.unmute.address", address,
                 String(Int(ChatGuard.addressMuteSeconds / 60)))
        }
        done()
    }

    /// `broadcast TEXT` to every student online, in every group.
    func broadcast(_ args: Arguments) {
        guard !args.isEmpty else { return usage("admin.broadcast") }
        let event = BroadcastEvent(from: teacher, message: args.text)
        var count = 0
        for player in server.players.values where player.isConnected {
            player.send(event)
            count += 1
        }
        server.board?.publish(event)  // the projector shows it too
        info("admin.broadcast.done", String(count), style: .good)
        done()
    }

    /// The online (or reconnecting) student named by the first words of `args`
    /// — names may have spaces, so the longest match wins — and how many words
    /// the name took. Fails the command (and returns nil) when there is none or
    /// when two groups have a student of that name and neither is the class's.
    /// The player as the teacher would type them: `3A/Ana` while another Ana is online
    /// (a re-play: "Ana is muted." did not say which).
    func shown(_ player: Player) -> String {
        server.players.values.contains { $0 !== player && $0.key == player.key } ? "\(player.group.name)/\(player.name)" : player.name
    }

    func findPlayer(_ args: Arguments) -> (Player, Int)? {
        var words = args.words
        // `GROUP/NAME`: two students of one name online with no class open could
        // not be told apart (a play test: `kick 3A/Ana 1 test` was "no such student").
        var groupKey: String?, groupTyped = ""
        if let first = words.first, first.contains("/") {
            let typed = TypedStudent(first)
            // `kick 3A/` or `kick /Ana`: one half missing.
            guard !typed.isHalf, let group = typed.group else {
                fail(code: "no_such_player", first)
                return nil
            }
            groupTyped = group
            groupKey = NameRules.key(group)
            words[0] = typed.name
        }
        // A name in quotes is that name exactly (a re-play: with Ana María offline,
        // `kick Ana María 5` kicked the Ana who was online): `kick "Ana María" 5`.
        var lengths = Array(stride(from: min(words.count, 4), through: 1, by: -1))
        if let first = words.first, first.hasPrefix("\"") || first.hasPrefix("«"),
           let end = words.firstIndex(where: { $0.hasSuffix("\"") || $0.hasSuffix("»") }), end > 0 || first.count > 1 {
            words[0].removeFirst()
            words[end].removeLast()
            lengths = [end + 1]
        }
        for used in lengths {
            let key = NameRules.key(words.prefix(used).joined(separator: " "))
            let matches = server.players.values.filter { $0.key == key && (groupKey == nil || NameRules.key($0.group.name) == groupKey) }
            if matches.count == 1 { return (matches[0], used) }
            if matches.count > 1 {
                if let session = server.classSession, let mine = matches.first(where: { $0.group == session.group }) {
                    return (mine, used)
                }
                let groups = matches.map(\.group.name).sorted()
                fail(code: "player_ambiguous", matches[0].name, groups.joined(separator: ", "), groups[0])
                return nil
            }
        }
        // The group typed is part of who was not found (a re-play: "3B/Ana" was said as "Ana").
        let tried = words.prefix(lengths.count == 1 ? lengths[0] : 3).joined(separator: " ")
        fail(code: "no_such_player", (groupTyped.isEmpty ? "" : groupTyped + "/") + tried)
        return nil
    }
}

extension Arguments {
    var count: Int { words.count }
}

/// Bits of console text shared by several listings.
enum AdminText {
    static func timeLabel(_ multiplier: Double, _ t: TextContext) -> String {
        multiplier == 0 ? t.say("admin.time.untimed") : t.say("admin.time.multiplier", format(multiplier))
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// How `kick NAME [MINUTES] [reason]` tells the length from the reason.
enum KickMinutes {
    /// Digits, maybe signed, maybe with a decimal point or comma (`10`, `-5`, `1.5`, `2,5`, `.5`):
    /// read as the length, and refused unless it is a whole number of minutes in range.
    static func looksLikeNumber(_ word: String) -> Bool {
        var rest = Substring(word)
        if let first = rest.first, first == "+" || first == "-" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false) }
        guard (1...2).contains(parts.count), parts.contains(where: { !$0.isEmpty }) else { return false }
        return parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
