/// A word, number or symbol of a program with where it starts.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable { case name, number, symbol, end }
    let kind: Kind
    let text: String
    let line: Int
    let column: Int
    /// Offsets into the program's characters, to quote a statement as written.
    let start: Int
    let end: Int
    /// The binary operator a symbol spells, found once here rather than at
    /// every precedence level of the parser (issue 20).
    var op: BinaryOperator? = nil
}

/// Splits a program into tokens, skipping `//` and `/* */` comments.
/// Both spellings share one lexer; `ada.walk` is three tokens. One algorithm
/// reads either form of `ProgramText` (bytes or Characters).
struct Lexer {
    let text: ProgramText

    init(_ source: String) { text = ProgramText(source) }

    /// Larger numbers are surely a typo; they also keep arithmetic far from overflow.
    static let biggestNumber = 1_000_000_000

    func tokens() -> Result<[Token], SyntaxError> {
        switch text {
        case .ascii(let t): return Lexer.tokens(t)
        case .characters(let t): return Lexer.tokens(t)
        }
    }

    private static func tokens<T: LexerText>(_ chars: T) -> Result<[Token], SyntaxError> {
        var out: [Token] = []
        out.reserveCapacity(min(chars.count / 3 + 16, ProgramLimits.maxTokens + 1))
        var i = 0, line = 1, column = 1
        let count = chars.count
        func advance() {
            if chars.isNewline(i) { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
        while i < count {
            if chars.isWhitespace(i) { advance(); continue }
            if chars.isSlash(i), i + 1 < count, chars.isSlash(i + 1) {
                while i < count, !chars.isNewline(i) { advance() }
                continue
            }
            if chars.isSlash(i), i + 1 < count, chars.isStar(i + 1) {
                let (l, c) = (line, column)
                advance(); advance()
                var closed = false
                while i < count {
                    if chars.isStar(i), i + 1 < count, chars.isSlash(i + 1) { advance(); advance(); closed = true; break }
                    advance()
                }
                if !closed {
                    return .failure(SyntaxError(line: l, column: c, phrase: Phrase("level.syntax.unclosed_comment", ["\(l)", "\(c)"])))
                }
                continue
            }
            let (l, c, s) = (line, column, i)
            if out.count >= ProgramLimits.maxTokens {
                return .failure(SyntaxError(line: l, column: c,
                                            phrase: Phrase("level.syntax.too_many_tokens", ["\(l)", "\(c)", "\(ProgramLimits.maxTokens)"]),
                                            code: "program_too_big"))
            }
            if chars.startsName(i) {
                while i < count, chars.continuesName(i) { advance() }
                out.append(Token(kind: .name, text: chars.string(s, i), line: l, column: c, start: s, end: i))
                continue
            }
            if chars.isDigit(i) {
                while i < count, chars.isDigit(i) { advance() }
                let text = chars.string(s, i)
                guard let value = Int(text), value <= Lexer.biggestNumber else {
                    return .failure(SyntaxError(line: l, column: c, phrase: Phrase("level.syntax.number_too_big", ["\(l)", "\(c)", text])))
                }
                out.append(Token(kind: .number, text: text, line: l, column: c, start: s, end: i))
                continue
            }
            if chars.startsPair(i) {
                advance(); advance()
                let text = chars.string(s, i)
                out.append(Token(kind: .symbol, text: text, line: l, column: c, start: s, end: i, op: chars.binaryOperator(s, i, text: text)))
                continue
            }
            if chars.isSingle(i) {
                advance()
                let text = chars.string(s, i)
                out.append(Token(kind: .symbol, text: text, line: l, column: c, start: s, end: i, op: chars.binaryOperator(s, i, text: text)))
                continue
            }
            let shown = chars.isControl(i) ? "?" : chars.string(i, i + 1)
            return .failure(SyntaxError(line: l, column: c, phrase: Phrase("level.syntax.bad_character", ["\(l)", "\(c)", shown])))
        }
        out.append(Token(kind: .end, text: "", line: line, column: column, start: count, end: count))
        return .success(out)
    }
}
