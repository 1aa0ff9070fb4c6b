import AulaServer
import AulaGames

/// `level.around {room, ahead, left, right, behind, steps_to_wall, goal, items}`
/// — `around` (`alrededor`) in a level room (issue 16): what touches Ada on
/// each side, how many free squares she can walk ahead, and where the goal and
/// the items are from her. A blind student asks this before each turn instead
/// of reading the whole board again; the words are LevelBoardReader's.
/// Sides are cell kinds (`wall`, `floor`, `goal`, `water`, `door`, `iron`,
/// `key`, `enemy`) or `edge`; `goal` and each item are `{down, right}` offsets
/// from Ada (negative: up / left), `goal` null when there is none or she is on it.
public struct LevelAroundEvent: Event {
    public let room: String
    public let board: BoardView
    /// Where this board is in time, when it is not the start: after a
    /// finished run or step-through (LevelRoomGame.nowBoard).
    var note: Phrase?

    public init(room: String, board: BoardView) {
        self.room = room
        self.board = board
    }

    public var name: String { "level.around" }

    static let keys = ["usage.level.around", "help.level.around", "level.around.position", "level.around.other_sides",
                       "level.around.item", "level.around.after_run"]

    /// Ahead, left, right, behind as (row, column) steps.
    var directions: [(dr: Int, dc: Int)] {
        let ahead: (Int, Int)
        switch board.ada.facing {
        case .north: ahead = (-1, 0)
        case .east: ahead = (0, 1)
        case .south: ahead = (1, 0)
        case .west: ahead = (0, -1)
        }
        let (dr, dc) = ahead
        return [(dr, dc), (-dc, dr), (dc, -dr), (-dr, -dc)]
    }

    func cell(_ row: Int, _ col: Int) -> String {
        guard row >= 0, row < board.rows.count else { return "edge" }
        let line = Array(board.rows[row])
        guard col >= 0, col < line.count else { return "edge" }
        return LevelBoardReader.kind(line[col])
    }

    var sides: [String] { directions.map { cell(board.ada.row + $0.dr, board.ada.col + $0.dc) } }

    /// Free squares ahead before anything Ada cannot walk onto (the goal counts as free).
    var stepsToWall: Int {
        let (dr, dc) = directions[0]
        var n = 0
        var row = board.ada.row + dr, col = board.ada.col + dc
        while ["floor", "key", "goal"].contains(cell(row, col)), n < 1000 {
            n += 1
            row += dr
            col += dc
        }
        return n
    }

    /// Every goal and item with its offset from Ada, top to bottom.
    var things: [(kind: String, down: Int, right: Int)] {
        var found: [(String, Int, Int)] = []
        for (r, row) in board.rows.enumerated() {
            for (c, ch) in row.enumerated() {
                let kind = LevelBoardReader.kind(ch)
                guard ["goal", "key", "iron", "enemy", "door"].contains(kind) else { continue }
                found.append((kind, r - board.ada.row, c - board.ada.col))
            }
        }
        return found
    }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        let s = sides
        let goal = things.first { $0.kind == "goal" && ($0.down != 0 || $0.right != 0) }
        return [("room", .string(room)), ("ahead", .string(s[0])), ("left", .string(s[1])), ("right", .string(s[2])),
                ("behind", .string(s[3])), ("steps_to_wall", .int(stepsToWall)),
                ("goal", goal.map { .object([("down", .int($0.down)), ("right", .int($0.right))]) } ?? .null),
                ("items", .array(things.filter { $0.kind != "goal" }.map {
                    .object([("kind", .string($0.kind)), ("down", .int($0.down)), ("right", .int($0.right))])
                }))]
    }

    /// The same words in text and reader mode: there is nothing to draw.
    /// Ada's own sides say left and right; where things are on the board says
    /// north, south, east and west (LevelBoardReader.offset). What is ahead is
    /// said once, by the free path (it was "Ahead: floor." and then "Ahead of
    /// Ada: 3 free squares" — session 10's play test).
    public func text(_ t: TextContext) -> [String] {
        let words = sides.map { $0 == "edge" ? t.say("level.reader.edge") : t.say("level.reader.cell.\($0)") }
        var lines = [
            t.say("level.around.position", String(board.ada.row + 1), String(board.ada.col + 1),
                  t.say("level.facing.\(board.ada.facing.rawValue)")),
            LevelBoardReader.pathAhead(board, t),
            t.say("level.around.other_sides", words[1], words[2], words[3]),
        ]
        if let goal = LevelBoardReader.goalFromAda(board, t) { lines.append(goal) }
        for item in things where item.kind != "goal" {
            guard let offset = LevelBoardReader.offset(down: item.down, right: item.right, t) else { continue }
            lines.append(t.say("level.around.item", t.say("level.reader.cell.\(item.kind)"), offset))
        }
        if let note { lines.append(t.say(note)) }
        return lines
    }
}
