import AulaGames
import AulaNet

/// The server's chat guard: the per-room and per-address budgets, and the
/// addresses a teacher's `mute` silenced. Loop thread only.
package final class ChatGuard {
    var budget: ChatBudget
    /// Muted address → the names muted there and until when (loop seconds).
    var mutedAddresses: [String: (names: Set<String>, until: Double)] = [:]
    /// Where the teacher switched chat off (`chat off`, Limits/ChatModeration.swift).
    package var switchedOff = ChatSwitch()

    /// An address mute ends with `unmute`, or after this long — a shared
    /// address (a lab behind one router) must not stay silent for ever
    /// because a mute was forgotten.
    package static let addressMuteSeconds = 60.0 * 60

    init(limits: ChatLimits) {
        budget = ChatBudget(limits: limits)
    }
}

extension Server {
    /// Whether `player` may chat right now. When not, the player has been
    /// told why (`muted` or `chat_throttled`) and, once a minute, the teachers too.
    func chatAllowed(_ player: Player) -> Bool {
        let now = loop.now
        let address = chatAddress(of: player)
        if let address, let mute = chatGuard.mutedAddresses[address] {
            if now >= mute.until {
                chatGuard.mutedAddresses.removeValue(forKey: address)
            } else if !player.hasPIN {
                // Someone else at that address (a school behind one router) reads what is
                // true of them: this computer is muted, not "your teacher muted you" (session 12).
                player.send(ErrorEvent(Refusal("muted", Phrase("error.muted_address"))))
                return false
            }
        }
        let roomKey = player.room.map { "room " + $0.id } ?? "lobby " + player.group.key
        switch chatGuard.budget.spend(room: roomKey, address: address, speaker: player.key + "\u{0}" + player.group.key, now: now) {
        case .allowed:
            return true
        case .overRoom:
            player.send(ErrorEvent(code: "chat_throttled"))
            if chatGuard.budget.shouldTellTeachers(roomKey, now: now) {
                log(.warn, "chat.budget", ("room", roomKey))
                if let room = player.room {
                    adminConsole?.tellTeachers(InfoEvent("admin.chat_budget.room", room.id, style: .warn))
                } else {
                    adminConsole?.tellTeachers(InfoEvent("admin.chat_budget.lobby", player.group.name, style: .warn))
                }
            }
            return false
        case .overAddress:
            player.send(ErrorEvent(code: "chat_throttled"))
            if let address, chatGuard.budget.shouldTellTeachers("address " + address, now: now) {
                let names = playersChatting(from: address)
                log(.warn, "chat.budget", ("address", address), ("names", names.joined(separator: ",")))
                adminConsole?.tellTeachers(InfoEvent("admin.chat_budget.address", address,
                                                     names.joined(separator: ", "), style: .warn))
            }
            return false
        }
    }

    /// The address the chat budget and address mutes use for this player; nil when exempt.
    func chatAddress(of player: Player) -> String? {
        guard let connection = player.client?.connection else { return nil }
        let address = connection.peerAddress
        if config.chat.exemptLoopback && (address == "127.0.0.1" || address == "::1") { return nil }
        return address
    }

    /// Names online from `address` (a few at most, for the teacher's notice).
    func playersChatting(from address: String, limit: Int = 8) -> [String] {
        var names: [String] = []
        for player in players.values where player.client?.connection.peerAddress == address {
            names.append(player.name)
            if names.count >= limit { break }
        }
        return names.sorted()
    }

    /// `mute NAME` silences the name and the address it is connected from (a
    /// flooder who comes back under another name stays muted); `unmute NAME`
    /// lifts both. Returns the address muted or unmuted, if any. The address
    /// rule is `kick`'s (Session/KickList.swift): this machine (127.0.0.1, ::1)
    /// is never muted by address, and students logged in with their PIN are
    /// not silenced by their address (a class behind one router: session 12).
    @discardableResult
    package func setAddressMute(of player: Player, _ muted: Bool) -> String? {
        let now = loop.now
        if muted {
            guard let address = chatAddress(of: player), !KickList.isThisMachine(address) else { return nil }
            var entry = chatGuard.mutedAddresses[address] ?? (names: [], until: 0)
            entry.names.insert(player.key)
            entry.until = now + ChatGuard.addressMuteSeconds
            chatGuard.mutedAddresses[address] = entry
            return address
        }
        // Unmute: the player's current address and every address muted for this name.
        var lifted: String?
        if let address = chatAddress(of: player), chatGuard.mutedAddresses.removeValue(forKey: address) != nil {
            lifted = address
        }
        for (address, entry) in chatGuard.mutedAddresses where entry.names.contains(player.key) {
            chatGuard.mutedAddresses.removeValue(forKey: address)
            lifted = lifted ?? address
        }
        return lifted
    }
}
