/// What to say about a name followed by parentheses that hold something
/// (session 11's play test: a Spanish student's `repetir (10) {` was told
/// that "repetir() takes nothing between its parentheses", and `jump(3);`
/// the same, while `jump();` rightly said Ada does not know "jump").
extension Parser {
    /// Words a student may write for one of the language's own (which are
    /// English, SPEC §6): the Spanish words, and loop words of other languages.
    /// Only followed by `( … ) {` do they read as that structure.
    static let structureWords: [String: (keyword: String, spanish: Bool)] = [
        "repetir": ("repeat", true), "repite": ("repeat", true), "bucle": ("repeat", true),
        "mientras": ("while", true), "si": ("if", true), "para": ("for", true),
        "loop": ("repeat", false),
    ]

    /// The names of the program's own procedures (`void name()` anywhere at the
    /// top level: a call may come before the procedure). Only read to word an error.
    var declaredProcedures: [String] {
        var names: [String] = []
        for i in tokens.indices.dropLast() where tokens[i].kind == .name && tokens[i].text == "void" {
            if tokens[i + 1].kind == .name, !names.contains(tokens[i + 1].text) { names.append(tokens[i + 1].text) }
        }
        return names
    }

    /// `walk(3);` or a procedure's `dance(2);`: nothing goes between the
    /// parentheses. Any other name is first of all unknown (with "did you
    /// mean …?"), as it is without the value. `name` is the called name.
    func valueInParentheses(_ name: Token, spelling: Spelling) -> SyntaxError {
        let procedures = declaredProcedures
        if Parser.actionNames[name.text] != nil || procedures.contains(name.text) {
            return error("call_takes_nothing", peek, [name.text])
        }
        return LanguageHelp.unknownCommand(name.text, line: name.line, column: name.column, spelling: spelling,
                                           procedures: procedures)
    }

    /// `repetir (10) {`, `mientras (look() != WALL) {`, `loop (3) {`: a loop or
    /// a choice written with a word the language does not have. Says the
    /// language's word and the line as it would be written with it. Nil when
    /// the current name is not such a word, is one of the program's
    /// procedures, or is not followed by `( … ) {`.
    func structureWordHint(_ word: Token) -> SyntaxError? {
        guard let known = Parser.structureWords[word.text], !declaredProcedures.contains(word.text) else { return nil }
        // The parentheses after the word, matched (the program's token cap bounds the walk).
        var depth = 0
        var i = index + 1
        var close: Token?
        while i < tokens.count, tokens[i].kind != .end {
            let t = tokens[i]
            if t.kind == .symbol && t.text == "(" { depth += 1 }
            if t.kind == .symbol && t.text == ")" {
                depth -= 1
                if depth == 0 { close = t; break }
            }
            i += 1
        }
        guard let close, i + 1 < tokens.count, tokens[i + 1].kind == .symbol, tokens[i + 1].text == "{" else { return nil }
        let written = known.keyword + " " + text(from: tokens[index + 1], to: close) + " {"
        let key = known.spanish ? "level.syntax.keyword_in_english" : "level.syntax.keyword_unknown"
        return SyntaxError(line: word.line, column: word.column,
                           phrase: Phrase(key, ["\(word.line)", "\(word.column)", word.text, known.keyword, written]))
    }
}
