import AulaGames
import AulaStore

/// Names the class sees that a student chooses (their own and a quiz team's)
/// follow one set of rules (SPEC §12 "Identity and limits"): the blocklist,
/// the reserved words, nothing invisible or filler, at most two combining
/// marks on a letter, one script per word — and no teacher's account name
/// (`garcia` may not pass for the teacher García at the projector).
extension Server {
    /// True when the name is a teacher's account name, compared by look-alike key.
    func isTeacherAccountName(_ name: String) -> Bool {
        !teacherNameKeys.isEmpty && teacherNameKeys.contains(NameRules.key(name))
    }

    /// A teacher account the console created or logged into (kept for the run).
    package func rememberTeacherName(_ name: String) {
        teacherNameKeys.insert(NameRules.key(name))
    }

    /// The teachers' account names from the database, once at start.
    func loadTeacherNames() {
        read({ db in try db.teacherNames() }) { [weak self] result in
            guard case .success(let names) = result else { return }
            for name in names { self?.rememberTeacherName(name) }
        }
    }

    /// `name_reserved` when a student's name is a teacher's account name, else nil.
    func teacherNameRefusal(_ name: String) -> Refusal? {
        guard isTeacherAccountName(name) else { return nil }
        return Refusal("name_invalid", Phrase("error.name_reserved", [name]))
    }

    /// Why a team name cannot be shown to the room and the board, or nil when it
    /// can: a student's name rules (a one-letter team, `team A`, is fine), with
    /// one refusal line whatever the rule.
    package func teamNameRefusal(_ raw: String) -> Refusal? {
        let trimmed = NameRules.trimSpaces(raw)
        let checked = trimmed.count == 1 && trimmed.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ($0.value >= 0x30 && $0.value <= 0x39) })
            ? trimmed + trimmed : trimmed
        switch NameRules.validateStudent(checked, blocklist: content.blocklist) {
        case .failure: return Refusal("team_name_invalid", Phrase("error.team_name_rules"))
        case .success(let name):
            if isTeacherAccountName(name) { return Refusal("team_name_invalid", Phrase("error.team_name_rules")) }
            return nil
        }
    }
}
