/// Where a level's items are in one layout. Items with `random_positions` take
/// one of them, chosen from the seed with `SeededRandom`; the layout players
/// see first is `Level.shownSeed` (0). Two random items never share a place
/// while a free choice remains.
public struct LevelLayout: Sendable, Equatable {
    public let seed: UInt64
    public var irons: [Position]
    public var keys: [Position]
    public var enemies: [Position]
}

extension Level {
    /// The seed of the layout shown to players and run by `run`/`step`.
    public static let shownSeed: UInt64 = 0

    public func layout(seed: UInt64) -> LevelLayout {
        var random = SeededRandom(seed: seed)
        var taken: Set<Position> = [Position(row: ada.row, col: ada.col)]
        var placed: [(ItemKind, Position)] = []
        // Fixed items first, so random ones avoid them.
        for item in items {
            guard let kind = item.itemKind, item.randomPositions == nil, let r = item.row, let c = item.col else { continue }
            let p = Position(row: r, col: c)
            taken.insert(p)
            placed.append((kind, p))
        }
        for item in items {
            guard let kind = item.itemKind, let choices = item.randomPositions else { continue }
            let positions = choices.compactMap { $0.count == 2 ? Position(row: $0[0], col: $0[1]) : nil }
            guard !positions.isEmpty else { continue }
            let free = positions.filter { !taken.contains($0) }
            let pool = free.isEmpty ? positions : free
            let p = pool[Int(random.next() % UInt64(pool.count))]
            taken.insert(p)
            placed.append((kind, p))
        }
        return LevelLayout(seed: seed,
                           irons: placed.filter { $0.0 == .iron }.map(\.1),
                           keys: placed.filter { $0.0 == .key }.map(\.1),
                           enemies: placed.filter { $0.0 == .enemy }.map(\.1))
    }

    /// The seeds the judge tries: the shown one, then `count` more (1, 2, ...);
    /// only the shown one when nothing is random.
    public func judgeSeeds(_ count: Int) -> [UInt64] {
        guard hasRandomItems else { return [Level.shownSeed] }
        return [Level.shownSeed] + (0..<max(count, 0)).map { UInt64($0 + 1) }
    }
}
