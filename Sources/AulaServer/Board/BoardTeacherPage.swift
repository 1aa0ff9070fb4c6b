import AulaNet
import AulaGames
import AulaStore

/// `/teacher`: the teacher's read-only page — the progress grid (students ×
/// levels, as the console's `progress`), who is online, muted or kicked, and
/// in which room. Rendered on the server as plain HTML (no script), every
/// name escaped; changes stay in the console. Served like every board
/// request: on 127.0.0.1/::1 only this machine can reach it, elsewhere the key.
enum BoardTeacherPage {
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    /// `grid`: the progress grid, already drawn off the loop (`grid(_:titles:language:)`);
    /// `offline`: the group's most recently seen students (nil: the store did not answer).
    static func html(server: Server, language: Language, key: String?, grid: String,
                     page requested: Int? = nil, offline: [StudentRow]? = nil, group: GroupRef? = nil) -> String {
        let t = { (k: String, args: [String]) in escape(Catalog.shared.text(Phrase(k, args), language)) }
        var rows = ""
        let (players, page, pages, total) = server.board?.rosterPage(requested, server: server) ?? ([], 1, 1, 0)
        let now = server.loop.now
        // A big list may be a second old: someone gone since is left out of its page.
        for player in players where server.players[server.playerKey(player.group, player.name)] === player {
            var state: [String] = [player.isConnected ? t("board.teacher.online", []) : t("board.teacher.reconnecting", [])]
            if player.muted { state.append(t("board.teacher.muted", [])) }
            let activity = escape(BoardTeacherRoster.activity(player.lastActivity, now: now, language))
            rows += "<tr><td>\(escape(player.name))</td><td>\(escape(player.group.name))</td>"
                + "<td>\(escape(player.room?.id ?? "—"))</td><td>\(state.joined(separator: ", "))</td>"
                + "<td class=\"activity\">\(activity)</td></tr>\n"
        }
        let kickNow = server.kickNow
        // A kicked student forgotten since is not listed (forget takes them off every board view).
        let forgotten = { (key: String, hold: KickList.Hold) in server.board?.isForgottenKick(key: key, until: hold.until) ?? false }
        for (key, hold) in server.kicks.names.sorted(by: { $0.value.name < $1.value.name })
        where hold.until > kickNow && !forgotten(key, hold) {
            rows += "<tr class=\"kicked\"><td>\(escape(hold.name))</td><td></td><td>—</td>"
                + "<td>\(t("board.teacher.kicked", [String(KickList.minutes(hold.until - kickNow))]))</td><td></td></tr>\n"
        }
        var paging = ""
        if pages > 1 {
            paging = "<p class=\"pages\">\(t("board.teacher.page", [String(page), String(pages), String(total)]))"
            if page > 1 {
                paging += " · <a href=\"\(BoardTeacherRoster.link(page: page - 1, key: key, language: language))\">\(t("board.teacher.previous", []))</a>"
            }
            if page < pages {
                paging += " · <a href=\"\(BoardTeacherRoster.link(page: page + 1, key: key, language: language))\">\(t("board.teacher.next", []))</a>"
            }
            paging += "</p>"
        }
        let away = offlineSection(offline, group: group, server: server, language: language)
        let suffix = key.map { "?key=" + $0 } ?? ""
        return """
        <!doctype html>
        <html lang="\(language.rawValue)"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(t("board.teacher.title", []))</title>
        <link rel="stylesheet" href="board.css\(suffix)">
        </head><body class="teacher"><main>
        <h1>\(t("board.teacher.title", []))</h1>
        <p>\(t("board.teacher.readonly", []))</p>
        \(grid)
        <h2>\(t("board.teacher.roster", []))</h2>
        <table class="roster"><thead><tr><th>\(t("board.teacher.name", []))</th><th>\(t("board.teacher.group", []))</th>
        <th>\(t("board.teacher.room", []))</th><th>\(t("board.teacher.state", []))</th>
        <th>\(t("board.teacher.activity", []))</th></tr></thead>
        <tbody>
        \(rows)</tbody></table>
        \(paging)
        \(away)
        </main></body></html>
        """
    }

