import AulaGames
import AulaServer
import AulaStore

/// Running the lesson: `room create|close`, `challenge start|stop`,
/// `pause`/`resume`/`skip`/`extend` (through each game's hooks), and
/// `accommodate NAME time 1.5|untimed`.
extension AdminCall {
    enum LessonControl { case pause, resume, skip }

    /// `pause ROOM|all`, `resume ROOM|all`, `skip ROOM|all` (SPEC §12): in every
    /// game. The room is told with `paused {room}` / `resumed {room, seconds_left}`
    /// (a skip with an info line, the game shows what it closed).
    func lessonControl(_ control: LessonControl, _ args: Arguments) {
        let id: String
        switch control {
        case .pause: id = "admin.pause"
        case .resume: id = "admin.resume"
        case .skip: id = "admin.skip"
        }
        guard let word = args[0], args.count == 1 else { return usage(id) }
        guard let (rooms, all) = lessonRooms(word) else { return }
        var acted: [String] = []
        var idle: [String] = []
        for room in rooms {
            let ok: Bool
            switch control {
            case .pause: ok = room.game.pause()
            case .resume: ok = room.game.resume()
            case .skip:
                // Told before the game moves on, so the tally or the round's end follows it;
                // not when that already says the teacher did it (session 11: a race read both).
                ok = room.game.isPlaying
                // A skip ends a pause: said first, as `resume` says it (session 12: a paused
                // tally or round went straight on, and a bot waited for `resumed`).
                if ok, room.game.isTeacherPaused { room.tellMembers(ResumedEvent(room: room.id, secondsLeft: nil)) }
                if ok, !room.game.skipSaysWho { room.tellMembers(InfoEvent("admin.room_told.skipped", style: .warn)) }
                if ok, !room.game.skip() { idle.append(room.id); continue }
            }
            guard ok else {
                if !Self.isDoneLevel(room) { idle.append(room.id) }
                continue
            }
            acted.append(room.id)
            switch control {
            // The students' lines; the console has its own ("Paused: quiz-2.").
            case .pause: room.tellMembers(PausedEvent(room: room.id, secondsLeft: room.game.lessonSecondsLeft))
            case .resume: room.tellMembers(ResumedEvent(room: room.id, secondsLeft: room.game.lessonSecondsLeft))
            case .skip: break
            }
        }
        let verb: String
        switch control {
        case .pause: verb = "paused"
        case .resume: verb = "resumed"
        case .skip: verb = "skipped"
        }
        if !all, acted.isEmpty, let room = rooms.first {
            // A second `pause` is "already paused", not "no clock running" (a play test).
            if control == .pause, room.game.isTeacherPaused { return fail(code: "already_paused", room.id) }
            return fail(code: "nothing_to_\(control == .skip ? "skip" : control == .pause ? "pause" : "resume")", room.id)
        }
        if all && rooms.isEmpty { info("admin.lesson.no_rooms") }
        if !acted.isEmpty {
            log(.info, "lesson.\(verb)", ("rooms", acted.joined(separator: ",")), ("teacher", teacher))
            info("admin.lesson.\(verb)", acted.joined(separator: ", "), style: .good)
        }
        if all, !idle.isEmpty { info("admin.lesson.idle_\(verb)", idle.joined(separator: ", ")) }
        done()
    }

    /// `extend ROOM|all SECONDS`: the current question, turn or level clock of
    /// one room or of every room (during a class challenge: everyone's clock).
    func extend(_ args: Arguments) {
        guard let word = args[0], let secondsWord = args[1], args.count == 2 else { return usage("admin.extend") }
        guard let seconds = Int(secondsWord), (1...3600).contains(seconds) else {
            return fail(code: "bad_seconds", secondsWord, "3600")
        }
        guard let (rooms, all) = lessonRooms(word) else { return }
        var acted: [String] = []
        var idle: [String] = []
        for room in rooms {
            // Told before a level shows its new time (session 10: the new time
            // came first, then "Your teacher gave 60 more seconds"); in the other
            // games told after, with the time now left (session 11: none was shown).
            let first = room.game.showsExtendedTime && room.game.lessonSecondsLeft != nil
            if first { tellExtended(room, seconds: seconds) }
            if room.game.extend(by: Double(seconds)) {
                acted.append(room.id)
                if !first { tellExtended(room, seconds: seconds, withTimeLeft: !room.game.showsExtendedTime) }
            } else if !Self.isDoneLevel(room) {
                idle.append(room.id)
            }
        }
        if !all, acted.isEmpty, let room = rooms.first { return fail(code: "nothing_to_extend", room.id) }
        if all && rooms.isEmpty { info("admin.lesson.no_rooms") }
        if !acted.isEmpty {
            log(.info, "lesson.extended", ("rooms", acted.joined(separator: ",")), ("seconds", seconds), ("teacher", teacher))
            info("admin.lesson.extended", acted.joined(separator: ", "), String(seconds), style: .good)
        }
        if all, !idle.isEmpty { info("admin.lesson.idle_extended", idle.joined(separator: ", ")) }
        done()
    }

