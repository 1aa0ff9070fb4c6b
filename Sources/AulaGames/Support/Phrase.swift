/// A sentence for a person, kept as a message-catalog key plus its arguments.
/// Game rules never format text: they return phrases, and each connection's
/// renderer looks the key up in its own language.
/// Its arguments are text shown as given, or phrases of their own (PhraseArgument.swift).
public struct Phrase: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let key: String
    public let args: [PhraseArgument]

    /// `args`: strings (always shown as they are) and `Phrase.entry(key)` arguments, mixed.
    public init(_ key: String, _ args: [any PhraseArgumentConvertible] = []) {
        self.key = key
        self.args = args.map(\.phraseArgument)
    }

    /// Arguments already typed: one array, not a list of existentials mapped
    /// into a second one (the hangman's news on every guess).
    public init(_ key: String, arguments: [PhraseArgument]) {
        self.key = key
        self.args = arguments
    }

    public var description: String {
        args.isEmpty ? key : "\(key)(\(args.map(\.description).joined(separator: ", ")))"
    }
}

/// A refusal of something a player tried: a stable snake_case `code` (used by
/// JSON mode, bots and tests) and the phrase that explains it to a person.
public struct Refusal: Error, Equatable, Sendable {
    public let code: String
    public let phrase: Phrase

    public init(_ code: String, _ phrase: Phrase) {
        self.code = code
        self.phrase = phrase
    }

    /// The common case: the catalog key is `error.<code>`.
    public init(code: String, args: [any PhraseArgumentConvertible] = []) {
        self.code = code
        self.phrase = Phrase("error.\(code)", args)
    }
}
