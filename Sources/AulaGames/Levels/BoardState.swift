/// The board while a program runs: tiles, items, enemies and Ada. Its rules are
/// the world's turn: one action of Ada, then every enemy's move. Any `Level`
/// value is safe here (ragged rows or places off the board count as walls),
/// even one the loader would refuse.
public struct BoardState: Sendable {
    /// An enemy and whether it is ready to strike (it was already next to Ada).
    struct Enemy: Sendable, Equatable {
        var at: Position
        var ready = false
    }

    public let width: Int
    public let height: Int
    var tiles: [Tile]
    var iron: [Bool]
    var keys: [Bool]
    var enemies: [Enemy]
    public private(set) var ada: Position
    public private(set) var facing: Facing
    public private(set) var health: Int
    public private(set) var keysHeld = 0
    public private(set) var ironLeft = 0
    public private(set) var keysLeft = 0
    public var enemiesLeft: Int { enemies.count }

    /// Places where a random item may be in other layouts (drawn `?` when empty).
    public let maybe: Set<Position>

    public init(level: Level, layout: LevelLayout) {
        let board = level.boardRows(layout.board)
        height = board.count
        width = board.map(\.count).max() ?? 0
        var tiles: [Tile] = []
        tiles.reserveCapacity(width * height)
        for row in board {
            let chars = Array(row)
            for c in 0..<width { tiles.append(c < chars.count ? (Tile(rawValue: chars[c]) ?? .wall) : .wall) }
        }
        self.tiles = tiles
        maybe = level.hasRandomItems ? level.randomPlaces : []
        iron = Array(repeating: false, count: width * height)
        keys = Array(repeating: false, count: width * height)
        enemies = []
        ada = Position(row: level.ada.row, col: level.ada.col)
        facing = Facing(rawValue: level.ada.facing) ?? .east
        health = max(level.ada.health, 1)
        for p in layout.irons { if let i = index(p), !iron[i] { iron[i] = true; ironLeft += 1 } }
        for p in layout.keys { if let i = index(p), !keys[i] { keys[i] = true; keysLeft += 1 } }
        for p in layout.enemies where index(p) != nil && !enemies.contains(where: { $0.at == p }) { enemies.append(Enemy(at: p)) }
    }

    // MARK: - Looking at the board

    func index(_ p: Position) -> Int? {
        guard p.row >= 0, p.row < height, p.col >= 0, p.col < width else { return nil }
        return p.row * width + p.col
    }

    public func tile(at p: Position) -> Tile { index(p).map { tiles[$0] } ?? .wall }
    public func hasIron(at p: Position) -> Bool { index(p).map { iron[$0] } ?? false }
    public func hasKey(at p: Position) -> Bool { index(p).map { keys[$0] } ?? false }
    public func hasEnemy(at p: Position) -> Bool { enemies.contains { $0.at == p } }

    /// What `look()` reports about a place: enemies first, then items, then the tile.
    public func sight(at p: Position) -> Sight {
        guard let i = index(p) else { return .wall }
        if hasEnemy(at: p) { return .enemy }
        if iron[i] { return .iron }
        if keys[i] { return .key }
        switch tiles[i] {
        case .wall: return .wall
        case .floor: return .empty
        case .water: return .water
        case .goal: return .goal
        case .door: return .door
        }
    }

    public var ahead: Position { ada.moved(facing) }
    public func look() -> Sight { sight(at: ahead) }

    /// `listen()`: enemies within two steps (rows plus columns) of Ada.
    public func listen() -> Int { enemies.reduce(0) { $0 + ($1.at.distance(to: ada) <= 2 ? 1 : 0) } }

    public func holds(_ goal: LevelGoal) -> Bool {
        switch goal {
        case .reachGoal: return tile(at: ada) == .goal
        case .breakIron: return ironLeft == 0
        case .collectKeys: return keysLeft == 0
        case .defeatEnemies: return enemies.isEmpty
        }
    }