    /// A level whose student solved it or ran out of time has no clock to act on, and that
    /// is no problem: `pause all` does not list it as "nothing to pause in" (session 11).
    static func isDoneLevel(_ room: Room) -> Bool {
        (room.game as? any LevelRoomState)?.isFinished == true
    }

    /// "Your teacher gave you 30 more seconds." — to whoever's clock it is; when
    /// the clock is one player's turn, everyone else reads that player's name.
    /// `withTimeLeft`: each member also reads the seconds now left (Admin+Extend).
    private func tellExtended(_ room: Room, seconds: Int, withTimeLeft: Bool = false) {
        if withTimeLeft, room.game.lessonSecondsLeft != nil { return tellExtendedWithTimeLeft(room, seconds: seconds) }
        guard let name = room.game.extendedPlayer else {
            return room.tellMembers(InfoEvent("admin.room_told.extended", String(seconds), style: .warn))
        }
        let others = InfoEvent("admin.room_told.extended_other", name, String(seconds), style: .warn)
        guard let player = room.members.first(where: { $0.name == name }) else { return room.tellMembers(others) }
        player.send(InfoEvent("admin.room_told.extended", String(seconds), style: .warn))
        room.tellMembers(others, except: player)
    }

    /// The rooms a lesson control names: one room, or every room for `all`
    /// (`todas`, `todo`...); nil after telling the teacher there is no such room.
    private func lessonRooms(_ word: String) -> (rooms: [Room], all: Bool)? {
        if Sub.matches(word, Sub.all) { return (server.allRooms, true) }
        guard let room = server.findRoom(word) else {
            fail(code: "no_such_room", word)
            return nil
        }
        return ([room], false)
    }

    /// `room create STUDENT KIND [options]` (the student hosts it, as if they had
    /// typed `create KIND [options]`) and `room close ROOM`.
    func roomCommand(_ args: Arguments) {
        if Sub.matches(args[0], Sub.close), let word = args[1], args.count == 2 {
            guard let room = server.findRoom(word) else { return fail(code: "no_such_room", word) }
            // A round or quiz being played ends first as `skip` ends it: saved, the
            // points kept, and its players told so (a play test: closing threw them away).
            // A game with no round to save (a level) says so to the teacher (session 10).
            let playing = room.game.isPlaying
            let kept = playing && room.game.endBeforeClosing()
            server.closeRoom(room, reason: Phrase(kept ? "room.closed.teacher_kept" : "room.closed.teacher"))
            info(kept ? "admin.room.closed_kept" : playing ? "admin.room.closed_playing" : "admin.room.closed", room.id, style: .good)
            return done()
        }
        guard Sub.matches(args[0], Sub.create), args.count >= 3 else { return usage("admin.room") }
        let rest = Arguments(args.rest(after: 1))
        guard let (host, used) = findPlayer(rest) else { return }
        guard let kindWord = rest[used] else { return usage("admin.room") }
        if let room = host.room { return fail(code: "student_in_room", host.name, room.id) }
        guard host.isConnected else { return fail(code: "student_offline", host.name) }
        let word = kindWord.lowercased()
        let kind = server.gameFactories[word] != nil ? word : (server.gameAliases[word] ?? word)
        guard let factory = server.gameFactories[kind] else {
            return fail(code: "unknown_game", kindWord, server.gameFactories.keys.sorted().joined(separator: ", "))
        }
        applyRememberedAccommodations()
        switch factory(server, host, Arguments(rest.rest(after: used + 1))) {
        case .failure(let refusal):
            fail(refusal)
        case .success(let game):
            // The same steps as a student's `create` (Server+Rooms), told to the teacher instead.
            server.roomCounter += 1
            let room = Room(id: "\(kind)-\(server.roomCounter)", game: game, host: host, server: server)
            server.rooms[room.id] = room
            room.players.append(host)
            host.room = room
            host.send(InfoEvent("admin.room_told.created_for_you", room.id))
            host.send(RoomJoinedEvent(room: room.id, kind: kind, player: host.name, players: [host.name], spectator: false))
            game.attach(to: room)
            log(.info, "room.created", ("room", room.id), ("host", host.name), ("teacher", teacher))
            info("admin.room.created", room.id, host.name, style: .good)
            done()
        }
    }

