import Foundation
import AulaGames
import AulaServer
import AulaStore

/// Scores and records: `leaderboard`, `export`, `audit` (`reset`: Admin+Reset.swift).
extension AdminCall {
    /// `leaderboard [group] [game]` — the class's group when a class is open, else every group.
    func showLeaderboard(_ args: Arguments) {
        var gameWord: GameKind?
        var groupWords: [String] = []
        for word in args.words {
            if gameWord == nil, let known = Server.gameNames[word.lowercased()] { gameWord = known } else { groupWords.append(word) }
        }
        let typedGroup = groupWords.isEmpty ? nil : QuotedName.unquoted(groupWords.joined(separator: " "))
        let game = gameWord
        let sessionGroup = server.classSession?.group
        read({ db -> (rows: [LeaderboardRow], scope: String)? in
            var groupID: Int64?
            var scope = "all"
            if let typedGroup {
                guard let group = try db.group(name: typedGroup) else { return nil }
                groupID = group.id
                scope = group.name
            } else if let sessionGroup {
                groupID = sessionGroup.id
                scope = sessionGroup.name
            }
            return (try db.leaderboard(groupID: groupID, game: game, limit: 20), scope)
        }) { [self] answer in
            guard let answer else { return fail(code: "no_such_group", typedGroup ?? "") }
            let title = Phrase(answer.scope == "all" ? "admin.leaderboard.all" : "admin.leaderboard.group",
                               // The game in the console's language (session 11: "(juego: level)").
                               [answer.scope, Phrase.entry(game.map { "top.game.\($0.rawValue)" } ?? "admin.leaderboard.all_games")])
            say(LeaderboardEvent(scope: (answer.scope == "all" ? "all" : "group:\(answer.scope)") + (game.map { ":\($0.rawValue)" } ?? ""),
                                 title: title,
                                 rows: answer.rows.map { .init(rank: $0.rank, name: $0.name, points: $0.points) }))
            done()
        }
    }

    /// `export [summary] FILE.csv [GROUP] [--force] [--bom] [--excel]` — the same columns
    /// as `aula export scores|summary --csv`, into the exports folder
    /// (ExportTarget.swift). `--bom` starts the file with a UTF-8 BOM (Excel); `--excel`
    /// writes for a spreadsheet in Spanish: `;`, local times, a BOM (CSVStyle.swift).
    func exportScores(_ args: Arguments) {
        let switches: Set<String> = ["--force", "--bom", "--excel"]
        let force = args.words.contains { $0.lowercased() == "--force" }
        let bom = args.words.contains { $0.lowercased() == "--bom" }
        let style = args.words.contains { $0.lowercased() == "--excel" } ? CSVStyle.excel : CSVStyle(bom: bom)
        var words = args.words.filter { !switches.contains($0.lowercased()) }
        let summary = words.count > 1 && Sub.matches(words.first, Sub.summary)
        if summary { words.removeFirst() }
        guard let name = words.first else { return usage("admin.export") }
        let group = words.count > 1 ? QuotedName.unquoted(words.dropFirst().joined(separator: " ")) : nil
        let config = server.config
        let directory = ExportTarget.directory(exportDirectory: config.exportDirectory, databasePath: config.databasePath)
        let protected = ExportTarget.protectedPaths(databasePath: config.databasePath,
                                                    contentDirectory: config.contentDirectory)
        let target: ExportTarget
        switch ExportTarget.check(name: name, directory: directory, protected: protected) {
        case .failure(let refusal): return fail(refusal)
        case .success(let checked): target = checked
        }
        read({ db -> Result<Int, Refusal> in
            if let group, try db.group(name: group) == nil { return .failure(Refusal(code: "no_such_group", args: [group])) }
            let document: String, count: Int
            if summary {
                let rows = SummaryRow.inReadingOrder(try db.exportSummary(groupName: group))  // as a person sorts (session 11)
                (document, count) = (SummaryRow.csvDocument(rows, style: style), rows.count)
            } else {
                let rows = try db.exportScores(groupName: group, since: nil)
                (document, count) = (ExportRow.csvDocument(rows, style: style), rows.count)
            }
            switch ExportFile.write(document, to: target, force: force) {
            case .success: return .success(count)
            case .failure(.exists): return .failure(Refusal(code: "export_exists", args: [name, directory]))
            case .failure(.notRegular): return .failure(Refusal(code: "export_protected", args: [name]))
            case .failure(.unwritable): return .failure(Refusal(code: "file_unwritable", args: [target.path]))
            }
        }) { [self] result in
            switch result {
            case .failure(let refusal): fail(refusal)
            case .success(let count):
                info(summary ? "admin.export.summary_done" : "admin.export.done", String(count), target.path, style: .good)
                done()
            }
        }
    }

