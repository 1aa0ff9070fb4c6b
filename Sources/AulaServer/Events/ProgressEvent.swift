import AulaGames
import AulaStore

// Students × levels, read from the attempts and solves stored: the console's `progress`
// (AulaAdmin) and the board's `/teacher` grid (Board/BoardTeacherPage.swift) show the same
// rows, so the event and its reading live in the core, below both.

/// `admin.progress {group, levels:[id], students:[{name, levels:[{level, solved, stars, attempts, stuck}]}]}`.
/// Text: one row per student, one cell per level: `✓3` solved with 3 stars,
/// `4` four attempts, `4!` stuck, `.` not tried.
package struct AdminProgressEvent: Event {
    /// Failed attempts, or minutes since the first attempt, that make a student "stuck" on a level.
    package static let stuckAttempts = 5
    package static let stuckSeconds = 600.0

    package struct Cell: Sendable { package let level: String; package let solved: Bool; package let stars: Int; package let attempts: Int; package let stuck: Bool }
    package struct Row: Sendable { package let name: String; package let cells: [Cell] }
    package let group: String
    package let levels: [String]
    package let rows: [Row]

    package var name: String { "admin.progress" }

    package func fields(_ t: TextContext) -> [(String, JSON)] {
        [("group", .string(group)), ("levels", .array(levels.map { .string($0) })),
         ("students", .array(rows.map { row in
             .object([("name", .string(row.name)), ("levels", .array(row.cells.map { c in
                 .object([("level", .string(c.level)), ("solved", .bool(c.solved)), ("stars", .int(c.stars)),
                          ("attempts", .int(c.attempts)), ("stuck", .bool(c.stuck))])
             }))])
         }))]
    }

    static func cell(_ c: Cell) -> String {
        if c.solved { return "✓\(c.stars)" }
        if c.attempts == 0 { return "." }
        return "\(c.attempts)" + (c.stuck ? "!" : "")
    }

    package func text(_ t: TextContext) -> [String] {
        var out = [t.paint(.title, t.say("admin.progress.title", group))]
        guard !rows.isEmpty else { return out + [t.say("admin.progress.empty")] }
        if t.reader {
            for row in rows {
                let parts = row.cells.compactMap { c -> String? in
                    if c.solved { return t.say("admin.progress.reader_solved", c.level, String(c.stars)) }
                    if c.attempts == 0 { return nil }
                    return t.say(c.stuck ? "admin.progress.reader_stuck" : "admin.progress.reader_tried", c.level, String(c.attempts))
                }
                out.append(row.name + ": " + (parts.isEmpty ? t.say("admin.progress.reader_none") : parts.joined(separator: "; ")))
            }
            return out
        }
        let nameWidth = min(16, max(4, rows.map(\.name.count).max() ?? 4))
        let width = max(4, (levels.map(\.count).max() ?? 4) + 1)
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? String(s.prefix(n)) : s + String(repeating: " ", count: n - s.count) }
        // As many level columns as fit the screen, then the next ones in a
        // block of their own: a wrapped row no longer lines up with its header
        // (a play test: 35 levels on a 120-column console).
        let perBlock = max(1, (t.width - nameWidth - 1) / width)
        for start in stride(from: 0, to: levels.count, by: perBlock) {
            let end = min(levels.count, start + perBlock)
            if start > 0 { out.append("") }
            out.append(pad("", nameWidth) + " " + levels[start..<end].map { pad($0, width) }.joined())
            for row in rows {
                var line = pad(row.name, nameWidth) + " "
                for c in row.cells[min(start, row.cells.count)..<min(end, row.cells.count)] {
                    let text = pad(AdminProgressEvent.cell(c), width)
                    line += c.stuck ? t.paint(.bad, text) : (c.solved ? t.paint(.good, text) : text)
                }
                out.append(line)
            }
        }
        out.append(t.paint(.dim, t.say("admin.progress.legend")))
        return out
    }
}

extension AdminProgressEvent {
    /// Students × levels for one group, from the attempts and solves stored
    /// (the console's `progress` and the board's `/teacher` read the same).
    package static func read(_ db: Database, group: GroupRef, levels: [String], now: Double) throws -> AdminProgressEvent {
        let summaries = try db.levelAttemptSummaries(groupID: group.id)
        var rows: [AdminProgressEvent.Row] = []
        for student in try db.students(groupID: group.id) {
            let solved = Dictionary(try db.levelProgress(studentID: student.id).map { ($0.levelID, $0) },
                                    uniquingKeysWith: { a, _ in a })
            let tries = Dictionary(summaries.filter { $0.studentID == student.id }.map { ($0.levelID, $0) },
                                   uniquingKeysWith: { a, _ in a })
            let cells = levels.map { id -> AdminProgressEvent.Cell in
                let attempts = tries[id]
                let stuck = solved[id] == nil && attempts.map {
                    $0.failed >= stuckAttempts || now - $0.firstAt >= stuckSeconds
                } == true
                return AdminProgressEvent.Cell(level: id, solved: solved[id] != nil, stars: solved[id]?.stars ?? 0,
                                               attempts: attempts?.attempts ?? 0, stuck: stuck)
            }
            rows.append(AdminProgressEvent.Row(name: student.name, cells: cells))
        }
        return AdminProgressEvent(group: group.name, levels: levels, rows: rows)
    }
}
