/// Where a player stands with one level on the map.
public enum LevelStatus: Sendable, Equatable {
    case solved
    case open
    /// Locked until the player has `xpRequired` XP in all.
    case locked(xpRequired: Int)
}

/// One world on a player's map: its levels in order with their status.
public struct WorldMap: Sendable, Equatable {
    public let world: World
    public let unlocked: Bool
    public let levels: [LevelOnMap]
}

/// A level's id and its status for one player.
public struct LevelOnMap: Sendable, Equatable {
    public let id: String
    public let status: LevelStatus
}

/// Every valid world, level and note, and the unlocking rules (SPEC §6):
/// a level opens when the player's XP reaches both its world's and its own
/// `xp_required`; solving a level unlocks its notes.
public struct LevelLibrary: Sendable {
    public let worlds: [World]
    private let levelsByID: [String: Level]
    /// Notes by id, then by language code ("en", "es").
    private let notes: [String: [String: String]]

    public init(worlds: [World], levels: [Level], notes: [String: [String: String]]) {
        self.worlds = worlds
        var byID: [String: Level] = [:]
        for level in levels where byID[level.id] == nil { byID[level.id] = level }
        levelsByID = byID
        self.notes = notes
    }

    public static let empty = LevelLibrary(worlds: [], levels: [], notes: [:])

    public func level(id: String) -> Level? { levelsByID[id] }

    /// Every level: first in world order, then any not listed in a world, by id.
    public var levels: [Level] {
        var seen = Set<String>()
        var out: [Level] = []
        for w in worlds { for id in w.levels { if let l = levelsByID[id], seen.insert(id).inserted { out.append(l) } } }
        for id in levelsByID.keys.sorted() where !seen.contains(id) { if let l = levelsByID[id] { out.append(l) } }
        return out
    }

    public var noteIDs: [String] { notes.keys.sorted() }

    /// A note's Markdown text in a language, English when that one is missing.
    public func note(id: String, language: String) -> String? {
        notes[id]?[language] ?? notes[id]?["en"]
    }

    public func world(containing levelID: String) -> World? {
        worlds.first { $0.levels.contains(levelID) }
    }

    /// The XP a player needs to open a level (its world's and its own).
    public func xpRequired(for levelID: String) -> Int {
        max(world(containing: levelID)?.xpRequired ?? 0, levelsByID[levelID]?.xpRequired ?? 0)
    }

    public func status(of levelID: String, xp: Int, solved: Set<String>) -> LevelStatus {
        if solved.contains(levelID) { return .solved }
        let need = xpRequired(for: levelID)
        return xp >= need ? .open : .locked(xpRequired: need)
    }

    /// The whole map for `levels`: every world in order with each level's status.
    public func map(xp: Int, solved: Set<String>) -> [WorldMap] {
        worlds.map { w in
            WorldMap(world: w, unlocked: xp >= w.xpRequired,
                     levels: w.levels.filter { levelsByID[$0] != nil }.map { LevelOnMap(id: $0, status: status(of: $0, xp: xp, solved: solved)) })
        }
    }

    /// Note ids unlocked by the solved levels, in the order levels are listed.
    public func unlockedNotes(solved: Set<String>) -> [String] {
        unlockedNotes(xp: nil, solved: solved)
    }

    /// Note ids readable with `xp` and `solved`: a level's notes unlock as soon
    /// as the level is open (not only once solved), so the note that explains a
    /// level's new idea can be read while working on it (issue 14).
    public func unlockedNotes(xp: Int?, solved: Set<String>) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for level in levels where solved.contains(level.id) || xp.map({ $0 >= xpRequired(for: level.id) }) == true {
            for n in level.notesUnlocked where notes[n] != nil && seen.insert(n).inserted { out.append(n) }
        }
        return out
    }
}
