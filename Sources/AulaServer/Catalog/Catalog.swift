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
/// Templates use `{0}`, `{1}`... for the phrase's arguments in order, and
/// `{0|one|other}` for words that follow a count: `one` when argument 0 is
/// `1`, else `other` ("{0} {0|second|seconds} left", "{0|Queda|Quedan} {0}
/// {0|segundo|segundos}"; session 12: "The server closes in 1 seconds").
public struct Catalog: Sendable {
    public static let parts: [CatalogPart] = [
        CatalogParts.core, CatalogParts.hangman, CatalogParts.quiz,
        CatalogParts.level, CatalogParts.levelRoom, CatalogParts.content, CatalogParts.admin, CatalogParts.adminHelp,
        CatalogParts.lesson,
        CatalogParts.levelCourse,
        CatalogParts.moderation,
        CatalogParts.levelReader,
        CatalogParts.quizHost,
        CatalogParts.board,
        CatalogParts.wordBank,
    ]

    public static let shared = Catalog(parts: parts)

    // One stored table per language (not a dictionary of them): every
    // message sent looks a template up here.
    private let en: [String: String]
    private let es: [String: String]

    private func table(_ language: Language) -> [String: String] {
        switch language {
        case .en: return en
        case .es: return es
        }
    }

    public init(parts: [CatalogPart]) {
        var en: [String: String] = [:], es: [String: String] = [:]
        for part in parts {
            en.merge(part.en) { old, _ in old }
            es.merge(part.es) { old, _ in old }
        }
        self.en = en
        self.es = es
    }

    /// Every key known in a language (the catalog tests compare the two).
    public func keys(_ language: Language) -> Set<String> {
        Set(table(language).keys)
    }

    public func template(_ key: String, _ language: Language) -> String? {
        table(language)[key]
    }

    /// The phrase in the given language; a missing key falls back to English,
    /// then to the key itself so a gap shows up instead of a blank line.
    /// Arguments are shown as given; only a `.phrase` argument (`Phrase.entry(key)`)
    /// is translated, into the same language — text is never looked up (PhraseArgument.swift).
    public func text(_ phrase: Phrase, _ language: Language) -> String {
        let table = table(language)
        var template = table[phrase.key] ?? en[phrase.key] ?? phrase.key
        guard !phrase.args.isEmpty else { return template }
        return template.withUTF8 { bytes in
            Catalog.fill(bytes: bytes, phrase.args) { nested in text(nested, language) }
        } ?? template
    }

    public func text(_ key: String, _ language: Language, _ args: any PhraseArgumentConvertible...) -> String {
        text(Phrase(key, args), language)
    }

    /// The phrase in the given language, written as the inside of a JSON
    /// string (escaped) straight into `out`: byte for byte what escaping
    /// `text(phrase, language)` writes, without building that text (every
    /// `info` line of every guess goes through here; issue 20, fan-out).
    func writeEscaped(_ phrase: Phrase, _ language: Language, into out: inout [UInt8]) {
        var template = table(language)[phrase.key] ?? en[phrase.key] ?? phrase.key
        template.withUTF8 { bytes in
            Catalog.fill(bytes: bytes, phrase.args, escapingInto: &out) { nested, out in
                writeEscaped(nested, language, into: &out)
            }
        }
    }

    /// After a `{` at `i`, its argument number (1–3 digits): the number and the
    /// index of the byte after the digits; nil when `i` holds no `{` or no digit follows.
    private static func argumentNumber(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        guard bytes[i] == UInt8(ascii: "{") else { return nil }
        var j = i + 1
        var n = 0
        while j < bytes.count, j - i <= 3, bytes[j] >= 48, bytes[j] <= 57 {
            n = n * 10 + Int(bytes[j] - 48)
            j += 1
        }
        return j > i + 1 ? (n, j) : nil
    }

