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
        self = BoardState(level: level, board: layout.board).placing(layout)
    }

    /// Board variant `board` of the level with Ada at her start and no items:
    /// what every layout on that board starts from. The judge makes it once
    /// per variant and places each layout's items on a copy (issue 20).
    init(level: Level, board index: Int) {
        let board = level.boardRows(index)
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
    }

    /// This blank board with a layout's items placed (a layout on this board variant).
    func placing(_ layout: LevelLayout) -> BoardState {
        var state = self
        for p in layout.irons { if let i = index(p), !state.iron[i] { state.iron[i] = true; state.ironLeft += 1 } }
        for p in layout.keys { if let i = index(p), !state.keys[i] { state.keys[i] = true; state.keysLeft += 1 } }
        for p in layout.enemies where index(p) != nil && !state.enemies.contains(where: { $0.at == p }) { state.enemies.append(Enemy(at: p)) }
        return state
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

    /// Does one action and tells what happened (`ActionResult.phrase` words
    /// it): no phrase is built for the judge, which shows none of its actions.
    mutating func act(_ action: Action) -> ActionResult {
        switch action {
        case .turnLeft:
            facing = facing.left
            return .done
        case .turnRight:
            facing = facing.right
            return .done
        case .walk:
            let next = ahead
            switch sight(at: next) {
            case .wall: return .bumpWall
            case .iron: return .bumpIron
            case .door: return .bumpDoor
            case .enemy: return .bumpEnemy
            case .water:
                ada = next
                health -= 1
                return .water
            case .empty, .key, .goal:
                ada = next
                return .done
            }
        case .hit:
            let target = ahead
            if let e = enemies.firstIndex(where: { $0.at == target }) {
                enemies.remove(at: e)
                return .defeatedEnemy
            }
            if let i = index(target), iron[i] {
                iron[i] = false
                ironLeft -= 1
                return .brokeIron
            }
            health -= 1
            // Say what was really hit: a wall ahead is not "the air".
            return sight(at: target) == .wall ? .hitWall : .hitAir
        case .pick:
            guard let i = index(ada), keys[i] else {
                // Like hitting the air: bending down for nothing costs health, so
                // pick() on every tile is not a shortcut past looking (issue 14, w3-06).
                health -= 1
                return .nothingToPick
            }
            keys[i] = false
            keysLeft -= 1
            keysHeld += 1
            return .pickedKey
        case .use:
            guard let i = index(ahead), tiles[i] == .door else { return .nothingToUse }
            guard keysHeld > 0 else { return .doorLocked }
            keysHeld -= 1
            tiles[i] = .floor
            return .openedDoor
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
                let rowStep = dr == 0 ? nil : Position(row: e.at.row + (dr > 0 ? 1 : -1), col: e.at.col)
                let colStep = dc == 0 ? nil : Position(row: e.at.row, col: e.at.col + (dc > 0 ? 1 : -1))
                let (first, second) = abs(dc) > abs(dr) ? (colStep, rowStep) : (rowStep, colStep)
                if let to = first, enemyMayEnter(to) {
                    e.at = to
                } else if let to = second, enemyMayEnter(to) {
                    e.at = to
                }
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

/// What one action did, as `BoardState.act` tells it; `phrase` words it for the trace.
enum ActionResult: Sendable {
    /// A turn, or a walk onto an empty place, a key or the goal.
    case done
    case bumpWall, bumpIron, bumpDoor, bumpEnemy, water
    case defeatedEnemy, brokeIron, hitWall, hitAir
    case nothingToPick, pickedKey, nothingToUse, doorLocked, openedDoor

    var ok: Bool {
        switch self {
        case .done, .defeatedEnemy, .brokeIron, .pickedKey, .openedDoor: return true
        default: return false
        }
    }

    /// What the trace says (`line` is the action's line), nil for a plain move.
    func phrase(line: Int) -> Phrase? {
        let key: String
        switch self {
        case .done: return nil
        case .bumpWall: key = "level.step.bump.wall"
        case .bumpIron: key = "level.step.bump.iron"
        case .bumpDoor: key = "level.step.bump.door"
        case .bumpEnemy: key = "level.step.bump.enemy"
        case .water: key = "level.step.water"
        case .defeatedEnemy: key = "level.step.defeated_enemy"
        case .brokeIron: key = "level.step.broke_iron"
        case .hitWall: key = "level.step.hit_wall"
        case .hitAir: key = "level.step.hit_air"
        case .nothingToPick: key = "level.step.nothing_to_pick"
        case .pickedKey: key = "level.step.picked_key"
        case .nothingToUse: key = "level.step.nothing_to_use"
        case .doorLocked: key = "level.step.door_locked"
        case .openedDoor: key = "level.step.opened_door"
        }
        return Phrase(key, ["\(line)"])
    }
}
