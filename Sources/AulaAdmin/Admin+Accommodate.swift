import AulaGames
import AulaServer

/// How `accommodate` reads its words: `NAME time VALUE` as always, or `NAME
/// VALUE` (session 11: the guide's "`accommodate Ana time 1.5` (or `untimed`,
/// or `off`)" was typed `accommodate Sofia untimed` and got a bare usage error).
enum AccommodateWords {
    /// The name's words and the value; nil when there is no name or no value.
    static func split(_ words: [String]) -> (name: [String], value: String)? {
        guard words.count >= 2, let value = words.last else { return nil }
        let before = words[words.count - 2].lowercased()
        if ["time", "tiempo"].contains(before) {
            return words.count >= 3 ? (Array(words.dropLast(2)), value) : nil
        }
        // Without `time` the last word must be a value (`untimed`, `2`, `off`): a
        // name alone (`accommodate Ana María`) is still the usage line.
        guard Accommodation.parse(value) != nil else { return nil }
        return (Array(words.dropLast()), value)
    }
}

extension AdminCall {
    /// The student's open room follows the new accommodation now when it can
    /// (LevelAccommodation.swift); what it cannot is said to the teacher.
    func openRoomFollows(_ player: Player) -> [Phrase] {
        guard let room = player.room, let game = room.game as? any AccommodatedRoom else { return [] }
        switch game.accommodationChanged(for: player) {
        case .appliedNow: return []
        case .fromNextLevel(let level): return [Phrase("admin.accommodate.next_level", [player.name, level])]
        case .fromNextTurn(let room): return [Phrase("admin.accommodate.next_turn", [player.name, room])]
        }
    }
}
