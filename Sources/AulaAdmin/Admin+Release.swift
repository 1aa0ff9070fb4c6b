import AulaGames
import AulaServer
import AulaStore

/// `release NAME|ADDRESS` (SPEC §12): frees a name the reconnect grace holds
/// for a student whose connection dropped (the student at another computer
/// can then log in with it), and lifts a PIN lock — a student's, or an
/// address's (an address has dots or colons, which no name can have).
/// Audited like every command.
extension AdminCall {
    func release(_ args: Arguments) {
        guard !args.isEmpty else { return usage("admin.release") }
        let typed = args.text.trimmingCharacters(in: " ")
        let now = server.loop.now
        if args.count == 1, typed.contains(".") || typed.contains(":") {
            guard server.pinLockouts.unlock(address: typed, now: now) else {
                return fail(code: "nothing_to_release", String(typed.prefix(64)))
            }
            log(.info, "admin.release", ("address", typed), ("teacher", teacher))
            info("admin.release.address", typed, style: .good)
            return done()
        }
        let key = NameRules.key(typed)
        let matches = server.players.values.filter { $0.key == key }
        if let online = matches.first(where: { $0.isConnected }), matches.allSatisfy({ $0.isConnected }) {
            return fail(code: "player_online", online.name)
        }
        var said: [(String, String)] = []
        for held in matches where !held.isConnected {
            server.forget(held)
            said.append(("admin.release.seat", held.name))
        }
        // The student's PIN lock, in every group the name could mean here.
        var groups = matches.map(\.group.id)
        groups.append(server.currentGroup.id)
        var unlocked = false
        for groupID in Set(groups) {
            let student = PINLockouts.studentKey(groupID: groupID, name: typed)
            if server.pinLockouts.unlock(student: student, now: now) { unlocked = true }
        }
        if server.pinLockouts.unlock(studentNamed: typed, now: now) { unlocked = true }
        if unlocked { said.append(("admin.release.pin", matches.first?.name ?? typed)) }
        guard !said.isEmpty else { return fail(code: "nothing_to_release", String(typed.prefix(64))) }
        log(.info, "admin.release", ("name", typed), ("teacher", teacher))
        say(InfoEvent(phrases: said.map { Phrase($0.0, [$0.1]) }, style: .good))
        done()
    }
}