    /// The placeholder `{N}` (1–3 digits, N below `arguments`) starting at `i`: its
    /// number and the index just past its `}`; nil for any other brace.
    private static func placeholder(at i: Int, in bytes: UnsafeBufferPointer<UInt8>, arguments: Int) -> (Int, Int)? {
        guard let (n, j) = argumentNumber(at: i, in: bytes) else { return nil }
        guard j < bytes.count, bytes[j] == UInt8(ascii: "}"), n < arguments else { return nil }
        return (n, j + 1)
    }

    /// The choice `{N|one|other}` starting at `i` (neither part holds `{`, `|` or `}`):
    /// the part to write for argument N and the index just past its `}`; nil for anything else.
    private static func choice(at i: Int, in bytes: UnsafeBufferPointer<UInt8>,
                               _ args: [PhraseArgument]) -> (Range<Int>, Int)? {
        guard let (n, digitsEnd) = argumentNumber(at: i, in: bytes) else { return nil }
        var j = digitsEnd
        guard j < bytes.count, bytes[j] == UInt8(ascii: "|"), n < args.count else { return nil }
        var bars: [Int] = [j]
        j += 1
        while j < bytes.count, bytes[j] != UInt8(ascii: "}"), bytes[j] != UInt8(ascii: "{") {
            if bytes[j] == UInt8(ascii: "|") { bars.append(j) }
            j += 1
        }
        guard j < bytes.count, bytes[j] == UInt8(ascii: "}"), bars.count == 2 else { return nil }
        let isOne: Bool
        if case .text(let text) = args[n] { isOne = text == "1" } else { isOne = false }
        return (isOne ? (bars[0] + 1)..<bars[1] : (bars[1] + 1)..<j, j + 1)
    }

    /// `fill`, escaped for JSON, appended to `out`. Escaping the template's
    /// pieces and the arguments one by one gives the same bytes as escaping
    /// the filled text: each piece is whole UTF-8 (cut only at ASCII braces).
    private static func fill(bytes: UnsafeBufferPointer<UInt8>, _ args: [PhraseArgument], escapingInto out: inout [UInt8],
                             translate: (Phrase, inout [UInt8]) -> Void) {
        func literal(_ range: Range<Int>, _ out: inout [UInt8]) {
            if !range.isEmpty { JSON.writeEscaped(utf8: UnsafeBufferPointer(rebasing: bytes[range]), into: &out) }
        }
        guard !args.isEmpty else { return literal(0..<bytes.count, &out) }
        var runStart = 0
        var i = 0
        while i < bytes.count {
            if let (n, end) = placeholder(at: i, in: bytes, arguments: args.count) {
                literal(runStart..<i, &out)
                switch args[n] {
                case .text(var text): text.withUTF8 { JSON.writeEscaped(utf8: $0, into: &out) }
                case .phrase(let phrase): translate(phrase, &out)
                }
                i = end
                runStart = i
                continue
            }
            if let (part, end) = choice(at: i, in: bytes, args) {
                literal(runStart..<i, &out)
                literal(part, &out)
                i = end
                runStart = i
                continue
            }
            i += 1
        }
        literal(runStart..<bytes.count, &out)
    }

    /// Replaces `{0}`, `{1}`... with the arguments; other braces are left alone. Works
    /// on bytes: it runs for every message of every broadcast. Nil when the template
    /// has no `{`. `translate` renders a `.phrase` argument.
    private static func fill(bytes: UnsafeBufferPointer<UInt8>, _ args: [PhraseArgument],
                             translate: (Phrase) -> String) -> String? {
        guard bytes.contains(UInt8(ascii: "{")) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 32)
        var i = 0
        while i < bytes.count {
            if let (n, end) = placeholder(at: i, in: bytes, arguments: args.count) {
                switch args[n] {
                case .text(let text): out.append(contentsOf: text.utf8)
                case .phrase(let phrase): out.append(contentsOf: translate(phrase).utf8)
                }
                i = end
                continue
            }
            if let (part, end) = choice(at: i, in: bytes, args) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[part]))
                i = end
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Namespace for the catalog parts; each lives in its own file.
public enum CatalogParts {}
