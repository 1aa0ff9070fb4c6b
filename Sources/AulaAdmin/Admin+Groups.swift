import Foundation
import AulaGames
import AulaServer
import AulaStore

/// Groups, rosters and class periods: `groups`, `group add`, `roster import`,
/// `class open|close`, `lock` / `unlock`.
extension AdminCall {
    func listGroups() {
        let session = server.classSession
        read({ db in try db.groups() }) { [self] groups in
            say(TextBlockEvent { t in
                var lines = [t.paint(.title, t.say("admin.groups.title", String(groups.count)))]
                for g in groups {
                    var line = "  " + t.paint(.name, g.name) + " — " + t.say(g.studentCount == 1 ? "admin.groups.students_one" : "admin.groups.students", String(g.studentCount))
                    if let session, session.group.id == g.id {
                        line += " — " + t.say("admin.groups.open_now", session.joinCode)
                    }
                    lines.append(line)
                }
                return lines
            })
            done()
        }
    }

    /// `group add NAME`, `group rename OLD NEW`, `group del NAME` (GroupChanges.swift)
    func groupCommand(_ args: Arguments) {
        if Sub.matches(args[0], groupRenameWords), args.count > 2 { return renameGroup(args.words.dropFirst().map { $0 }) }
        if Sub.matches(args[0], Sub.delete), args.count > 1 { return deleteGroup(args.rest(after: 1)) }
        guard Sub.matches(args[0], Sub.add), args.count > 1 else { return usage("admin.group") }
        switch NameRules.validate(QuotedName.unquoted(args.rest(after: 1)), blocklist: .empty) {
        case .failure(let refusal):
            fail(refusal)
        case .success(let name):
            let now = server.wallClock()
            write({ db -> Bool in
                if try db.group(name: name) != nil { return false }
                try db.ensureGroup(name: name, at: now)
                return true
            }) { [self] created in
                info(created ? "admin.group.created" : "admin.group.exists", name, style: created ? .good : nil)
                done(created ? "ok" : "exists")
            }
        }
    }

    /// `roster import GROUP FILE.csv`: students with PINs; missing PINs are made and printed once.
    func rosterCommand(_ args: Arguments) {
        guard Sub.matches(args[0], Sub.importing), args.count >= 3, let path = args.words.last else {
            return usage("admin.roster")
        }
        let groupText = QuotedName.unquoted(args.words.dropFirst().dropLast().joined(separator: " "))
        guard case .success(let groupName) = NameRules.validate(groupText, blocklist: .empty) else {
            return fail(code: "no_such_group", groupText)
        }
        let url = AdminFiles.resolve(path)
        let blocklist = server.content.blocklist
        offLoop({ () -> (outcome: RosterCSV.Outcome, unread: [String])?? in
            guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
            // There but not UTF-8 (Excel on Windows saves Windows-1252): said so, with the way out.
            guard let text = String(data: data, encoding: .utf8) else { return .some(nil) }
            return (RosterCSV.parse(text, blocklist: blocklist), RosterCSV.unreadColumns(text))
        }) { [self] found in
            guard let read = found else { return self.rosterUnreadable(path, url) }
            guard let read else { return fail(code: "roster_not_utf8", url.path) }
            switch read.outcome {
            case .problems(let problems):
                say(TextBlockEvent { t in
                    problems.map { t.say("admin.roster.problem", String($0.line), t.say($0.refusal.phrase)) }
                })
                // "fix the 1 problems" read oddly (session 11).
                if problems.count == 1 {
                    fail(Refusal("roster_invalid", Phrase("error.roster_invalid_one", [])))
                } else {
                    fail(code: "roster_invalid", String(problems.count))
                }
            case .students(let entries):
                importRoster(entries, groupName: groupName, unreadColumns: read.unread)
            }
        }
    }

    private func rosterUnreadable(_ path: String, _ url: URL) {
        if path.hasPrefix("/") { return fail(code: "file_unreadable", url.path) }
        // Read from the server's folder, not the teacher's (a teacher's week:
        // `roster import 3A 3a.csv` from their own folder found nothing).
        fail(Refusal("file_unreadable", Phrase("error.file_unreadable.relative",
                                               [url.path, FileManager.default.currentDirectoryPath])))
    }

