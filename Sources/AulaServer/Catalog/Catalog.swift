import AulaGames

/// The languages a connection can speak.
public enum Language: String, CaseIterable, Sendable {
    case en, es
}

/// One concept's messages in both languages. Each concept (lobby, hangman,
/// quiz, level, admin, content problems...) keeps its own part in its own file,
/// so the catalogs grow without everyone editing one giant table.
public struct CatalogPart: Sendable {
    public let en: [String: String]
    public let es: [String: String]

    public init(en: [String: String], es: [String: String]) {
        self.en = en
        self.es = es
    }
}

/// The message catalogs: every user-facing string, by key, per language.
/// Templates use `{0}`, `{1}`... for the phrase's arguments in order.
public struct Catalog: Sendable {
    public static let parts: [CatalogPart] = [
        CatalogParts.core, CatalogParts.hangman, CatalogParts.quiz,
        CatalogParts.level, CatalogParts.levelRoom, CatalogParts.content, CatalogParts.admin,
    ]

    public static let shared = Catalog(parts: parts)

    private let tables: [Language: [String: String]]

    public init(parts: [CatalogPart]) {
        var en: [String: String] = [:], es: [String: String] = [:]
        for part in parts {
            en.merge(part.en) { old, _ in old }
            es.merge(part.es) { old, _ in old }
        }
        tables = [.en: en, .es: es]
    }

    /// Every key known in a language (the catalog tests compare the two).
    public func keys(_ language: Language) -> Set<String> {
        Set(tables[language]?.keys.map { $0 } ?? [])
    }

    public func template(_ key: String, _ language: Language) -> String? {
        tables[language]?[key]
    }

    /// The phrase in the given language; a missing key falls back to English,
    /// then to the key itself so a gap shows up instead of a blank line.
    public func text(_ phrase: Phrase, _ language: Language) -> String {
        let template = tables[language]?[phrase.key] ?? tables[.en]?[phrase.key] ?? phrase.key
        // An argument written `§key` is itself a catalog entry (e.g. a usage line
        // inside "Usage: {0}"), translated into the same language.
        let args = phrase.args.map { arg in
            arg.hasPrefix("§") ? (tables[language]?[String(arg.dropFirst())] ?? String(arg.dropFirst())) : arg
        }
        return Catalog.fill(template, args)
    }

    public func text(_ key: String, _ language: Language, _ args: String...) -> String {
        text(Phrase(key, args), language)
    }

    /// Replaces `{0}`, `{1}`... with the arguments; other braces are left alone.
    /// Works on bytes: it runs for every message of every broadcast.
    static func fill(_ template: String, _ args: [String]) -> String {
        guard !args.isEmpty else { return template }
        let bytes = Array(template.utf8)
        guard bytes.contains(UInt8(ascii: "{")) else { return template }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 32)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "{") {
                var j = i + 1
                var n = 0
                while j < bytes.count, j - i <= 3, bytes[j] >= 48, bytes[j] <= 57 {
                    n = n * 10 + Int(bytes[j] - 48)
                    j += 1
                }
                if j > i + 1, j < bytes.count, bytes[j] == UInt8(ascii: "}"), n < args.count {
                    out.append(contentsOf: args[n].utf8)
                    i = j + 1
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Namespace for the catalog parts; each lives in its own file.
public enum CatalogParts {}
