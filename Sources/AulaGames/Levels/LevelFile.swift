/// One level as written in `Levels/<world>/<id>.json` (SPEC §6), a pure value.
/// Keys are the file's snake_case names; optional fields get friendly defaults
/// so a teacher's file only needs the essentials. Spanish variants (`*_es`)
/// are optional: a missing one falls back to the English text.
public struct Level: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var titleES: String?
    public var summary: String
    public var summaryES: String?
    public var story: [StoryLine]
    /// The first (or only) board; `boards` lists every variant.
    public var board: [String]
    /// Board variants (SPEC §12 `"boards": [[rows...], ...]`): each is a
    /// layout the judge tries; a file with only `board` has one.
    public var boards: [[String]]
    public var ada: AdaStart
    public var items: [LevelItem]
    public var goal: [String]
    public var timeLimit: Int
    /// Statement limit for `submit` and par for stars (SPEC §12; the old
    /// file names `max_lines`/`par_lines` are read as these).
    public var maxStatements: Int
    public var parStatements: Int
    public var commands: [String]
    public var languages: [String]
    public var hints: [String]
    public var hintsES: [String]?
    public var notesUnlocked: [String]
    public var xpRequired: Int
    public var xpReward: Int

    enum CodingKeys: String, CodingKey {
        case id, title, summary, story, board, boards, ada, items, goal, commands, languages, hints
        case titleES = "title_es", summaryES = "summary_es", hintsES = "hints_es"
        case timeLimit = "time_limit", maxStatements = "max_statements", parStatements = "par_statements"
        case maxLines = "max_lines", parLines = "par_lines"
        case notesUnlocked = "notes_unlocked", xpRequired = "xp_required", xpReward = "xp_reward"
    }

    public init(id: String, title: String, summary: String, story: [StoryLine] = [],
                board: [String], ada: AdaStart, items: [LevelItem] = [], goal: [String],
                timeLimit: Int = 300, maxStatements: Int = 30, parStatements: Int = 5,
                commands: [String], languages: [String] = ["c", "java"], hints: [String] = [],
                notesUnlocked: [String] = [], xpRequired: Int = 0, xpReward: Int = 10,
                titleES: String? = nil, summaryES: String? = nil, hintsES: [String]? = nil, boards: [[String]]? = nil) {
        self.id = id; self.title = title; self.summary = summary; self.story = story
        self.board = boards?.first ?? board; self.boards = boards ?? [board]
        self.ada = ada; self.items = items; self.goal = goal
        self.timeLimit = timeLimit; self.maxStatements = maxStatements; self.parStatements = parStatements
        self.commands = commands; self.languages = languages; self.hints = hints
        self.notesUnlocked = notesUnlocked; self.xpRequired = xpRequired; self.xpReward = xpReward
        self.titleES = titleES; self.summaryES = summaryES; self.hintsES = hintsES
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        titleES = try c.decodeIfPresent(String.self, forKey: .titleES)
        summary = try c.decode(String.self, forKey: .summary)
        summaryES = try c.decodeIfPresent(String.self, forKey: .summaryES)
        story = try c.decodeIfPresent([StoryLine].self, forKey: .story) ?? []
        // `boards` (variants) or `board` (one); the loader reports a file with both or neither.
        if let variants = try c.decodeIfPresent([[String]].self, forKey: .boards), let first = variants.first {
            boards = variants
            board = first
        } else {
            board = try c.decode([String].self, forKey: .board)
            boards = [board]
        }
        ada = try c.decode(AdaStart.self, forKey: .ada)
        items = try c.decodeIfPresent([LevelItem].self, forKey: .items) ?? []
        goal = try c.decode([String].self, forKey: .goal)
        timeLimit = try c.decode(Int.self, forKey: .timeLimit)
        // The new names win; the old ones are still read (check-content warns).
        maxStatements = try c.decodeIfPresent(Int.self, forKey: .maxStatements) ?? c.decode(Int.self, forKey: .maxLines)
        parStatements = try c.decodeIfPresent(Int.self, forKey: .parStatements) ?? c.decode(Int.self, forKey: .parLines)
        commands = try c.decode([String].self, forKey: .commands)
        languages = try c.decodeIfPresent([String].self, forKey: .languages) ?? ["c", "java"]
        hints = try c.decodeIfPresent([String].self, forKey: .hints) ?? []
        hintsES = try c.decodeIfPresent([String].self, forKey: .hintsES)
        notesUnlocked = try c.decodeIfPresent([String].self, forKey: .notesUnlocked) ?? []
        xpRequired = try c.decodeIfPresent(Int.self, forKey: .xpRequired) ?? 0
        xpReward = try c.decodeIfPresent(Int.self, forKey: .xpReward) ?? 10
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id); try c.encode(title, forKey: .title)
        try c.encodeIfPresent(titleES, forKey: .titleES); try c.encode(summary, forKey: .summary)
        try c.encodeIfPresent(summaryES, forKey: .summaryES); try c.encode(story, forKey: .story)
        if boards.count > 1 { try c.encode(boards, forKey: .boards) } else { try c.encode(board, forKey: .board) }
        try c.encode(ada, forKey: .ada); try c.encode(items, forKey: .items); try c.encode(goal, forKey: .goal)
        try c.encode(timeLimit, forKey: .timeLimit); try c.encode(maxStatements, forKey: .maxStatements)
        try c.encode(parStatements, forKey: .parStatements); try c.encode(commands, forKey: .commands)
        try c.encode(languages, forKey: .languages); try c.encode(hints, forKey: .hints)
        try c.encodeIfPresent(hintsES, forKey: .hintsES); try c.encode(notesUnlocked, forKey: .notesUnlocked)
        try c.encode(xpRequired, forKey: .xpRequired); try c.encode(xpReward, forKey: .xpReward)
    }

    /// The old names, kept so code written against them still reads well.
    public var maxLines: Int { get { maxStatements } set { maxStatements = newValue } }
    public var parLines: Int { get { parStatements } set { parStatements = newValue } }

    /// The rows of board variant `index` (the first when out of range).
    public func boardRows(_ index: Int) -> [String] {
        index >= 0 && index < boards.count ? boards[index] : board
    }

    /// The typed goals; unknown names are left out (the loader reports them).
    public var goals: [LevelGoal] { goal.compactMap(LevelGoal.init(rawValue:)) }

    /// True when some item is placed at random, so the judge tries many layouts.
    public var hasRandomItems: Bool { items.contains { $0.randomPositions != nil } || boards.count > 1 }

    /// The level's title in a language code ("en", "es"), English when missing.
    public func title(_ language: String) -> String { language == "es" ? (titleES ?? title) : title }
    public func summary(_ language: String) -> String { language == "es" ? (summaryES ?? summary) : summary }
    public func hints(_ language: String) -> [String] { language == "es" ? (hintsES ?? hints) : hints }
}

