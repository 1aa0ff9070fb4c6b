/// One argument of a phrase, typed so that text is never taken for a catalog key.
///
/// A `String` given as an argument is always `.text`: shown exactly as it is,
/// whoever wrote it (a student's name, chat, a guessed word, an answer, a file
/// name). Only `.phrase` is looked up, and a phrase can only be made by code
/// (`Phrase.entry("usage.say")`), so a student who types `error.server_full`
/// sees `error.server_full` — by construction, not because a marker was cleaned
/// out of what they typed (issue 18, "typed channels").
public enum PhraseArgument: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// Shown as it is, never looked up.
    case text(String)
    /// A catalog entry of its own (with its own arguments), in the reader's language:
    /// e.g. a usage line inside "Usage: {0}".
    case phrase(Phrase)

    /// A literal in code is text, like any other string.
    public init(stringLiteral value: String) { self = .text(value) }

    public var description: String {
        switch self {
        case .text(let text): return text
        case .phrase(let phrase): return phrase.description
        }
    }
}

/// What may be given as a phrase argument: a `String` (always text) or a
/// `PhraseArgument`. Lets one array mix them: `[player.name, Phrase.entry(key)]`.
public protocol PhraseArgumentConvertible {
    var phraseArgument: PhraseArgument { get }
}

extension String: PhraseArgumentConvertible {
    public var phraseArgument: PhraseArgument { .text(self) }
}

extension Substring: PhraseArgumentConvertible {
    public var phraseArgument: PhraseArgument { .text(String(self)) }
}

extension PhraseArgument: PhraseArgumentConvertible {
    public var phraseArgument: PhraseArgument { self }
}

extension Phrase {
    /// An argument that is itself a catalog entry, translated into the reader's
    /// language (e.g. a usage line inside "Usage: {0}"). The only way an argument
    /// is ever looked up.
    public static func entry(_ key: String) -> PhraseArgument { .phrase(Phrase(key)) }
}
