import AulaGames
import AulaStore

/// Whether a name may be taken right now in a group (SPEC §12 "Identity and
/// limits"): players are keyed by their look-alike key (`NameRules.key`), so a
/// name that merely renders like an online student's finds that student.
extension Server {
    /// The key of a player in `players` and in the kick list: the group's key
    /// and the name's look-alike key. One login asks for the same name's key
    /// about eight times (the clash check, the kick list twice, the planned
    /// record, the lookup's answer, the welcome...), so the last one made is
    /// kept (issue 20): a pure function of the group's and the player's names.
    package func playerKey(_ group: GroupRef, _ name: String) -> String {
        if let last = lastPlayerKey, last.name == name, last.group == group.name { return last.key }
        let key = group.key + "\u{0}" + NameRules.key(name)
        lastPlayerKey = (group.name, name, key)
        return key
    }

    /// `name_taken` when someone online has the same name (ignoring case),
    /// `name_lookalike` when someone online has a name that looks the same
    /// (`ＶＩＣＴＩＭ`, `ВОВ` in Cyrillic for `BOB`, `B0b` for `Bob`); nil when free.
    /// Nil too for a student online with a PIN: the PIN is asked, and the right
    /// one takes the place over (`takeExistingPlace`, session 12).
    func nameClash(_ name: String, group: GroupRef) -> ErrorEvent? {
        guard let existing = players[playerKey(group, name)], existing.isConnected else {
            // `ADA KAl`, `Ɩucia`, `Luc1a` (Session/Server+NameStrokes.swift).
            return strokeLookAlike(name, group: group).map { ErrorEvent(code: "name_lookalike", $0.name) }
        }
        // A student online with a PIN: the PIN is asked (session 12, takeExistingPlace).
        if existing.hasPIN { return nil }
        if NameKey.make(existing.name) == NameKey.make(name) {
            return ErrorEvent(code: "name_taken", name)
        }
        return ErrorEvent(code: "name_lookalike", existing.name)
    }
}

