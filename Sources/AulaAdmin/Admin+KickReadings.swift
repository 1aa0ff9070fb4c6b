import AulaServer

/// `kick Nora 10` with both "Nora" and "Nora 10" online (session 12's hostile
/// student named themselves "Nora 10"): the longest name wins in `findPlayer`,
/// so the wrong student was kicked. A line that reads both ways is refused,
/// showing both readings in quotes — `kick "Nora" 10` and `kick "Nora 10"` —
/// which the console reads exactly.
extension AdminCall {
    /// True when it refused: the name found ends in a number, no quotes were
    /// typed, and the name without that number is a student too.
    func refuseTwoKickReadings(_ args: Arguments, found player: Player, used: Int) -> Bool {
        var words = args.words
        guard used >= 2, used <= words.count, let first = words.first,
              !["\"", "«", "“"].contains(where: { first.hasPrefix($0) }),
              let minutes = Int(words[used - 1]) else { return false }
        var groupKey: String?
        if first.contains("/") {
            let typed = TypedStudent(first)
            guard let group = typed.group else { return false }
            groupKey = NameRules.key(group)
            words[0] = typed.name
        }
        let shortKey = NameRules.key(words.prefix(used - 1).joined(separator: " "))
        guard let other = server.players.values.first(where: {
            $0.key == shortKey && $0 !== player && (groupKey == nil || NameRules.key($0.group.name) == groupKey)
        }) else { return false }
        fail(code: "kick_two_readings", other.name, String(minutes), player.name)
        return true
    }
}
