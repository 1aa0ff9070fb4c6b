import AulaGames
import Foundation

/// The checks on one decoded level file (SPEC §6). Each problem names the
/// file, the field (as in the JSON, rows and columns from 0) and the reason.
public enum LevelValidation {
    static func problem(_ file: String, _ field: String, _ key: String, _ args: [String] = []) -> ContentProblem {
        ContentProblem(file: file, field: field, reason: Phrase("content.level.\(key)", args))
    }

    /// Problems with a level; `expectedID` is the file name without `.json`,
    /// `notes` the set of "id.lang" note files present.
    public static func check(_ level: Level, file: String, expectedID: String, notes: Set<String>) -> [ContentProblem] {
        var out: [ContentProblem] = []
        func add(_ field: String, _ key: String, _ args: [String] = []) { out.append(problem(file, field, key, args)) }

        if level.id != expectedID { add("id", "id_mismatch", [level.id, expectedID]) }
        if level.title.trimmingCharacters(in: .whitespaces).isEmpty { add("title", "text_empty") }
        if level.summary.trimmingCharacters(in: .whitespaces).isEmpty { add("summary", "text_empty") }

        // Every board variant (SPEC §12 `boards`): the same size as the
        // first, so a listing or a `?` means the same place on each; Ada and
        // every item must fit on each variant. Repeats (the same item wrong on
        // several variants) are reported once.
        let firstRows = level.board.map { Array($0) }
        for (v, variant) in level.boards.enumerated() {
        let boardField = level.boards.count > 1 ? "boards[\(v)]" : "board"
        if v > 0, variant.count != firstRows.count || variant.contains(where: { $0.count != (firstRows.first?.count ?? 0) }) {
            add(boardField, "board_variant_size", ["\(v)", "\(firstRows.count)", "\(firstRows.first?.count ?? 0)"])
        }
        // The board: rectangular, known tiles only.
        let rows = variant.map { Array($0) }
        let width = rows.first?.count ?? 0
        if rows.isEmpty || width == 0 { add(boardField, "board_empty") }
        for (r, row) in rows.enumerated() {
            if row.count != width { add("\(boardField)[\(r)]", "board_not_rectangular", ["\(r)", "\(width)", "\(row.count)"]) }
            for (c, ch) in row.enumerated() where Tile(rawValue: ch) == nil {
                add("\(boardField)[\(r)]", "unknown_tile", [String(ch), "\(r)", "\(c)"])
            }
        }
        func tile(_ r: Int, _ c: Int) -> Tile? {
            guard r >= 0, r < rows.count, c >= 0, c < rows[r].count else { return nil }
            return Tile(rawValue: rows[r][c])
        }
        func standable(_ t: Tile?) -> Bool { t == .floor || t == .goal }

        // Ada: exactly one, given by `ada`, on a tile she can stand on.
        let a = level.ada
        if tile(a.row, a.col) == nil && (a.row < 0 || a.row >= rows.count || a.col < 0 || a.col >= width) {
            add("ada", "ada_off_board", ["\(a.row)", "\(a.col)"])
        } else if !standable(tile(a.row, a.col)) {
            add("ada", "ada_in_wall", ["\(a.row)", "\(a.col)"])
        }
        if Facing(rawValue: a.facing) == nil { add("ada.facing", "ada_facing", [a.facing]) }
        if a.health < 1 || a.health > 10 { add("ada.health", "health", ["\(a.health)"]) }

        // Items: a known kind, a fixed place or random places, all valid.
        var taken: Set<Position> = [Position(row: a.row, col: a.col)]
        func checkPlace(_ r: Int, _ c: Int, _ field: String) -> Bool {
            guard r >= 0, r < rows.count, c >= 0, c < width else { add(field, "position_off_board", ["\(r)", "\(c)"]); return false }
            guard standable(tile(r, c)) else { add(field, "position_in_wall", ["\(r)", "\(c)"]); return false }
            return true
        }
        for (i, item) in level.items.enumerated() where item.randomPositions == nil {
            let field = "items[\(i)]"
            if item.itemKind == nil { add("\(field).kind", "unknown_item", [item.kind]) }
            guard let r = item.row, let c = item.col else { add(field, "item_place"); continue }
            if checkPlace(r, c, field) {
                if !taken.insert(Position(row: r, col: c)).inserted { add(field, "position_taken", ["\(r)", "\(c)"]) }
            }
        }
        for (i, item) in level.items.enumerated() {
            guard let choices = item.randomPositions else { continue }
            let field = "items[\(i)].random_positions"
            if item.itemKind == nil { add("items[\(i)].kind", "unknown_item", [item.kind]) }
            if item.row != nil || item.col != nil { add("items[\(i)]", "item_place") }
            if choices.isEmpty { add(field, "random_empty") }
            for (j, pair) in choices.enumerated() {
                guard pair.count == 2 else { add("\(field)[\(j)]", "random_bad_pair"); continue }
                if checkPlace(pair[0], pair[1], "\(field)[\(j)]"), taken.contains(Position(row: pair[0], col: pair[1])) {
                    add("\(field)[\(j)]", "position_taken", ["\(pair[0])", "\(pair[1])"])
                }
            }
        }

        }
        var seenProblems = Set<String>()
        out = out.filter { seenProblems.insert("\($0.field)|\($0.reason)").inserted }

        // Goals.
        if level.goal.isEmpty { add("goal", "no_goal") }
        for (i, g) in level.goal.enumerated() {
            guard let goal = LevelGoal(rawValue: g) else { add("goal[\(i)]", "unknown_goal", [g]); continue }
            func hasItem(_ k: ItemKind) -> Bool { level.items.contains { $0.itemKind == k } }
            switch goal {
            case .reachGoal:
                if level.boards.contains(where: { !$0.contains(where: { $0.contains("G") }) }) { add("goal[\(i)]", "goal_without_tile") }
            case .breakIron: if !hasItem(.iron) { add("goal[\(i)]", "goal_without_items", [g]) }
            case .collectKeys: if !hasItem(.key) { add("goal[\(i)]", "goal_without_items", [g]) }
            case .defeatEnemies: if !hasItem(.enemy) { add("goal[\(i)]", "goal_without_items", [g]) }
            }
        }

        // Commands, languages, numbers.
        for (i, c) in level.commands.enumerated() where !ProgramRules.knownCommands.contains(c) {
            add("commands[\(i)]", "unknown_command", [c])
        }
        if level.languages.isEmpty { add("languages", "no_language") }
        for (i, l) in level.languages.enumerated() where !ProgramRules.knownLanguages.contains(l) {
            add("languages[\(i)]", "unknown_language", [l])
        }
        for (field, value, least) in [("time_limit", level.timeLimit, 1), ("max_statements", level.maxStatements, 1), ("par_statements", level.parStatements, 1),
                                      ("xp_required", level.xpRequired, 0), ("xp_reward", level.xpReward, 0)] where value < least {
            add(field, "bad_number", ["\(value)", "\(least)"])
        }
        if level.parStatements > level.maxStatements {
            add("par_statements", "par_over_max", ["\(level.parStatements)", "\(level.maxStatements)"])
        }

        // A goal walled off (session 10): checked on a level with no other
        // problem, whose board, Ada and items are known to be sound.
        if out.isEmpty, level.goal.contains(LevelGoal.reachGoal.rawValue),
           let layout = LevelReachability.firstUnreachable(level) {
            let field = level.boards.count > 1 ? "boards[\(layout.board)]" : "board"
            let start = ["\(level.ada.row)", "\(level.ada.col)"]
            if level.hasRandomItems {
                add(field, "goal_unreachable_layout", start + [LevelReachability.describe(layout, level)])
            } else {
                add(field, "goal_unreachable", start)
            }
        }

        // Notes in both languages.
        for (i, n) in level.notesUnlocked.enumerated() {
            for lang in ["en", "es"] where !notes.contains("\(n).\(lang)") {
                add("notes_unlocked[\(i)]", "note_missing", [n, "Levels/notes/\(n).\(lang).md"])
            }
        }
        return out
    }
}
