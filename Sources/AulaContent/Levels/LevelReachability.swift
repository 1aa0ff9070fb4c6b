import AulaGames

/// Whether Ada can reach a `G` tile from her start, on every layout of a
/// `reach_goal` level (a play-tester walled a goal off and `check-content`
/// passed it, then a class challenge ran on it).
///
/// The test is generous on purpose, so that a level it refuses is really
/// unsolvable: water and enemies never block (water costs health, enemies
/// move and can be hit); iron blocks only when `hit` is not unlocked; a door
/// opens once Ada can reach any key, when `pick` and `use` are unlocked
/// (which key, and how many doors, are not counted).
enum LevelReachability {
    /// Layouts checked at most: every layout when there are this few, else
    /// the shown one and the first ones drawn from seeds (the judge's own way).
    static let layoutLimit = 256
    /// Cells × layouts visited at most: boards are small, but a file is not.
    static let workLimit = 4_000_000

    /// The first layout on which no `G` can be reached, or nil.
    static func firstUnreachable(_ level: Level) -> LevelLayout? {
        let layouts = level.allLayouts(limit: layoutLimit)
            ?? (0..<UInt64(Judge.freshLayouts + 1)).map { level.layout(seed: $0) }
        let cells = level.boards.map { $0.reduce(0) { $0 + $1.count } }.max() ?? 0
        guard cells > 0, cells.multipliedReportingOverflow(by: layouts.count).partialValue <= workLimit else { return nil }
        return layouts.first { !reachesGoal(level, $0) }
    }

    /// A breadth-first walk from Ada's start over the tiles she can enter.
    static func reachesGoal(_ level: Level, _ layout: LevelLayout) -> Bool {
        let rows = level.boardRows(layout.board).map { Array($0) }
        let canHit = level.commands.contains("hit")
        let canOpen = level.commands.contains("pick") && level.commands.contains("use")
        let irons = Set(layout.irons), keys = Set(layout.keys)
        func tile(_ p: Position) -> Tile? {
            guard p.row >= 0, p.row < rows.count, p.col >= 0, p.col < rows[p.row].count else { return nil }
            return Tile(rawValue: rows[p.row][p.col])
        }
        let start = Position(row: level.ada.row, col: level.ada.col)
        guard tile(start) != nil else { return true }  // reported as ada_off_board
        var seen: Set<Position> = [start]
        var queue = [start], next = 0
        var doorsWaiting: [Position] = []
        var hasKey = false
        while next < queue.count {
            let here = queue[next]
            next += 1
            if tile(here) == .goal { return true }
            if keys.contains(here), !hasKey {
                hasKey = true
                if canOpen { queue += doorsWaiting; doorsWaiting = [] }
            }
            for facing in Facing.allCases {
                let there = here.moved(facing)
                guard let t = tile(there), !seen.contains(there) else { continue }
                if irons.contains(there) && !canHit { continue }
                switch t {
                case .wall: continue
                case .door:
                    guard canOpen else { continue }
                    seen.insert(there)
                    if hasKey { queue.append(there) } else { doorsWaiting.append(there) }
                case .floor, .goal, .water:
                    seen.insert(there)
                    queue.append(there)
                }
            }
        }
        return false
    }

    /// The layout in a teacher's words: its board variant (from 1) and where
    /// its random items are, as `[row, col]` like the file's `random_positions`.
    static func describe(_ layout: LevelLayout, _ level: Level) -> String {
        var parts: [String] = []
        if level.boards.count > 1 { parts.append("boards[\(layout.board)]") }
        let random = Set(level.items.compactMap { $0.randomPositions == nil ? nil : $0.kind })
        for (kind, places) in [("iron", layout.irons), ("key", layout.keys), ("enemy", layout.enemies)] where random.contains(kind) {
            parts += places.map { "\(kind) [\($0.row), \($0.col)]" }
        }
        return parts.joined(separator: ", ")
    }
}
