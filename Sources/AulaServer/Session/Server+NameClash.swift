import AulaGames
import AulaStore

/// Whether a name may be taken right now in a group (SPEC §12 "Identity and
/// limits"): players are keyed by their look-alike key (`NameRules.key`), so a
/// name that merely renders like an online student's finds that student.
extension Server {
    /// `name_taken` when someone online has the same name (ignoring case),
    /// `name_lookalike` when someone online has a name that looks the same
    /// (`ＶＩＣＴＩＭ`, `ВОВ` in Cyrillic for `BOB`, `B0b` for `Bob`); nil when free.
    func nameClash(_ name: String, group: GroupRef) -> ErrorEvent? {
        guard let existing = players[playerKey(group, name)], existing.isConnected else { return nil }
        if NameKey.make(existing.name) == NameKey.make(name) {
            return ErrorEvent(code: "name_taken", name)
        }
        return ErrorEvent(code: "name_lookalike", existing.name)
    }
}