    private func importRoster(_ entries: [RosterCSV.Entry], groupName: String, unreadColumns: [String]) {
        let now = server.wallClock()
        // Who already has a PIN keeps it unless the file gives a new one; who is on the
        // roster already (with their PIN hash, if any) tells new from unchanged (session 11).
        read({ db -> [String: String?] in
            guard let group = try db.group(name: groupName) else { return [:] }
            var onRoster: [String: String?] = [:]
            for student in try db.students(groupID: group.id) { onRoster[NameRules.key(student.name)] = .some(student.pinHash) }
            return onRoster
        }) { [self] onRoster in
            let withPIN = Set(onRoster.compactMap { $0.value == nil ? nil : $0.key })
            offLoop({ () -> [(name: String, hash: String?, shownPIN: String?)]? in
                var rows: [(name: String, hash: String?, shownPIN: String?)] = []
                for entry in entries {
                    if let pin = entry.pin, let old = onRoster[NameRules.key(entry.name)] ?? nil, PINHash.verify(pin, against: old) {
                        rows.append((entry.name, nil, nil))  // the PIN it has already: unchanged
                    } else if let pin = entry.pin {
                        guard let hash = try? PINHash.make(pin) else { return nil }
                        rows.append((entry.name, hash, nil))
                    } else if withPIN.contains(NameRules.key(entry.name)) {
                        rows.append((entry.name, nil, nil))
                    } else {
                        let pin = PIN.make()
                        guard let hash = try? PINHash.make(pin) else { return nil }
                        rows.append((entry.name, hash, pin))
                    }
                }
                return rows
            }) { [self] rows in
                guard let rows else { return fail(code: "admin_storage") }
                let stored = rows.map { AdminRosterRow(name: $0.name, hash: $0.hash) }
                write({ db -> String in
                    let groupID = try db.ensureGroup(name: groupName, at: now)
                    for row in stored {
                        let id = try db.ensureStudent(groupID: groupID, name: row.name, at: now)
                        if let hash = row.hash { try db.setPinHash(studentID: id, hash: hash) }
                    }
                    return try db.group(id: groupID)?.name ?? groupName
                }) { [self] group in
                    let generated = rows.compactMap { row in row.shownPIN.map { (row.name, $0) } }
                    let kept = rows.filter { $0.hash == nil }.count  // unchanged: the PIN kept or the same one given
                    // "N of them keep the PIN they already had": those the file gave no PIN (as before).
                    let keptWithoutPIN = zip(entries, rows).filter { $0.0.pin == nil && $0.1.hash == nil }.count
                    let added = rows.filter { onRoster[NameRules.key($0.name)] == nil }.count
                    let changedPIN = rows.count - added - kept
                    say(TextBlockEvent { t in
                        var lines: [String]
                        if added == rows.count {
                            lines = [t.paint(.good, t.say(rows.count == 1 ? "admin.roster.imported_one" : "admin.roster.imported", String(rows.count), group))]
                        } else if kept == rows.count {
                            // A file imported again as it was: nothing changed, said so (session 11).
                            lines = [t.paint(.good, t.say("admin.roster.unchanged", String(rows.count), group))]
                        } else {
                            lines = [t.paint(.good, t.say("admin.roster.reimported", group, String(added), String(changedPIN), String(kept)))]
                        }
                        if keptWithoutPIN > 0 { lines.append("  " + t.say("admin.roster.kept", String(keptWithoutPIN))) }
                        for entry in entries { if let typed = entry.typed {
                            lines.append(t.paint(.warn, t.say("admin.roster.name_read_as", String(entry.line), typed, entry.name)))
                        } }
                        if !unreadColumns.isEmpty {
                            lines.append(t.paint(.warn, t.say("admin.roster.unread_columns", unreadColumns.joined(separator: ", "))))
                        }
                        if !generated.isEmpty {
                            lines.append(t.paint(.title, t.say("admin.roster.new_pins")))
                            for (name, pin) in generated { lines.append("  " + name.rightPadded(18) + pin) }
                            lines.append(t.paint(.warn, t.say("admin.roster.pins_once")))
                        }
                        return lines
                    })
                    done()
                }
            }
        }
    }

    /// `class open GROUP` / `class close`; `class` or `class code` shows the open class (Admin+ClassStatus.swift).
    func classCommand(_ args: Arguments) {
        if args.isEmpty || (Sub.matches(args[0], ClassStatusWords.show) && args.count == 1) {
            showClass()
        } else if Sub.matches(args[0], Sub.open), args.count > 1 {
            openClass(QuotedName.unquoted(args.rest(after: 1)))
        } else if Sub.matches(args[0], Sub.close), args.count == 1 {
            closeClass()
        } else {
            usage("admin.class")
        }
    }

