/// One line of the board's legend: a symbol and what it means.
public struct LegendEntry: Sendable, Equatable {
    public let symbol: String
    public let phrase: Phrase
}

/// The board ready to draw — data, not text. `rows` are the tile characters
/// with items and Ada drawn in: `#` wall, `.` floor, `~` water, `G` goal,
/// `D` closed door (an opened door becomes `.`), `I` iron block, `k` key,
/// `E` enemy, `?` a place where a random item may be in another layout, and Ada as `^ > v <`. `legend` lists the symbols on this board;
/// `description` is the reader-mode board in words (rows and columns from 1).
public struct BoardView: Sendable, Equatable {
    public let rows: [String]
    public let ada: AdaState
    public let health: Int
    public let keysHeld: Int
    public let legend: [LegendEntry]
    public let description: [Phrase]

    public init(state: BoardState) {
        var grid: [[Character]] = []
        var present = Set<Character>()
        for r in 0..<state.height {
            var row: [Character] = []
            for c in 0..<state.width {
                let p = Position(row: r, col: c)
                var ch = state.tile(at: p).rawValue
                if state.hasKey(at: p) { ch = ItemSymbol.key }
                if state.hasIron(at: p) { ch = ItemSymbol.iron }
                if state.hasEnemy(at: p) { ch = ItemSymbol.enemy }
                // An empty place where a random item may be in another layout.
                if ch == Tile.floor.rawValue, state.maybe.contains(p) { ch = ItemSymbol.maybe }
                if p == state.ada { ch = state.facing.arrow }
                present.insert(ch)
                row.append(ch)
            }
            grid.append(row)
        }
        // The tile under Ada still belongs in the legend (e.g. the goal).
        present.insert(state.tile(at: state.ada).rawValue)
        rows = grid.map { String($0) }
        ada = AdaState(row: state.ada.row, col: state.ada.col, facing: state.facing)
        health = state.health
        keysHeld = state.keysHeld
        legend = BoardView.order.compactMap { symbol, key in
            present.contains(symbol) ? LegendEntry(symbol: String(symbol), phrase: Phrase("level.legend.\(key)")) : nil
        } + [LegendEntry(symbol: "^ > v <", phrase: Phrase("level.legend.ada"))]
        description = BoardView.describe(state)
    }

    static let order: [(Character, String)] = [
        ("#", "wall"), (".", "floor"), ("~", "water"), ("G", "goal"), ("D", "door"),
        (ItemSymbol.iron, "iron"), (ItemSymbol.key, "key"), (ItemSymbol.enemy, "enemy"),
        (ItemSymbol.maybe, "maybe"),
    ]

    /// "Ada is in row 2, column 3, facing east. Ahead: iron block." and then
    /// where everything that matters is, row by row.
    static func describe(_ state: BoardState) -> [Phrase] {
        func at(_ p: Position) -> [String] { ["\(p.row + 1)", "\(p.col + 1)"] }
        var out: [Phrase] = []
        let facing: String
        switch state.facing {
        case .north: facing = "north"
        case .east: facing = "east"
        case .south: facing = "south"
        case .west: facing = "west"
        }
        out.append(Phrase("level.reader.ada.\(facing)", at(state.ada)))
        out.append(Phrase("level.reader.ahead.\(state.look().word)"))
        if state.tile(at: state.ada) == .goal { out.append(Phrase("level.reader.on_goal")) }
        if state.hasKey(at: state.ada) { out.append(Phrase("level.reader.on_key")) }
        out.append(Phrase("level.reader.health", ["\(state.health)", "\(state.keysHeld)"]))
        out.append(Phrase("level.reader.size", ["\(state.height)", "\(state.width)"]))
        for r in 0..<state.height {
            for c in 0..<state.width {
                let p = Position(row: r, col: c)
                if p == state.ada { continue }
                if state.hasEnemy(at: p) { out.append(Phrase("level.reader.enemy", at(p))) }
                if state.hasIron(at: p) { out.append(Phrase("level.reader.iron", at(p))) }
                if state.hasKey(at: p) { out.append(Phrase("level.reader.key", at(p))) }
                if state.tile(at: p) == .floor, state.maybe.contains(p), !state.hasEnemy(at: p), !state.hasIron(at: p),
                   !state.hasKey(at: p) {
                    out.append(Phrase("level.reader.maybe", at(p)))
                }
                switch state.tile(at: p) {
                case .goal: out.append(Phrase("level.reader.goal", at(p)))
                case .door: out.append(Phrase("level.reader.door", at(p)))
                case .water: out.append(Phrase("level.reader.water", at(p)))
                case .wall, .floor: break
                }
            }
        }
        return out
    }
}
