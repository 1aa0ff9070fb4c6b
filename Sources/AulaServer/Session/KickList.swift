import AulaGames

/// Kicks that hold (issue 13): `kick NAME [MINUTES] [reason]` keeps the name
/// out of its group for that long, and the address it came from out for names
/// without a PIN (a kicked student cannot simply come back as `Ana2`, while
/// classmates behind the same school router who log in with their own PIN
/// still can). "This machine" (127.0.0.1, ::1) is never held by address.
/// Kept in the database too (Server+KeptHolds.swift): a restart keeps them;
/// `unkick NAME` or closing the class lifts them.
package final class KickList {
    package struct Hold {
        let name: String
        let groupKey: String
        /// The group as named (to tell two kicked students of one name apart).
        let groupName: String
        /// As the teacher typed it; nil: "ask your teacher why", in the student's language.
        let reason: String?
        let until: Double
        package init(name: String, groupKey: String, groupName: String = "", reason: String?, until: Double) {
            self.name = name; self.groupKey = groupKey; self.groupName = groupName; self.reason = reason; self.until = until
        }
    }

    package static let defaultMinutes = 10
    package static let maxMinutes = 24 * 60

    /// By group key + look-alike name key (`Server.playerKey`).
    private(set) var names: [String: Hold] = [:]
    /// By peer address: the hold of the kicked name that came from there.
    private(set) var addresses: [String: Hold] = [:]
    /// Seconds added to the loop clock: tests move a kick's end closer.
    var clockOffset = 0.0

    package func add(_ hold: Hold, key: String, address: String?) {
        names[key] = hold
        if let address, !KickList.isThisMachine(address) { addresses[address] = hold }
    }

    /// The hold on this name, or on this address for a login without a PIN.
    func hold(key: String, address: String, withPIN: Bool, now: Double) -> Hold? {
        expire(now: now)
        if let hold = names[key] { return hold }
        return withPIN ? nil : addresses[address]
    }

    /// A hold on this name now (for the class challenge's "kicked" row).
    func holds(key: String, now: Double) -> Bool {
        expire(now: now)
        return names[key] != nil
    }

    /// `unkick NAME`: every hold of that name key, in any group, and its addresses.
    /// Returns the names lifted.
    package func lift(nameKey: String, groupKey: String? = nil) -> [String] {
        lifting(nameKey: nameKey, groupKey: groupKey).names
    }

    /// `lift`, also saying the keys lifted (to delete them from the database).
    package func lifting(nameKey: String, groupKey: String? = nil) -> (names: [String], keys: [String]) {
        // `unkick 3A/Ana`: that group's only (a re-play: `unkick Ana` lifted both Anas'
        // kicks and said "Ana, Ana"; each is now said with its group when two share a name).
        let keys = names.filter { entry in
            entry.key.hasSuffix("\u{0}" + nameKey) && (groupKey.map { entry.key.hasPrefix($0 + "\u{0}") } ?? true)
        }
        for (key, hold) in keys {
            names.removeValue(forKey: key)
            for (address, other) in addresses where other.name == hold.name && other.groupKey == hold.groupKey {
                addresses.removeValue(forKey: address)
            }
        }
        let lifted = keys.map(\.value)
        return (lifted.map { hold in
            lifted.filter { $0.name == hold.name }.count > 1 && !hold.groupName.isEmpty ? "\(hold.groupName)/\(hold.name)" : hold.name
        }.sorted(), keys.map(\.key))
    }

    /// Closing the class lifts the kicks of its group: a kick lasts at most until the class closes.
    package func lift(groupKey: String) {
        names = names.filter { $0.value.groupKey != groupKey }
        addresses = addresses.filter { $0.value.groupKey != groupKey }
    }

    private func expire(now: Double) {
        if names.values.contains(where: { $0.until <= now }) { names = names.filter { $0.value.until > now } }
        if addresses.values.contains(where: { $0.until <= now }) { addresses = addresses.filter { $0.value.until > now } }
    }

    package static func isThisMachine(_ address: String) -> Bool { address == "127.0.0.1" || address == "::1" }

    /// Whole minutes left, at least 1.
    static func minutes(_ seconds: Double) -> Int { max(1, Int((seconds / 60).rounded(.up))) }
}

extension Server {
    package var kickNow: Double { loop.now + kicks.clockOffset }

    /// The teacher's `kick` holds this student's name now (LevelHost).
    package func isKicked(_ player: Player) -> Bool {
        kicks.holds(key: playerKey(player.group, player.name), now: kickNow)
    }

    /// At login: the name (in that group) or the address is kicked. Refuses
    /// with `kicked {minutes, reason}` and `Name:` again; true when it refused.
    func refuseIfKicked(name: String, group: GroupRef, withPIN: Bool, _ client: Client) -> Bool {
        let now = kickNow
        guard let hold = kicks.hold(key: playerKey(group, name), address: client.connection.peerAddress,
                                    withPIN: withPIN, now: now) else { return false }
        let minutes = KickList.minutes(hold.until - now)
        let reason = hold.reason ?? catalog.text(Phrase("admin.kick.no_reason"), client.renderer.language)
        let said = reason.endingSentence  // JSON keeps the reason as typed
        let refusal = minutes == 1 ? Refusal("kicked", Phrase("error.kicked_one", [String(minutes), said]))
                                   : Refusal(code: "kicked", args: [String(minutes), said])
        client.send(ErrorEvent(refusal,
                               extra: [("minutes", .int(minutes)), ("reason", .string(reason))]))
        client.stage = .name
        promptName(client)
        log(.info, "login.kicked", ("name", name), ("group", group.name), ("peer", client.connection.peerAddress))
        return true
    }
}