/// One line of a level's story: who speaks and what they say.
public struct StoryLine: Codable, Sendable, Equatable {
    public var who: String
    public var text: String
    public var textES: String?

    enum CodingKeys: String, CodingKey { case who, text, textES = "text_es" }

    public init(who: String, text: String, textES: String? = nil) {
        self.who = who; self.text = text; self.textES = textES
    }

    public func text(_ language: String) -> String { language == "es" ? (textES ?? text) : text }
}

/// Where Ada starts, which way she faces, and her health.
public struct AdaStart: Codable, Sendable, Equatable {
    public var row: Int
    public var col: Int
    public var facing: String
    public var health: Int

    public init(row: Int, col: Int, facing: String = "E", health: Int = 3) {
        self.row = row; self.col = col; self.facing = facing; self.health = health
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        row = try c.decode(Int.self, forKey: .row)
        col = try c.decode(Int.self, forKey: .col)
        facing = try c.decodeIfPresent(String.self, forKey: .facing) ?? "E"
        health = try c.decodeIfPresent(Int.self, forKey: .health) ?? 3
    }
}

/// An item on the board: an iron block, a key or an enemy, at a fixed place or
/// at one of several `random_positions` chosen per layout.
public struct LevelItem: Codable, Sendable, Equatable {
    public var kind: String
    public var row: Int?
    public var col: Int?
    public var randomPositions: [[Int]]?

    enum CodingKeys: String, CodingKey { case kind, row, col, randomPositions = "random_positions" }

    public init(kind: String, row: Int, col: Int) {
        self.kind = kind; self.row = row; self.col = col; self.randomPositions = nil
    }

    public init(kind: String, randomPositions: [[Int]]) {
        self.kind = kind; self.row = nil; self.col = nil; self.randomPositions = randomPositions
    }

    public var itemKind: ItemKind? { ItemKind(rawValue: kind) }
}

/// The kinds of item a level may place.
public enum ItemKind: String, Sendable, CaseIterable, Codable {
    case iron, key, enemy
}

/// The conditions a level's `goal` can ask for; all must hold to solve it.
public enum LevelGoal: String, Sendable, CaseIterable, Codable {
    case reachGoal = "reach_goal"
    case breakIron = "break_iron"
    case collectKeys = "collect_keys"
    case defeatEnemies = "defeat_enemies"
}

/// `Levels/worlds.json`: the worlds in order.
public struct WorldList: Codable, Sendable, Equatable {
    public var worlds: [World]
    public init(worlds: [World]) { self.worlds = worlds }
}

/// A world (the seed's map or city): its levels in teaching order.
public struct World: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var titleES: String?
    public var xpRequired: Int
    public var levels: [String]

    enum CodingKeys: String, CodingKey {
        case id, title, levels
        case titleES = "title_es", xpRequired = "xp_required"
    }

    public init(id: String, title: String, xpRequired: Int = 0, levels: [String], titleES: String? = nil) {
        self.id = id; self.title = title; self.xpRequired = xpRequired; self.levels = levels; self.titleES = titleES
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        titleES = try c.decodeIfPresent(String.self, forKey: .titleES)
        xpRequired = try c.decodeIfPresent(Int.self, forKey: .xpRequired) ?? 0
        levels = try c.decode([String].self, forKey: .levels)
    }

    public func title(_ language: String) -> String { language == "es" ? (titleES ?? title) : title }
}
