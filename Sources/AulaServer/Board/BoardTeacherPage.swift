import AulaGames

/// `/teacher`: the teacher's read-only page — who is online, muted or kicked,
/// and in which room. Rendered on the server as plain HTML (no script), every
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

    static func html(server: Server, language: Language, key: String?) -> String {
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
        </head><body><main>
        <h1>\(t("board.teacher.title", []))</h1>
        <p>\(t("board.teacher.readonly", []))</p>
        <table class="roster"><thead><tr><th>\(t("board.teacher.name", []))</th><th>\(t("board.teacher.group", []))</th>
        <th>\(t("board.teacher.room", []))</th><th>\(t("board.teacher.state", []))</th></tr></thead>
        <tbody>
        \(rows)</tbody></table>
        </main></body></html>
        """
    }
}
