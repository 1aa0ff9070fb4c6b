import AulaGames

/// Something that happened, for one or many connections. Each event knows its
/// JSON form (name + fields, SPEC §3 / docs/protocol.md) and its text form; a
/// connection's `Renderer` picks one and applies language, colour, reader mode
/// and width. Game rules never see this: the server turns their results into events.
public protocol Event {
    /// The `ev` name in JSON mode, e.g. `welcome`, `hangman.state`.
    var name: String { get }
    /// The JSON fields after `ev`, in documented order. Human-readable fields
    /// (`message`, `text`) are in the connection's language, hence the context.
    func fields(_ t: TextContext) -> [(String, JSON)]
    /// The same fields written into a JSON line (default: from `fields`;
    /// a `SelfWritingEvent` writes them directly and records `fields` from it).
    func writeFields(_ t: TextContext, into fields: inout JSONFields)
    /// The lines a person reads (no line endings; wrapped later).
    func text(_ t: TextContext) -> [String]
}

/// What a text renderer knows about the reader: their language, whether they
/// use a screen reader, whether colour is wanted, and how wide their screen is.
public struct TextContext {
    public let language: Language
    public let reader: Bool
    public let color: Bool
    public let width: Int
    let catalog: Catalog

    public init(language: Language, reader: Bool, color: Bool, width: Int, catalog: Catalog = .shared) {
        self.language = language
        self.reader = reader
        self.color = color
        self.width = width
        self.catalog = catalog
    }

    /// A catalog message in the reader's language.
    public func say(_ key: String, _ args: any PhraseArgumentConvertible...) -> String {
        spoken(catalog.text(Phrase(key, args), language))
    }

    public func say(_ phrase: Phrase) -> String {
        spoken(catalog.text(phrase, language))
    }

    /// In reader mode a dash between parts is said as a pause, not read
    /// aloud as a symbol ("1. Sofía — 10 puntos" → "1. Sofía, 10 puntos").
    func spoken(_ text: String) -> String {
        guard reader, text.contains(" — ") else { return text }
        return text.replacing(" — ", with: ", ")
    }

    /// Colours a piece of text when the reader wants colour (never in reader mode).
    public func paint(_ style: Style, _ text: String) -> String {
        guard color, !reader, !text.isEmpty else { return text }
        return style.ansi + text + Style.reset
    }
}

/// The few colours we use, named by meaning rather than by hue.
public enum Style: Sendable {
    case title, good, bad, warn, dim, name, code

    var ansi: String {
        switch self {
        case .title: return "\u{1B}[1m"
        case .good: return "\u{1B}[32m"
        case .bad: return "\u{1B}[31m"
        case .warn: return "\u{1B}[33m"
        case .dim: return "\u{1B}[2m"
        case .name: return "\u{1B}[36m"
        case .code: return "\u{1B}[35m"
        }
    }

    static let reset = "\u{1B}[0m"
}
