/// One command a person can type: its English name, its Spanish alias, how to
/// use it and its help (catalog keys `help.<id>` / `usage.<id>`), and what it
/// does. Commands are declared in tables per context (lobby, each game, the
/// editor, the admin console) and `help` is generated from those tables.
import AulaGames

public struct Command<Context>: Sendable {
    /// Stable id; the catalog holds `usage.<id>` and `help.<id>`.
    public let id: String
    public let name: String
    public let aliases: [String]
    public let run: @Sendable (Context, Arguments) -> Void

    public init(_ id: String, _ name: String, aliases: [String], run: @escaping @Sendable (Context, Arguments) -> Void) {
        self.id = id
        self.name = name
        self.aliases = aliases
        self.run = run
    }

    public var usageKey: String { "usage.\(id)" }
    public var helpKey: String { "help.\(id)" }

    func matches(_ word: String) -> Bool { word == name || aliases.contains(word) }
}

/// The words after a command, as typed (already cleaned of control characters).
public struct Arguments: Sendable {
    public let text: String
    public let words: [String]

    public init(_ text: String) {
        self.text = text
        self.words = text.split(separator: " ").map(String.init)
    }

    public var isEmpty: Bool { words.isEmpty }
    public subscript(_ i: Int) -> String? { i < words.count ? words[i] : nil }

    /// Everything after the first `n` words, as typed.
    public func rest(after n: Int) -> String {
        var s = Substring(text)
        for _ in 0..<n {
            while s.first == " " { s = s.dropFirst() }
            while let c = s.first, c != " " { s = s.dropFirst() }
        }
        while s.first == " " { s = s.dropFirst() }
        return String(s)
    }
}

/// A context's commands, found by name or alias, case-insensitively.
public struct CommandTable<Context>: Sendable {
    public let commands: [Command<Context>]
    /// Name or alias → position of the first command answering to it: every
    /// typed line is looked up here, so a hash, not a scan.
    private let index: [String: Int]

    public init(_ commands: [Command<Context>]) {
        self.commands = commands
        var index: [String: Int] = [:]
        for (i, command) in commands.enumerated() {
            for word in [command.name] + command.aliases where index[word] == nil { index[word] = i }
        }
        self.index = index
    }

    public func find(_ word: String) -> Command<Context>? {
        find(lowercased: word.lowercased())
    }

    /// `find` for a word already lowercased (dispatch lowercases once).
    func find(lowercased word: String) -> Command<Context>? {
        index[word].map { commands[$0] }
    }

    /// Every name and alias, for "did you mean".
    public var allWords: [String] { commands.flatMap { [$0.name] + $0.aliases } }

    /// The words of one language, for "did you mean" (issue 16): an English
    /// reader typing `clear` must not be offered the Spanish `crear`. Names
    /// are English; aliases are Spanish, except a few English spellings.
    public func words(in language: Language) -> [String] {
        switch language {
        case .en: return commands.flatMap { [$0.name] + $0.aliases.filter(englishCommandAliases.contains) }
        case .es: return commands.flatMap { $0.aliases.filter { !englishCommandAliases.contains($0) && $0 != "?" } }
        }
    }

    public var entries: [HelpEntry] {
        commands.map { HelpEntry(id: $0.id, name: $0.name, aliases: $0.aliases) }
    }
}

/// Aliases that are English words, not Spanish ones (for "did you mean").
let englishCommandAliases: Set<String> = ["colour", "exit", "skip", "delete", "insert", "password", "top", "?"]

/// What `help` needs to know of a command, whatever its context.
public struct HelpEntry: Sendable {
    public let id: String
    public let name: String
    public let aliases: [String]
}

/// The "did you mean" hint: the known word closest to what was typed.
public enum Suggestion {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        // One letter is too little to guess from: `e` is one edit from `me`, `x` from `?`.
        guard w.count > 1, w.count <= 24 else { return nil }
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(w, Array(candidate))
            let limit = candidate.count <= 3 ? 1 : 2
            if d <= limit, d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Damerau-Levenshtein (with transpositions, so "jion" → "join" is 1).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}

extension Refusal {
    /// "Usage: join ROOM" — a command typed without what it needs.
    public static func usage(_ code: String, _ commandID: String) -> Refusal {
        Refusal(code, Phrase("error.usage", [Phrase.entry("usage.\(commandID)")]))
    }
}

/// A typed line split into its command word (lowercased) and the rest.
public struct TypedCommand: Sendable {
    /// The whole line without surrounding spaces, as typed (case kept).
    public let line: String
    public let word: String
    public let rest: String

    /// Nil for a blank line. Most lines (a guess, an answer) have no spaces
    /// around them, so trimming is skipped when it isn't needed.
    public init?(_ line: String) {
        let trimmed = line.utf8.first == 0x20 || line.utf8.last == 0x20 ? line.trimmingCharacters(in: " ") : line
        guard !trimmed.isEmpty else { return nil }
        self.line = trimmed
        if let space = trimmed.firstIndex(of: " ") {
            word = String(trimmed[..<space]).lowercased()
            rest = String(trimmed[trimmed.index(after: space)...]).trimmingCharacters(in: " ")
        } else {
            word = trimmed.lowercased()
            rest = ""
        }
    }
}

extension Refusal {
    /// `Unknown command "jion". Did you mean "join"? Type help.` — or without
    /// the guess when nothing is close.
    public static func unknownCommand(_ word: String, among candidates: [String]) -> Refusal {
        let shown = String(word.prefix(24))
        if let guess = Suggestion.closest(to: word, in: candidates) {
            return Refusal("unknown_command", Phrase("error.unknown_command_guess", [shown, guess]))
        }
        return Refusal(code: "unknown_command", args: [shown])
    }
}