    private func openClass(_ typed: String) {
        if let session = server.classSession {
            return fail(code: "class_already_open", session.group.name, session.joinCode)
        }
        guard !server.classOpening else { return fail(code: "class_opening") }
        guard case .success(let name) = NameRules.validate(typed, blocklist: .empty) else {
            return fail(code: "no_such_group", typed)
        }
        guard NameRules.key(name) != Server.openGroup else { return fail(code: "group_reserved", name) }
        let code = JoinCode.make()
        let now = server.wallClock()
        server.classOpening = true
        write({ db -> OpenedClass in
            let existing = try db.group(name: name)
            // `class open 3B` with the roster in 3ºB made an empty group without PINs and
            // let the roster's names in without theirs (session 12): a near name is asked about.
            if existing == nil, let near = try db.groups().first(where: { GroupNames.same($0.name, name) }) {
                return .didYouMean(near.name)
            }
            let groupID = try existing?.id ?? db.ensureGroup(name: name, at: now)
            // A session left open by a crash is closed now: one class period at a time.
            for stale in try db.openSessions() { try db.closeSession(id: stale.id, at: now) }
            let id = try db.openSession(groupID: groupID, joinCode: code, at: now)
            return .opened(session: id, group: groupID, name: try db.group(id: groupID)?.name ?? name,
                           pins: try db.groupHasPins(groupID: groupID), new: existing == nil)
        }, always: { [server] in server.classOpening = false }) { [self] outcome in
            guard case .opened(let session, let groupID, let groupName, let pins, let new) = outcome else {
                if case .didYouMean(let near) = outcome { fail(code: "group_did_you_mean", name, near) }
                return
            }
            server.classSession = ClassSession(id: session, group: GroupRef(id: groupID, name: groupName),
                                               joinCode: code, locked: false)
            log(.info, "class.open", ("group", groupName), ("teacher", teacher), ("new", new))
            say(TextBlockEvent { t in
                var lines = [t.paint(.good, t.say("admin.class.opened", groupName)),
                             t.paint(.title, t.say("admin.class.join_code", code))]
                // A new group says so (SPEC §7: `class open` creates it), not only "no PINs".
                lines.append("  " + (new ? t.paint(.warn, t.say("admin.class.new_group", groupName))
                                         : t.say(pins ? "admin.class.pins_on" : "admin.class.pins_off")))
                return lines
            })
            done()
        }
    }

    private func closeClass() {
        guard let session = server.classSession else { return fail(code: "no_class_open") }
        // The class's challenge ends with it (a re-play: it ran on, and the next class's
        // `challenge start` was refused); stopped first, so its points are in the
        // session's leaderboard (the store saves in order).
        if let running = server.classChallenges?.runningChallenge?.levelID,
           case .success = server.classChallenges?.stopChallenge() {
            info("admin.class.challenge_stopped", running, style: .warn)
        }
        let now = server.wallClock()
        write({ db -> [LeaderboardRow] in
            try db.closeSession(id: session.id, at: now)
            try db.liftKicks(groupKey: session.group.key)
            return try db.leaderboard(groupID: session.group.id, game: nil, sessionID: session.id, limit: 50)
        }) { [self] rows in
            server.classSession = nil
            server.kicks.lift(groupKey: session.group.key)  // a kick lasts until the class closes at most
            let event = LeaderboardEvent(scope: "session:\(session.id)",
                                         title: Phrase("admin.class.leaderboard_title", [session.group.name]),
                                         rows: rows.map { .init(rank: $0.rank, name: $0.name, points: $0.points) })
            // The leaderboard alone left students wondering what happened (session 10):
            // one line says the class is over and what comes next.
            let closed = InfoEvent("class.closed.students", session.group.name, style: .warn)
            for player in server.onlinePlayers(in: session.group) {
                player.send(event)
                player.send(closed)
            }
            server.board?.publish(event)  // the projector shows the session's leaderboard too
            say(event)
            info("admin.class.closed", session.group.name, style: .good)
            log(.info, "class.close", ("group", session.group.name), ("teacher", teacher))
            done()
        }
    }

    /// `lock` / `unlock`: whether new students may join the running class.
    func setLocked(_ locked: Bool) {
        guard let session = server.classSession else { return fail(code: "no_class_open") }
        write({ db in try db.setSessionLocked(id: session.id, locked: locked) }) { [self] _ in
            if server.classSession?.id == session.id { server.classSession?.locked = locked }
            info(locked ? "admin.class.locked" : "admin.class.unlocked", session.group.name, style: .good)
            done()
        }
    }
}

/// What `class open` found: the class opened (in a group made now, or not),
/// or no such group but one whose name differs only in `º`, spaces, dots, case or accents.
enum OpenedClass: Sendable {
    case opened(session: Int64, group: Int64, name: String, pins: Bool, new: Bool)
    case didYouMean(String)
}

/// Group names a teacher may type for one class: `3ºB`, `3B`, `3º B`, `3.º b`, `3°B`.
enum GroupNames {
    static func same(_ a: String, _ b: String) -> Bool { looseKey(a) == looseKey(b) }

    static func looseKey(_ name: String) -> String {
        let ignored: Set<Unicode.Scalar> = ["º", "ª", "°", " ", ".", "-", "_"]
        return NameRules.key(String(String.UnicodeScalarView(name.unicodeScalars.filter { !ignored.contains($0) })))
    }
}

/// `group rename` in English and Spanish (session 11).
let groupRenameWords: Set<String> = ["rename", "renombrar"]

/// One roster row on its way to the database: a PIN hash, or nil to keep the one stored.
struct AdminRosterRow: Sendable {
    let name: String
    let hash: String?
}

/// Files the console reads and writes: relative paths resolve against the
/// server's working directory (SPEC §7).
enum AdminFiles {
    static func resolve(_ path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
    }
}
