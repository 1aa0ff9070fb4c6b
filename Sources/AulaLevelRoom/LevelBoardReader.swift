import AulaServer
import AulaGames

/// Reader mode's board (issue 16): a blind student must find the turn without
/// trial and error, so the board is read row by row in runs ("Row 2: wall, Ada
/// facing east, 3 floor squares, the goal, wall."), with the free path ahead of
/// Ada and where the goal is from her. Built from the drawn rows only, so the
/// game core stays untouched.
enum LevelBoardReader {
    /// Every catalog key used here (checked in both languages by a test).
    static let keys: [String] = {
        var keys = ["level.reader.rows_intro", "level.reader.row", "level.reader.cell.ada",
                    "level.reader.path_one", "level.reader.path", "level.reader.path_none",
                    "level.reader.path_goal_next", "level.reader.goal_from_ada", "level.reader.and",
                    "level.reader.dir.south_one", "level.reader.dir.south", "level.reader.dir.north_one", "level.reader.dir.north",
                    "level.reader.dir.east_one", "level.reader.dir.east", "level.reader.dir.west_one", "level.reader.dir.west",
                    "level.reader.edge", "level.reader.board_hint"]
        for kind in cellKinds { keys += ["level.reader.cell.\(kind)", "level.reader.cells.\(kind)"] }
        return keys
    }()

    static let cellKinds = ["wall", "floor", "water", "goal", "door", "iron", "key", "enemy"]

    /// What a drawn board character is ("ada" for her arrow).
    static func kind(_ ch: Character) -> String {
        switch ch {
        case "#": return "wall"
        case "~": return "water"
        case "G": return "goal"
        case "D": return "door"
        case ItemSymbol.iron: return "iron"
        case ItemSymbol.key: return "key"
        case ItemSymbol.enemy: return "enemy"
        case "^", ">", "v", "<": return "ada"
        default: return "floor"
        }
    }

    /// "Row 2: wall, Ada facing east, 3 floor squares, the goal, wall." for every row.
    static func rows(_ board: BoardView, _ t: TextContext) -> [String] {
        var lines = [t.say("level.reader.rows_intro")]
        for (index, row) in board.rows.enumerated() {
            var runs: [(kind: String, count: Int)] = []
            for ch in row {
                let kind = kind(ch)
                if kind != "ada", let last = runs.last, last.kind == kind {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append((kind, 1))
                }
            }
            let words = runs.map { run -> String in
                if run.kind == "ada" { return t.say("level.reader.cell.ada", t.say("level.facing.\(board.ada.facing.rawValue)")) }
                return run.count == 1 ? t.say("level.reader.cell.\(run.kind)")
                    : t.say("level.reader.cells.\(run.kind)", String(run.count))
            }
            lines.append(t.say("level.reader.row", String(index + 1), words.joined(separator: ", ")))
        }
        return lines
    }

    /// "Ahead of Ada: 3 free squares, then a wall." — how far `walk()` goes.
    /// The goal ends the path and is not one of its free squares (it was:
    /// "4 free squares, then the goal" on a row of 3 floor squares).
    static func pathAhead(_ board: BoardView, _ t: TextContext) -> String {
        let (dr, dc): (Int, Int)
        switch board.ada.facing {
        case .north: (dr, dc) = (-1, 0)
        case .east: (dr, dc) = (0, 1)
        case .south: (dr, dc) = (1, 0)
        case .west: (dr, dc) = (0, -1)
        }
        var free = 0
        var row = board.ada.row + dr, col = board.ada.col + dc
        var blocker = "edge"
        while let ch = cell(board, row, col) {
            let kind = kind(ch)
            if kind != "floor" && kind != "key" && kind != "goal" {
                blocker = kind
                break
            }
            if kind == "goal" {
                blocker = "goal"
                break
            }
            free += 1
            row += dr
            col += dc
        }
        let what = blocker == "edge" ? t.say("level.reader.edge") : t.say("level.reader.cell.\(blocker)")
        if blocker == "goal" && free == 0 { return t.say("level.reader.path_goal_next") }
        switch free {
        case 0: return t.say("level.reader.path_none", what)
        case 1: return t.say("level.reader.path_one", "1", what)
        default: return t.say("level.reader.path", String(free), what)
        }
    }

    /// "From Ada, the goal is 3 rows south and 4 columns east." (nil when she is on it or there is none).
    static func goalFromAda(_ board: BoardView, _ t: TextContext) -> String? {
        for (r, row) in board.rows.enumerated() {
            for (c, ch) in row.enumerated() where ch == "G" {
                guard let place = offset(down: r - board.ada.row, right: c - board.ada.col, t) else { return nil }
                return t.say("level.reader.goal_from_ada", place)
            }
        }
        return nil
    }

    /// "2 rows south and 1 column west", nil for no offset. Board directions
    /// are compass words, never left/right: those are Ada's own sides (play
    /// test, session 10: facing south, "the goal is 5 columns to the right"
    /// meant east while "Right: wall" meant Ada's right, west).
    static func offset(down: Int, right: Int, _ t: TextContext) -> String? {
        var parts: [String] = []
        if down != 0 { parts.append(distance(abs(down), down > 0 ? "south" : "north", t)) }
        if right != 0 { parts.append(distance(abs(right), right > 0 ? "east" : "west", t)) }
        return parts.isEmpty ? nil : parts.joined(separator: t.say("level.reader.and"))
    }

    private static func distance(_ n: Int, _ compass: String, _ t: TextContext) -> String {
        n == 1 ? t.say("level.reader.dir.\(compass)_one") : t.say("level.reader.dir.\(compass)", String(n))
    }

    private static func cell(_ board: BoardView, _ row: Int, _ col: Int) -> Character? {
        guard row >= 0, row < board.rows.count else { return nil }
        let line = Array(board.rows[row])
        guard col >= 0, col < line.count else { return nil }
        return line[col]
    }
}
