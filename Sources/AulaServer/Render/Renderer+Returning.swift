/// The reading choices a connection can make at a login prompt.
struct ReadingChoices: OptionSet {
    let rawValue: UInt8
    static let language = ReadingChoices(rawValue: 1)
    static let reader = ReadingChoices(rawValue: 2)
    static let color = ReadingChoices(rawValue: 4)
    static let width = ReadingChoices(rawValue: 8)
}

extension Renderer {
    /// A student who comes back within the reconnect grace keeps the choices
    /// they made about reading (a play test: `reader on` and `lang es` were
    /// lost on every dropped connection, and the board came back as ASCII art):
    /// language, reader mode and colour, except what the new connection chose
    /// itself before logging in. The way of reading (text or JSON) belongs to
    /// the new connection. A width the student typed (`width 40`) comes back
    /// too (session 11: Ned's lines were 80 columns again); one the terminal
    /// reported belongs to that terminal. A screen reader the new client
    /// announced (TinTin++'s MTTS) keeps reader mode on.
    mutating func takeChoices(of earlier: Renderer, except chosen: ReadingChoices) {
        if !chosen.contains(.language) { language = earlier.language }
        if !chosen.contains(.reader) { reader = reader || earlier.reader }
        if !chosen.contains(.color) { color = earlier.color }
        if !chosen.contains(.width), earlier.widthTyped {
            width = earlier.width
            widthTyped = true
        }
    }
}
