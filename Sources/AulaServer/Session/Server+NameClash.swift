import Foundation
import AulaGames
import AulaStore

/// Whether a name may be taken right now in a group (SPEC §12 "Identity and
/// limits"): players are keyed by their look-alike key (`NameRules.key`), so a
/// name that merely renders like an online student's finds that student.
extension Server {
    /// `name_taken` when someone online has the same name (ignoring case and
    /// width), `name_lookalike` when someone online has a name that looks the
    /// same (`Vіctim` with a Cyrillic і for `Victim`); nil when it is free.
    func nameClash(_ name: String, group: GroupRef) -> ErrorEvent? {
        guard let existing = players[playerKey(group, name)], existing.isConnected else { return nil }
        if NameKey.make(existing.name.precomposedCompatible) == NameKey.make(name.precomposedCompatible) {
            return ErrorEvent(code: "name_taken", name)
        }
        return ErrorEvent(code: "name_lookalike", existing.name)
    }
}

extension String {
    /// NFKC: fullwidth `ＡＮＡ` and `Ana` are the same name, not look-alikes.
    var precomposedCompatible: String { precomposedStringWithCompatibilityMapping }
}
