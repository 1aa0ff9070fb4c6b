/// Why a program cannot run: where (line and column, both from 1) and what was
/// found and expected, as a catalog phrase. `code` is the stable word for JSON
/// mode: `syntax_error` (the program is not well formed, or a name or a value
/// does not fit), `command_locked` (uses something the level has not unlocked),
/// `spelling_not_allowed` (C or Java style the level does not accept),
/// `too_many_statements` (more statements than the level's `max_statements`, on `submit`).
public struct SyntaxError: Error, Equatable, Sendable {
    public let line: Int
    public let column: Int
    public let phrase: Phrase
    public let code: String

    public init(line: Int, column: Int, phrase: Phrase, code: String = "syntax_error") {
        self.line = line
        self.column = column
        self.phrase = phrase
        self.code = code
    }
}