    // MARK: - Ada's turn

    /// Does one action; returns whether it went well and what happened.
    /// `line` is only used in the phrases.
    mutating func perform(_ action: Action, line: Int) -> (ok: Bool, message: Phrase?) {
        let l = "\(line)"
        switch action {
        case .turnLeft:
            facing = facing.left
            return (true, nil)
        case .turnRight:
            facing = facing.right
            return (true, nil)
        case .walk:
            let next = ahead
            switch sight(at: next) {
            case .wall: return (false, Phrase("level.step.bump.wall", [l]))
            case .iron: return (false, Phrase("level.step.bump.iron", [l]))
            case .door: return (false, Phrase("level.step.bump.door", [l]))
            case .enemy: return (false, Phrase("level.step.bump.enemy", [l]))
            case .water:
                ada = next
                health -= 1
                return (false, Phrase("level.step.water", [l]))
            case .empty, .key, .goal:
                ada = next
                return (true, nil)
            }
        case .hit:
            let target = ahead
            if let e = enemies.firstIndex(where: { $0.at == target }) {
                enemies.remove(at: e)
                return (true, Phrase("level.step.defeated_enemy", [l]))
            }
            if let i = index(target), iron[i] {
                iron[i] = false
                ironLeft -= 1
                return (true, Phrase("level.step.broke_iron", [l]))
            }
            health -= 1
            // Say what was really hit: a wall ahead is not "the air".
            return (false, Phrase(sight(at: target) == .wall ? "level.step.hit_wall" : "level.step.hit_air", [l]))
        case .pick:
            guard let i = index(ada), keys[i] else {
                // Like hitting the air: bending down for nothing costs health, so
                // pick() on every tile is not a shortcut past looking (issue 14, w3-06).
                health -= 1
                return (false, Phrase("level.step.nothing_to_pick", [l]))
            }
            keys[i] = false
            keysLeft -= 1
            keysHeld += 1
            return (true, Phrase("level.step.picked_key", [l]))
        case .use:
            guard let i = index(ahead), tiles[i] == .door else { return (false, Phrase("level.step.nothing_to_use", [l])) }
            guard keysHeld > 0 else { return (false, Phrase("level.step.door_locked", [l])) }
            keysHeld -= 1
            tiles[i] = .floor
            return (true, Phrase("level.step.opened_door", [l]))
        }
    }

    /// The enemies' turn after each action of Ada. An enemy next to Ada that
    /// was already next to her strikes (one health); one that just arrived gets
    /// ready, so Ada always has one action to hit it first; the others walk one
    /// tile towards her — the longer way first, rows before columns on a tie —
    /// over floor and goal only. Returns how many struck.
    mutating func enemiesTurn() -> Int {
        var strikes = 0
        for n in enemies.indices {
            var e = enemies[n]
            if e.at.distance(to: ada) == 1 {
                if e.ready { strikes += 1 } else { e.ready = true }
            } else {
                let dr = ada.row - e.at.row, dc = ada.col - e.at.col
                var options: [Position] = []
                let rowStep = dr == 0 ? nil : Position(row: e.at.row + (dr > 0 ? 1 : -1), col: e.at.col)
                let colStep = dc == 0 ? nil : Position(row: e.at.row, col: e.at.col + (dc > 0 ? 1 : -1))
                if abs(dc) > abs(dr) { options = [colStep, rowStep].compactMap { $0 } } else { options = [rowStep, colStep].compactMap { $0 } }
                if let to = options.first(where: { enemyMayEnter($0) }) { e.at = to }
                e.ready = e.at.distance(to: ada) == 1
            }
            enemies[n] = e
        }
        health -= strikes
        return strikes
    }

    private func enemyMayEnter(_ p: Position) -> Bool {
        guard let i = index(p), p != ada, !iron[i], !hasEnemy(at: p) else { return false }
        return tiles[i] == .floor || tiles[i] == .goal
    }
}