    /// `challenge start LEVEL [MIN]` / `challenge stop`, through the level rooms.
    func challengeCommand(_ args: Arguments) {
        guard let challenges = server.classChallenges else { return fail(code: "challenges_unavailable") }
        if Sub.matches(args[0], Sub.status), args.count == 1 { return challengeStatus() }  // Admin+Overview
        if Sub.matches(args[0], Sub.stop), args.count == 1 {
            switch challenges.stopChallenge() {
            case .failure(let refusal) where refusal.code == "challenge_already_ended":
                // Nothing left to stop: told, not an error (a script goes on).
                say(InfoEvent(phrases: [refusal.phrase], style: .good))
                done()
            case .failure(let refusal): fail(refusal)
            case .success: info("admin.challenge.stopped", style: .good); done()
            }
            return
        }
        guard Sub.matches(args[0], Sub.start), let level = args[1], args.count <= 3 else { return usage("admin.challenge") }
        var minutes: Double?
        if let word = args[2] {
            guard let value = Double(word.replacingOccurrences(of: ",", with: ".")), value > 0, value <= 180 else {
                // Its own words: the level rooms' `error.bad_minutes` had taken this key
                // ("…at most abc", session 9).
                return fail(Refusal("bad_minutes", Phrase("error.bad_minutes.typed", [String(word.prefix(24))])))
            }
            minutes = value
        }
        applyRememberedAccommodations()
        switch challenges.startChallenge(levelID: level, minutes: minutes, startedBy: teacher) {
        case .failure(let refusal):
            fail(refusal)
        case .success(let count):
            info(count == 1 ? "admin.challenge.started_one" : "admin.challenge.started", level, String(count), style: .good)
            done()
        }
    }

    /// `accommodate NAME time 1.5|untimed|off`: the student's own clocks run
    /// longer (or not at all); remembered by name for later logins, across restarts.
    func accommodate(_ args: Arguments) {
        // `accommodate Sofia untimed` works too (session 11: the guide's "(or `untimed`)" read so).
        guard let (nameWords, value) = AccommodateWords.split(args.words) else { return usage("admin.accommodate") }
        let typed = TypedStudent(nameWords.joined(separator: " "))
        let groupTyped = typed.group
        guard case .success(let name) = NameRules.validate(typed.name, blocklist: .empty), !typed.isHalf else {
            return fail(code: "no_such_player", nameWords.joined(separator: " "))
        }
        guard let multiplier = Accommodation.parse(value) else { return fail(code: "bad_multiplier", value) }
        let nameKey = NameRules.key(name)
        let key = groupTyped.map { Server.accommodationKey(group: $0, name: name) } ?? nameKey
        let here = server.players.values.filter { player in
            player.key == nameKey && (groupTyped.map { NameRules.key($0) == NameRules.key(player.group.name) } ?? true)
        }
        guard here.isEmpty, multiplier != nil else { return applyAccommodation(multiplier, name: name, key: key, online: here) }
        // Nobody of that name is online: only a student the database knows is remembered
        // (session 11: a name nobody has was "applied when they log in").
        read({ db in
            try AdminStudent.find(db, name: name).filter { student in
                groupTyped.map { NameKey.make($0) == NameKey.make(student.group) } ?? true
            }.count
        }) { [self] known in
            guard known > 0 else { return fail(code: "no_such_student", name) }
            applyAccommodation(multiplier, name: name, key: key, online: [])
        }
    }

    private func applyAccommodation(_ multiplier: Double?, name: String, key: String, online: [Player]) {
        // Kept in the database first: a restart keeps it (session 12); a storage error is said.
        write({ db in try db.setAccommodation(key: key, multiplier: multiplier) }) { [self] _ in
            applyKeptAccommodation(multiplier, name: name, key: key, online: online)
        }
    }

    private func applyKeptAccommodation(_ multiplier: Double?, name: String, key: String, online: [Player]) {
        if let multiplier {
            server.rememberedAccommodations[key] = multiplier
        } else {
            server.rememberedAccommodations.removeValue(forKey: key)
        }
        var waiting: [Phrase] = []  // open levels that keep their clock (LevelAccommodation.swift)
        for player in online {
            player.timeMultiplier = multiplier
            waiting += openRoomFollows(player)
        }
        if let multiplier {
            // "Applied now" only when it is (session 12: it was said above "that level keeps its clock").
            let how = online.isEmpty ? "admin.accommodate.later" : waiting.isEmpty ? "admin.accommodate.now" : "admin.accommodate.kept"
            say(TextBlockEvent { t in
                [t.paint(.good, t.say("admin.accommodate.set", name, AdminText.timeLabel(multiplier, t))),
                 "  " + t.say(how)]
            })
        } else {
            info("admin.accommodate.cleared", name, style: .good)
        }
        for phrase in waiting { say(InfoEvent(phrases: [phrase], style: .warn)) }
        done()
    }

    /// Gives every online player the accommodation remembered for their name
    /// (before a teacher puts them into a game they did not type their way into).
    func applyRememberedAccommodations() {
        for player in server.players.values { server.applyRememberedAccommodation(to: player) }
    }
}

/// How `accommodate` reads its value: a multiplier from 1 to 4 (`1.5`, `2`,
/// `1,5`), `untimed` (0: no clock for this student), or `off` / `1` (nil: none).
public enum Accommodation {
    /// nil when the word is not a value; `.some(nil)` to clear.
    public static func parse(_ word: String) -> Double?? {
        switch word.lowercased() {
        case "untimed", "notime", "sintiempo", "sin-tiempo", "libre": return .some(0)
        case "off", "none", "no", "ninguna", "quitar": return .some(nil)
        default:
            guard let value = Double(word.replacingOccurrences(of: ",", with: ".")), value.isFinite,
                  value >= 1, value <= 4 else { return nil }
            return .some(value == 1 ? nil : value)
        }
    }
}
