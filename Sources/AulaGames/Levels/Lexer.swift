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
}

/// Splits a program into tokens, skipping `//` and `/* */` comments.
/// Both spellings share one lexer; `ada.walk` is three tokens.
struct Lexer {
    let chars: [Character]

    init(_ source: String) { chars = Array(source) }

    /// Symbols made of two characters, checked before single ones.
    private static let pairs: Set<String> = ["==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%="]
    private static let singles: Set<Character> = ["(", ")", "{", "}", ";", ".", ",", "=", "<", ">", "+", "-", "*", "/", "%", "!"]
    /// Larger numbers are surely a typo; they also keep arithmetic far from overflow.
    static let biggestNumber = 1_000_000_000

    func tokens() -> Result<[Token], SyntaxError> {
        var out: [Token] = []
        var i = 0, line = 1, column = 1
        func advance() {
            if chars[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
        while i < chars.count {
            let ch = chars[i]
            if ch.isWhitespace { advance(); continue }
            if ch == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                while i < chars.count, chars[i] != "\n" { advance() }
                continue
            }
            if ch == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                let (l, c) = (line, column)
                advance(); advance()
                var closed = false
                while i < chars.count {
                    if chars[i] == "*", i + 1 < chars.count, chars[i + 1] == "/" { advance(); advance(); closed = true; break }
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
            if ch.isLetter || ch == "_" {
                while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" { advance() }
                out.append(Token(kind: .name, text: String(chars[s..<i]), line: l, column: c, start: s, end: i))
                continue
            }
            if ch.isASCII, ch.isNumber {
                while i < chars.count, chars[i].isASCII, chars[i].isNumber { advance() }
                let text = String(chars[s..<i])
                guard let value = Int(text), value <= Lexer.biggestNumber else {
                    return .failure(SyntaxError(line: l, column: c, phrase: Phrase("level.syntax.number_too_big", ["\(l)", "\(c)", text])))
                }
                out.append(Token(kind: .number, text: text, line: l, column: c, start: s, end: i))
                continue
            }
            if i + 1 < chars.count, Lexer.pairs.contains(String([ch, chars[i + 1]])) {
                advance(); advance()
                out.append(Token(kind: .symbol, text: String(chars[s..<i]), line: l, column: c, start: s, end: i))
                continue
            }
            if Lexer.singles.contains(ch) {
                advance()
                out.append(Token(kind: .symbol, text: String(ch), line: l, column: c, start: s, end: i))
                continue
            }
            let shown = ch.isASCII && (ch.asciiValue ?? 0) < 32 ? "?" : String(ch)
            return .failure(SyntaxError(line: l, column: c, phrase: Phrase("level.syntax.bad_character", ["\(l)", "\(c)", shown])))
        }
        out.append(Token(kind: .end, text: "", line: line, column: column, start: chars.count, end: chars.count))
        return .success(out)
    }
}
