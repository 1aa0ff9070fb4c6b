import AulaGames
import AulaStore

/// The roster on `/teacher` with each student's last activity (issue 19):
/// who is connected, a page of 50 at a time from a cached sorted list (as the
/// console's `who`: rebuilt on a change while small, at most once a second
/// when big), so a page costs the loop the same with 30 or 10,000 online;
/// then the followed group's students who are not connected, most recently
/// seen first, from the database's `last_login_at`, capped. Pure rendering.
enum BoardTeacherRoster {
    static let pageSize = 50
    /// Not-connected students shown at most, and rows read to find them (the
    /// connected ones among the most recent are skipped on the loop).
    static let offlineShown = 50
    static let offlineRead = 200
    /// After this long without a command a student reads as idle.
    static let idleAfter = 300.0

    /// `12 s`, `2 min`, `3 h`, `4 d` — rounded down, never negative.
    static func duration(_ seconds: Double, _ language: Language) -> String {
        let s = max(0, seconds.isFinite ? Int(min(seconds, 1e9)) : 0)
        let (key, n): (String, Int)
        if s < 60 { (key, n) = ("board.ago.seconds", s) }
        else if s < 3600 { (key, n) = ("board.ago.minutes", s / 60) }
        else if s < 2 * 86400 { (key, n) = ("board.ago.hours", s / 3600) }
        else { (key, n) = ("board.ago.days", s / 86400) }
        return Catalog.shared.text(Phrase(key, [String(n)]), language)
    }

    /// What the activity was, in words: `hangman guess`, `submitted level t-loop`.
    static func what(_ kind: PlayerActivity.Kind, _ language: Language) -> String {
        let t = { (k: String, args: [String]) in Catalog.shared.text(Phrase(k, args), language) }
        func game(_ kind: String) -> String { Catalog.shared.template("board.activity.game.\(kind)", language) ?? kind }
        switch kind {
        case .joined: return t("board.activity.joined", [])
        case .lobby(let name, let aliases):
            return t("board.activity.lobby", [PlayerActivity.word(name: name, aliases: aliases, language)])
        case .game(let kind, let name, let aliases):
            return t("board.activity.game", [game(kind), PlayerActivity.word(name: name, aliases: aliases, language)])
        case .played(let kind): return t("board.activity.played", [game(kind)])
        case .submitted(let level): return t("board.activity.submitted", [level])
        case .editing(let level): return t("board.activity.editing", [level])
        }
    }

    /// `hangman guess · 12 s ago`, or `idle 5 min · hangman guess` after five minutes.
    static func activity(_ activity: PlayerActivity?, now: Double, _ language: Language) -> String {
        guard let activity else { return "—" }
        let age = now - activity.at
        let what = what(activity.kind, language)
        let key = age >= idleAfter ? "board.activity.idle" : "board.activity.ago"
        return Catalog.shared.text(Phrase(key, [what, duration(age, language)]), language)
    }

    /// A not-connected student: when they last logged in (or never).
    static func lastLogin(_ at: Double?, wallNow: Double, _ language: Language) -> String {
        guard let at else { return Catalog.shared.text(Phrase("board.teacher.never", []), language) }
        return Catalog.shared.text(Phrase("board.teacher.last_login", [duration(wallNow - at, language)]), language)
    }

    /// `?page=N` links that keep the key and the language.
    static func link(page: Int, key: String?, language: Language) -> String {
        "teacher?page=\(page)&amp;lang=\(language.rawValue)" + (key.map { "&amp;key=" + BoardTeacherPage.escape($0) } ?? "")
    }
}

extension Board {
    /// Page `requested` of everyone connected or within the reconnect grace,
    /// by group then name, from the cache (ListingPolicy decides when to sort again).
    func rosterPage(_ requested: Int?, server: Server) -> (players: ArraySlice<Player>, page: Int, pages: Int, total: Int) {
        let now = server.loop.now
        let version = RosterChanges.current
        if ListingPolicy.mustRebuild(cachedVersion: rosterCache?.version, currentVersion: version,
                                     builtAt: rosterCache?.builtAt ?? now, now: now, size: rosterCache?.items.count ?? 0) {
            let sorted = server.players.values.map { (group: $0.group.name, name: $0.name, player: $0) }
                .sorted { ($0.group, $0.name) < ($1.group, $1.name) }.map(\.player)
            rosterCache = Listings.Snapshot(version: version, builtAt: now, items: sorted)
        }
        let all = rosterCache?.items ?? []
        // A small list is sorted again on every change anyway: not keeping it
        // lets the players (and their rooms) of a finished class go at once.
        if all.count < ListingPolicy.smallList { rosterCache = nil }
        let (page, pages, range) = ListingPolicy.page(requested, total: all.count, pageSize: BoardTeacherRoster.pageSize)
        return (all[range], page, pages, all.count)
    }
}
