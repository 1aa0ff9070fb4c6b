/// Where a level's items are in one layout, and which board variant it uses.
/// Items with `random_positions` take one of them, chosen from the seed with
/// `SeededRandom`; the layout players see first is `Level.shownSeed` (0) on
/// the first board. Two random items never share a place while a free choice
/// remains.
public struct LevelLayout: Sendable, Equatable {
    public let seed: UInt64
    /// The board variant (index into `Level.boards`).
    public var board: Int
    public var irons: [Position]
    public var keys: [Position]
    public var enemies: [Position]

    public init(seed: UInt64, board: Int = 0, irons: [Position], keys: [Position], enemies: [Position]) {
        self.seed = seed; self.board = board; self.irons = irons; self.keys = keys; self.enemies = enemies
    }

    /// True when both put the same things in the same places on the same
    /// board, whatever seed or order made them.
    public func samePlaces(as other: LevelLayout) -> Bool { placeKey == other.placeKey }

    var placeKey: String {
        func sorted(_ list: [Position]) -> String { list.map { "\($0.row),\($0.col)" }.sorted().joined(separator: ";") }
        return "\(board)|\(sorted(irons))|\(sorted(keys))|\(sorted(enemies))"
    }
}

extension Level {
    /// The seed of the layout shown to players and run by `run`/`step`.
    public static let shownSeed: UInt64 = 0

    /// The items with random places, with their valid places.
    private var randomChoices: [(ItemKind, [Position])] {
        items.compactMap { item in
            guard let kind = item.itemKind, let choices = item.randomPositions else { return nil }
            let positions = choices.compactMap { $0.count == 2 ? Position(row: $0[0], col: $0[1]) : nil }
            return positions.isEmpty ? nil : (kind, positions)
        }
    }

    /// The items at fixed places, with Ada's place taken too.
    private var fixedItems: (placed: [(ItemKind, Position)], taken: Set<Position>) {
        var taken: Set<Position> = [Position(row: ada.row, col: ada.col)]
        var placed: [(ItemKind, Position)] = []
        for item in items {
            guard let kind = item.itemKind, item.randomPositions == nil, let r = item.row, let c = item.col else { continue }
            let p = Position(row: r, col: c)
            taken.insert(p)
            placed.append((kind, p))
        }
        return (placed, taken)
    }

    /// Every place a random item may take in some layout: the board shows the
    /// ones empty in the current layout as `?` (SPEC §12).
    public var randomPlaces: Set<Position> { Set(randomChoices.flatMap(\.1)) }

    private static func layout(seed: UInt64, board: Int, _ placed: [(ItemKind, Position)]) -> LevelLayout {
        LevelLayout(seed: seed, board: board,
                    irons: placed.filter { $0.0 == .iron }.map(\.1),
                    keys: placed.filter { $0.0 == .key }.map(\.1),
                    enemies: placed.filter { $0.0 == .enemy }.map(\.1))
    }

    public func layout(seed: UInt64) -> LevelLayout {
        var random = SeededRandom(seed: seed)
        var (placed, taken) = fixedItems
        // The shown layout is on the first board; others draw one (only when there are variants,
        // so single-board levels keep their layouts seed for seed).
        var board = 0
        if boards.count > 1 {
            let draw = Int(random.next() % UInt64(boards.count))
            board = seed == Level.shownSeed ? 0 : draw
        }
        for (kind, positions) in randomChoices {
            let free = positions.filter { !taken.contains($0) }
            let pool = free.isEmpty ? positions : free
            let p = pool[Int(random.next() % UInt64(pool.count))]
            taken.insert(p)
            placed.append((kind, p))
        }
        return Level.layout(seed: seed, board: board, placed)
    }

    /// Every distinct layout of the level — each board variant times each
    /// choice of every random item, two items never in one place — or nil
    /// when there are more than `limit` (or too many combinations to list:
    /// over `limit` × 64 before removing repeats). Layouts come in a fixed
    /// order; their seed is their number in it.
    public func allLayouts(limit: Int = Judge.enumerateUpTo) -> [LevelLayout]? {
        let choices = randomChoices
        let (fixed, fixedTaken) = fixedItems
        var combinations = max(boards.count, 1)
        for (_, positions) in choices {
            combinations = combinations.multipliedReportingOverflow(by: positions.count).partialValue
            if combinations > limit * 64 || combinations <= 0 { return nil }
        }
        var seen = Set<String>()
        var out: [LevelLayout] = []
        for number in 0..<combinations {
            var rest = number
            let board = rest % max(boards.count, 1)
            rest /= max(boards.count, 1)
            var taken = fixedTaken
            var placed = fixed
            var fits = true
            for (kind, positions) in choices {
                let p = positions[rest % positions.count]
                rest /= positions.count
                guard taken.insert(p).inserted else { fits = false; break }
                placed.append((kind, p))
            }
            guard fits else { continue }
            let layout = Level.layout(seed: UInt64(out.count), board: board, placed)
            guard seen.insert(layout.placeKey).inserted else { continue }
            out.append(layout)
            if out.count > limit { return nil }
        }
        return out.isEmpty ? nil : out
    }

    /// The layouts `submit` judges (SPEC §12), the shown one first: only it
    /// when nothing varies; every layout when there are at most
    /// `Judge.enumerateUpTo`; else 16 more drawn from `freshSeed` — a new one
    /// per submission, stored with the attempt so a teacher can replay it.
    /// `seed` is that fresh seed when it was used, else nil.
    public func judgeLayouts(shown: LevelLayout, freshSeed: UInt64) -> (layouts: [LevelLayout], seed: UInt64?) {
        guard hasRandomItems else { return ([shown], nil) }
        if let all = allLayouts() {
            return ([shown] + all.filter { !$0.samePlaces(as: shown) }, nil)
        }
        var random = SeededRandom(seed: freshSeed)
        let more = (0..<Judge.freshLayouts).map { _ in layout(seed: random.next()) }
        return ([shown] + more, freshSeed)
    }

    /// How many layouts `submit` judges (for messages before judging).
    public var judgedLayoutCount: Int {
        guard hasRandomItems else { return 1 }
        return allLayouts()?.count ?? Judge.freshLayouts + 1
    }
}