    /// The group's students who are not connected, most recently seen first,
    /// with when they last logged in (`last_login_at`), at most 50.
    static func offlineSection(_ offline: [StudentRow]?, group: GroupRef?, server: Server, language: Language) -> String {
        let t = { (k: String, args: [String]) in escape(Catalog.shared.text(Phrase(k, args), language)) }
        guard let group else { return "" }
        var out = "<h2>\(t("board.teacher.offline", [group.name]))</h2>\n"
        guard let offline else { return out + "<p>\(t("board.teacher.no_progress", []))</p>" }
        let wallNow = server.wallClock()
        var rows = ""
        var shown = 0
        for student in offline where shown < BoardTeacherRoster.offlineShown
            && server.players[server.playerKey(group, student.name)] == nil {
            shown += 1
            let seen = escape(BoardTeacherRoster.lastLogin(student.lastLoginAt, wallNow: wallNow, language))
            rows += "<tr class=\"offline\"><td>\(escape(student.name))</td><td>\(seen)</td></tr>\n"
        }
        // Nobody listed with no class open is no "everyone is connected" (play test, session 10).
        guard shown > 0 else {
            return out + "<p>\(t(server.classSession == nil ? "board.teacher.no_class" : "board.teacher.no_offline", []))</p>"
        }
        out += "<table class=\"roster offline\"><thead><tr><th>\(t("board.teacher.name", []))</th>"
            + "<th>\(t("board.teacher.activity", []))</th></tr></thead>\n<tbody>\n\(rows)</tbody></table>"
        if offline.count >= BoardTeacherRoster.offlineRead || shown == BoardTeacherRoster.offlineShown {
            out += "\n<p>\(t("board.teacher.offline_cap", [String(BoardTeacherRoster.offlineShown)]))</p>"
        }
        return out
    }

    /// Students × levels: `✓★★` solved with its stars, `4` attempts, `4 !` stuck
    /// (the console's rule: 5 failed attempts or 10 minutes), `·` not tried.
    /// Never colour alone: every state has its own sign.
    /// A whole school year's open group can hold thousands of students: the grid
    /// shows the first `gridRows`, says how many more there are, and is drawn on
    /// the store's thread with the rows it has just read, never on the loop.
    static let gridRows = 300

    static func grid(_ progress: AdminProgressEvent?, titles: [String: String], language: Language) -> String {
        let t = { (k: String, args: [String]) in escape(Catalog.shared.text(Phrase(k, args), language)) }
        guard let progress else { return "<h2>\(t("board.teacher.progress", ["—"]))</h2><p>\(t("board.teacher.no_progress", []))</p>" }
        var out = "<h2>\(t("board.teacher.progress", [progress.group]))</h2>\n"
        out += "<p class=\"legend\">\(t("board.teacher.legend", []))</p>\n"
        guard !progress.levels.isEmpty, !progress.rows.isEmpty else {
            return out + "<p>\(t("board.teacher.no_students", []))</p>"
        }
        out += "<div class=\"scroll\"><table class=\"progress\"><thead><tr><th>\(t("board.teacher.name", []))</th>"
        for level in progress.levels {
            out += "<th title=\"\(escape(titles[level] ?? level))\">\(escape(level))</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in progress.rows.prefix(gridRows) {
            out += "<tr><td>\(escape(row.name))</td>"
            for cell in row.cells {
                let (cls, text): (String, String)
                if cell.solved {
                    cls = "solved"; text = "✓" + String(repeating: "★", count: max(0, min(cell.stars, 5)))
                } else if cell.stuck {
                    cls = "stuck"; text = "\(cell.attempts) !"
                } else if cell.attempts > 0 {
                    cls = "tried"; text = String(cell.attempts)
                } else {
                    cls = "untried"; text = "·"
                }
                out += "<td class=\"\(cls)\" data-level=\"\(escape(cell.level))\" data-attempts=\"\(cell.attempts)\">\(text)</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody></table></div>"
        if progress.rows.count > gridRows {
            out += "<p class=\"pages\">\(t("board.teacher.grid_more", [String(gridRows), String(progress.rows.count)]))</p>"
        }
        return out
    }
}

extension Board {
    /// `/teacher`: the grid is read on the store's thread (never on the loop),
    /// then the page is answered on the loop.
    func answerTeacherPage(_ connection: Connection, server: Server, language: Language, head: Bool, page: Int? = nil) {
        let group = server.classSession?.group ?? server.openGroupRef
        let levels = server.content.levels.levels.map(\.id)
        let now = server.wallClock()
        let key = key.required ? key.value : nil
        let titles = Dictionary(server.content.levels.levels.map { ($0.id, $0.title(language.rawValue)) },
                                uniquingKeysWith: { a, _ in a })
        server.read({ db in
            // The grid is drawn here, on the store's thread: it grows with the group.
            let progress = try AdminProgressEvent.read(db, group: group, levels: levels, now: now)
            let offline = try db.recentlySeenStudents(groupID: group.id, limit: BoardTeacherRoster.offlineRead)
            return (BoardTeacherPage.grid(progress, titles: titles, language: language), offline)
        }) { [weak server] result in
            let read = try? result.get()
            let grid = read?.0 ?? BoardTeacherPage.grid(nil, titles: titles, language: language)
            guard let server else { return connection.close() }
            let html = BoardTeacherPage.html(server: server, language: language, key: key, grid: grid,
                                             page: page, offline: read?.1, group: group)
            connection.send(bytes: BoardHTTP.response(status: 200, contentType: "text/html; charset=utf-8",
                                                      body: Array(html.utf8), head: head))
            connection.close()
        }
    }
}
