/// A place on the board: row and column counted from 0 (people see them from 1).
public struct Position: Hashable, Sendable, Codable {
    public var row: Int
    public var col: Int
    public init(row: Int, col: Int) { self.row = row; self.col = col }

    public func moved(_ facing: Facing) -> Position {
        switch facing {
        case .north: return Position(row: row - 1, col: col)
        case .east: return Position(row: row, col: col + 1)
        case .south: return Position(row: row + 1, col: col)
        case .west: return Position(row: row, col: col - 1)
        }
    }

    /// Steps along rows plus steps along columns.
    public func distance(to other: Position) -> Int { abs(row - other.row) + abs(col - other.col) }
}

/// Which way Ada looks; the file spells it `N`, `E`, `S`, `W`.
public enum Facing: String, Sendable, CaseIterable, Codable {
    case north = "N", east = "E", south = "S", west = "W"

    /// The arrow drawn on the board for Ada.
    public var arrow: Character {
        switch self {
        case .north: return "^"
        case .east: return ">"
        case .south: return "v"
        case .west: return "<"
        }
    }

    public var left: Facing {
        switch self {
        case .north: return .west
        case .west: return .south
        case .south: return .east
        case .east: return .north
        }
    }

    public var right: Facing {
        switch self {
        case .north: return .east
        case .east: return .south
        case .south: return .west
        case .west: return .north
        }
    }
}

/// The tiles a board row may hold (items live in `items`, not in rows).
public enum Tile: Character, Sendable, CaseIterable {
    case wall = "#", floor = ".", water = "~", goal = "G", door = "D"
}

/// What `look()` can report about the tile ahead — the program's `Tile.X` values.
public enum Sight: Int, Sendable, CaseIterable {
    case empty, wall, water, iron, key, door, enemy, goal

    /// The constant's name in programs (`IRON`, `Tile.IRON`).
    public var name: String {
        switch self {
        case .empty: return "EMPTY"
        case .wall: return "WALL"
        case .water: return "WATER"
        case .iron: return "IRON"
        case .key: return "KEY"
        case .door: return "DOOR"
        case .enemy: return "ENEMY"
        case .goal: return "GOAL"
        }
    }

    public init?(name: String) {
        // Every tile name starts with a capital A–Z; a name starting with any
        // other ASCII character cannot equal one (an ASCII first scalar stays
        // first under normalization), so most names are refused without the
        // eight comparisons (issue 20: variables, commands and sensors pass here).
        if let first = name.utf8.first, first < 0x80, first < 0x41 || first > 0x5A { return nil }
        guard let found = Sight.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    /// The lower-case word used in phrase keys (`level.sight.iron`).
    public var word: String { name.lowercased() }
}

/// The symbols drawn for items on top of tiles (documented for players in the legend).
public enum ItemSymbol {
    public static let iron: Character = "I"
    public static let key: Character = "k"
    public static let enemy: Character = "E"
    /// A place where a random item may be in other layouts (SPEC §12).
    public static let maybe: Character = "?"
}