    /// `audit [N]` — the last N actions (default 20), oldest first.
    func showAudit(_ args: Arguments) {
        var count = 20
        if let word = args[0] {
            guard let n = Int(word), (1...1000).contains(n) else { return fail(code: "bad_count", word, "1000") }
            count = n
        }
        let limit = count
        read({ db in try db.audit(limit: limit) }) { [self] rows in
            say(TextBlockEvent { t in
                [t.paint(.title, t.say("admin.audit.title", String(rows.count)))]
                    + rows.map { row in
                        "  " + ExportRow.isoUTC(row.at) + "  " + t.paint(.name, row.teacher) + "  " + row.command
                            + "  → " + (row.outcome == "ok" ? t.paint(.good, row.outcome)
                                        : t.paint(.bad, t.say("admin.audit.refused", row.outcome)))
                    }
            })
            done()
        }
    }
}

/// `GROUP/NAME` as a teacher types it (`code 3A/Ana`, `kick 3A/Ana`, `reset 3A/Ana`):
/// the group typed, if any, and the name, each without surrounding spaces. Each
/// command compares the group with the key its own records use.
struct TypedStudent {
    let group: String?
    let name: String

    init(_ typed: String) {
        if let slash = typed.firstIndex(of: "/") {
            group = String(typed[..<slash]).trimmingCharacters(in: " ")
            name = String(typed[typed.index(after: slash)...]).trimmingCharacters(in: " ")
        } else {
            group = nil
            name = typed.trimmingCharacters(in: " ")
        }
    }

    /// One half of `GROUP/NAME` missing (`3A/`, `/Ana`).
    var isHalf: Bool { group != nil && (group?.isEmpty == true || name.isEmpty) }
}

/// A student row found by name, with its group (for `reset`).
struct AdminStudent: Sendable {
    let id: Int64
    let name: String
    let groupID: Int64
    let group: String

    static func find(_ db: Database, name: String) throws -> [AdminStudent] {
        try db.query("""
            SELECT s.id, s.name, g.id AS group_id, g.name AS group_name
            FROM students s JOIN groups g ON g.id = s.group_id
            WHERE s.name_key IN (?, ?) ORDER BY g.name_key
            """, [.text(NameKey.student(name)), .text(NameKey.make(name))]).map { r in
            try AdminStudent(id: r.int("id"), name: r.string("name"), groupID: r.int("group_id"),
                             group: r.string("group_name"))
        }
    }

    /// The one student `typed` names (`NAME` or `GROUP/NAME`): in a named
    /// group, or the open class's group when the name is in several, else
    /// a refusal (`no_such_student`, `student_ambiguous`). `reset` and
    /// `forget` both look students up this way.
    static func one(_ db: Database, typed: String, preferredGroup: Int64?) throws -> Result<AdminStudent, Refusal> {
        let student = TypedStudent(typed)
        let name = student.name, groupName = student.group
        var found = try find(db, name: name)
        if let groupName { found = found.filter { NameKey.make($0.group) == NameKey.make(groupName) } }
        if found.count > 1, let preferredGroup, let mine = found.first(where: { $0.groupID == preferredGroup }) {
            found = [mine]
        }
        guard let student = found.first else { return .failure(Refusal(code: "no_such_student", args: [name])) }
        guard found.count == 1 else {
            return .failure(Refusal(code: "student_ambiguous", args: [student.name, found.map(\.group).joined(separator: ", "), student.group]))
        }
        return .success(student)
    }
}
