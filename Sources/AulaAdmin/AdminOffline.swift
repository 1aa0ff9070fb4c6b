import Foundation
import AulaGames
import AulaServer
import AulaStore

/// What the `aula` subcommands do straight on the database file (WAL lets
/// them run while the server does): `teacher add|passwd`, `export scores`,
/// `leaderboard`. The executable only reads arguments and the terminal.
public enum AdminOffline {
    /// `aula teacher add NAME`: nil when added, else why not.
    public static func addTeacher(databasePath: String, name typed: String, password: String, confirmation: String?) -> Refusal? {
        let name: String
        switch NameRules.validate(typed, blocklist: .empty) {
        case .failure(let refusal): return refusal
        case .success(let valid): name = valid
        }
        if let refusal = TeacherPassword.check(password, confirmation: confirmation ?? password) { return refusal }
        do {
            let hash = try PasswordHash.make(password)
            let store = try Store(path: databasePath)
            defer { store.close() }
            return try store.sync { db -> Refusal? in
                if try db.teacher(name: name) != nil { return Refusal(code: "teacher_exists", args: [name]) }
                let now = wallClock()
                try db.addTeacher(name: name, passwordHash: hash, at: now)
                try db.appendAudit(at: now, teacher: name, command: "aula teacher add \(name)", outcome: "ok")
                return nil
            }
        } catch {
            return Refusal(code: "admin_storage_detail", args: ["\(error)"])
        }
    }

    /// `aula teacher passwd NAME`: whoever can write the database file may reset a password.
    public static func setTeacherPassword(databasePath: String, name: String, password: String, confirmation: String?) -> Refusal? {
        if let refusal = TeacherPassword.check(password, confirmation: confirmation ?? password) { return refusal }
        do {
            let hash = try PasswordHash.make(password)
            let store = try Store(path: databasePath)
            defer { store.close() }
            return try store.sync { db -> Refusal? in
                guard try db.setTeacherPassword(name: name, hash: hash) else {
                    return Refusal(code: "no_such_teacher", args: [name])
                }
                try db.appendAudit(at: wallClock(), teacher: name, command: "aula teacher passwd \(name)", outcome: "ok")
                return nil
            }
        } catch {
            return Refusal(code: "admin_storage_detail", args: ["\(error)"])
        }
    }

    /// `aula export scores [--group G] [--since DATE] --csv`: the CSV document (header first, CRLF lines).
    public static func exportCSV(databasePath: String, group: String?, since: Double?, bom: Bool = false,
                                 excel: Bool = false) throws -> String {
        let store = try Store(path: databasePath, readOnly: true)  // only looks: never upgrades the file (session 11)
        defer { store.close() }
        return ExportRow.csvDocument(try store.sync { db in try db.exportScores(groupName: group, since: since) },
                                     style: excel ? .excel : CSVStyle(bom: bom))
    }

    /// `aula export summary [--group G] --csv`: one row per student (header first, CRLF lines).
    public static func summaryCSV(databasePath: String, group: String?, bom: Bool = false, excel: Bool = false) throws -> String {
        let store = try Store(path: databasePath, readOnly: true)  // only looks: never upgrades the file (session 11)
        defer { store.close() }
        return SummaryRow.csvDocument(SummaryRow.inReadingOrder(try store.sync { db in try db.exportSummary(groupName: group) }),
                                      style: excel ? .excel : CSVStyle(bom: bom))
    }

    /// A `--group` the database does not have: exit 1 naming the groups it has (a stray or
    /// misspelt group exported everyone, or only a header, with exit 0: a play test, session 12).
    /// Nil when there is no group to check or it exists; storage errors are thrown, never "no group".
    public static func unknownGroup(databasePath: String, group: String?) throws -> Refusal? {
        guard let group else { return nil }
        let store = try Store(path: databasePath, readOnly: true)
        defer { store.close() }
        let groups = try store.sync { db -> [String]? in
            try db.group(name: group) == nil ? try db.groups().map(\.name) : nil
        }
        guard let groups else { return nil }
        return groups.isEmpty ? Refusal("no_such_group", Phrase("error.no_such_group.cli_none", [group]))
                              : Refusal("no_such_group", Phrase("error.no_such_group.cli", [group, groups.joined(separator: ", ")]))
    }

    /// `aula leaderboard [--group G] [--game hangman|quiz|level]`, as plain text; nil group: every group.
    public static func leaderboardText(databasePath: String, group: String?, game: String?, language: Language) throws -> Result<String, Refusal> {
        var chosen: GameKind?
        if let game {
            guard let known = Server.gameNames[game.lowercased()] else { return .failure(Refusal(code: "bad_game", args: [game])) }
            chosen = known
        }
        let store = try Store(path: databasePath, readOnly: true)  // only looks: never upgrades the file (session 11)
        defer { store.close() }
        let answer = try store.sync { db -> (rows: [LeaderboardRow], scope: String, groups: [Int64: String])? in
            var groupID: Int64?
            var scope = "all"
            if let group {
                guard let row = try db.group(name: group) else { return nil }
                groupID = row.id
                scope = row.name
            }
            let rows = try db.leaderboard(groupID: groupID, game: chosen, limit: 50)
            // Every group together: each name says its group (two Anas of two classes
            // read as one student twice, session 9).
            var groups: [Int64: String] = [:]
            if groupID == nil {
                for row in rows {
                    guard let student = try db.student(id: row.studentID) else { continue }
                    groups[row.studentID] = try db.group(id: student.groupID)?.name
                }
            }
            return (rows, scope, groups)
        }
        guard let answer else { return .failure(Refusal(code: "no_such_group", args: [group ?? ""])) }
        var renderer = Renderer(language: language)
        renderer.color = false
        renderer.width = 200
        let event = LeaderboardEvent(scope: answer.scope,
                                     title: Phrase(answer.scope == "all" ? "admin.leaderboard.all" : "admin.leaderboard.group",
                                                   [answer.scope, chosen?.rawValue ?? Phrase.entry("admin.leaderboard.all_games")]),
                                     rows: answer.rows.map { row in
                                         .init(rank: row.rank, name: answer.groups[row.studentID].map { "\(row.name) (\($0))" } ?? row.name,
                                               points: row.points)
                                     })
        return .success(renderer.render(event).replacingOccurrences(of: "\r\n", with: "\n"))
    }

    /// `--since`: `2025-03-04` or `2025-03-04T09:15:00Z`, as Unix seconds.
    public static func parseDate(_ text: String) -> Double? { ExportRow.parseDate(text) }

    /// A refusal in words, for the command line.
    public static func text(_ refusal: Refusal, _ language: Language) -> String {
        Catalog.shared.text(refusal.phrase, language)
    }

    private static func wallClock() -> Double { Date().timeIntervalSince1970 }
}

