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

    /// `progress`: the grid read from the store (nil: the store did not answer).
    static func html(server: Server, language: Language, key: String?, progress: AdminProgressEvent?) -> String {
        let t = { (k: String, args: [String]) in escape(Catalog.shared.text(Phrase(k, args), language)) }
        var rows = ""
        let players = server.players.values.sorted { ($0.group.name, $0.name) < ($1.group.name, $1.name) }
        for player in players {
            var state: [String] = [player.isConnected ? t("board.teacher.online", []) : t("board.teacher.reconnecting", [])]
            if player.muted { state.append(t("board.teacher.muted", [])) }
            rows += "<tr><td>\(escape(player.name))</td><td>\(escape(player.group.name))</td>"
                + "<td>\(escape(player.room?.id ?? "—"))</td><td>\(state.joined(separator: ", "))</td></tr>\n"
        }
        let now = server.kickNow
        for hold in server.kicks.names.values.sorted(by: { $0.name < $1.name }) where hold.until > now {
            rows += "<tr class=\"kicked\"><td>\(escape(hold.name))</td><td></td><td>—</td>"
                + "<td>\(t("board.teacher.kicked", [String(KickList.minutes(hold.until - now))]))</td></tr>\n"
        }
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
        \(grid(progress, server: server, language: language))
        <h2>\(t("board.teacher.roster", []))</h2>
        <table class="roster"><thead><tr><th>\(t("board.teacher.name", []))</th><th>\(t("board.teacher.group", []))</th>
        <th>\(t("board.teacher.room", []))</th><th>\(t("board.teacher.state", []))</th></tr></thead>
        <tbody>
        \(rows)</tbody></table>
        </main></body></html>
        """
    }

    /// Students × levels: `✓★★` solved with its stars, `4` attempts, `4 !` stuck
    /// (the console's rule: 5 failed attempts or 10 minutes), `·` not tried.
    /// Never colour alone: every state has its own sign.
    static func grid(_ progress: AdminProgressEvent?, server: Server, language: Language) -> String {
        let t = { (k: String, args: [String]) in escape(Catalog.shared.text(Phrase(k, args), language)) }
        guard let progress else { return "<h2>\(t("board.teacher.progress", ["—"]))</h2><p>\(t("board.teacher.no_progress", []))</p>" }
        var out = "<h2>\(t("board.teacher.progress", [progress.group]))</h2>\n"
        out += "<p class=\"legend\">\(t("board.teacher.legend", []))</p>\n"
        guard !progress.levels.isEmpty, !progress.rows.isEmpty else {
            return out + "<p>\(t("board.teacher.no_students", []))</p>"
        }
        let titles = Dictionary(server.content.levels.levels.map { ($0.id, $0.title(language.rawValue)) },
                                uniquingKeysWith: { a, _ in a })
        out += "<div class=\"scroll\"><table class=\"progress\"><thead><tr><th>\(t("board.teacher.name", []))</th>"
        for level in progress.levels {
            out += "<th title=\"\(escape(titles[level] ?? level))\">\(escape(level))</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in progress.rows {
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
        return out + "</tbody></table></div>"
    }
}

extension Board {
    /// `/teacher`: the grid is read on the store's thread (never on the loop),
    /// then the page is answered on the loop.
    func answerTeacherPage(_ connection: Connection, server: Server, language: Language, head: Bool) {
        let group = server.classSession?.group ?? server.openGroupRef
        let levels = server.content.levels.levels.map(\.id)
        let now = server.wallClock()
        let key = key.required ? key.value : nil
        server.read({ db in try AdminProgressEvent.read(db, group: group, levels: levels, now: now) }) { [weak server] result in
            let progress = try? result.get()
            guard let server else { return connection.close() }
            let page = BoardTeacherPage.html(server: server, language: language, key: key, progress: progress)
            connection.send(bytes: BoardHTTP.response(status: 200, contentType: "text/html; charset=utf-8",
                                                      body: Array(page.utf8), head: head))
            connection.close()
        }
    }
}
