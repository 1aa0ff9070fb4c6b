import AulaGames

/// One thing wrong with a content file (a Level, a world list, a deck): which
/// file, which field, and why — as a phrase, so teachers read it in their language.
/// `check-content` prints every problem; the server logs them and skips the file.
public struct ContentProblem: Equatable, Sendable, CustomStringConvertible {
    /// The path of the file, relative to the content folder when possible.
    public let file: String
    /// A JSON-path-like field name, e.g. `items[2].row` or `questions[3].answers`.
    public let field: String
    /// Why, as a catalog phrase (keys under `content.` in CatalogParts.content).
    public let reason: Phrase
    /// A warning is printed but does not make the file invalid (e.g. an old
    /// field name that is still read).
    public var isWarning = false

    public init(file: String, field: String, reason: Phrase, isWarning: Bool = false) {
        self.file = file
        self.field = field
        self.reason = reason
        self.isWarning = isWarning
    }

    public var description: String { "\(file): \(field): \(reason)" }
}
