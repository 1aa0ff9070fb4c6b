import Testing
import AulaTestSupport
@testable import AulaNet

/// A terminal of a fixed width, enough of a VT100 for the line editor's
/// output: printable characters (wrapping at the right edge the way xterm
/// does: the cursor waits on the last column, the next character goes to a
/// new row), CR, LF, erase to the end of the row (ESC [ K), cursor left and
/// right (ESC [ n D / C).
struct FakeTerminal {
    let columns: Int
    var rows: [[Character]] = [[]]
    var row = 0, column = 0
    private var wrapPending = false

    init(columns: Int) { self.columns = columns }

    mutating func write(_ text: String) {
        var chars = Array(text)
        while !chars.isEmpty {
            let c = chars.removeFirst()
            switch c {
            case "\r": column = 0; wrapPending = false
            case "\n": newRow()
            case "\u{1B}":
                guard chars.first == "[" else { continue }
                chars.removeFirst()
                var digits = ""
                while let d = chars.first, d.isNumber { digits.append(d); chars.removeFirst() }
                guard !chars.isEmpty else { return }
                let final = chars.removeFirst()
                let n = Int(digits) ?? 1
                switch final {
                case "K": if rows[row].count > column { rows[row].removeSubrange(column...) }
                case "D": column = max(0, column - n); wrapPending = false
                case "C": column = min(columns - 1, column + n); wrapPending = false
                default: break
                }
            default:
                if wrapPending {
                    newRow()
                    column = 0
                    wrapPending = false
                }
                while rows[row].count < column { rows[row].append(" ") }
                if rows[row].count > column { rows[row][column] = c } else { rows[row].append(c) }
                if column == columns - 1 { wrapPending = true } else { column += 1 }
            }
        }
    }

    private mutating func newRow() {
        row += 1
        if row == rows.count { rows.append([]) }
    }

    var screen: [String] { rows.map { String($0) } }
}

/// Session 11: typing past the right edge of a 40- or 100-column window
/// printed `admin> broadcast This is a long message` again for every key.
/// Keys go through the console's own pieces (KeyDecoder → LineEditor →
/// InputLineView) into a fake terminal of that width.
@Suite(.lab) struct InputLineViewTests {
    /// Types `bytes` at `prompt` on a terminal `columns` wide, redrawing after each key as `aula admin` does.
    static func typed(_ bytes: [UInt8], columns: Int, prompt: String = "admin> ")
        -> (terminal: FakeTerminal, editor: LineEditor, view: InputLineView) {
        var terminal = FakeTerminal(columns: columns)
        var decoder = KeyDecoder()
        var editor = LineEditor()
        var view = InputLineView()
        terminal.write(view.draw(prompt: prompt, line: [], cursor: 0, hidden: false, columns: columns))
        for byte in bytes {
            for key in decoder.feed([byte]) where editor.handle(key) == .redraw {
                terminal.write(view.draw(prompt: prompt, line: editor.buffer, cursor: editor.cursor,
                                         hidden: editor.hidden, columns: columns))
            }
        }
        return (terminal, editor, view)
    }

    static let message = "broadcast This is a long message for everyone: bring your pens and paper to room 3 tomorrow"

    @Test(arguments: [40, 100])
    func aLineWiderThanTheWindowStaysOnOneRow(columns: Int) {
        let long = Self.message + (columns > 40 ? " and do not forget the permission slips, please" : "")
        let (terminal, editor, _) = Self.typed(Array(long.utf8), columns: columns)
        #expect(editor.line == long)
        let prompts = terminal.screen.filter { $0.contains("admin>") }
        #expect(prompts.count == 1, "\(terminal.screen)")
        #expect(terminal.screen.count == 1, "\(terminal.screen)")
        let shown = terminal.screen[0]
        #expect(shown.count < columns)
        // The end of the line is what shows, the cursor just after it.
        #expect(shown.hasPrefix("admin> "))
        #expect(long.hasSuffix(String(shown.dropFirst("admin> ".count))), "\(shown)")
        #expect(terminal.column == shown.count)
    }

    @Test func homeShowsTheStartAndTheCursorFollowsTheKeys() {
        // Ctrl-A (home), then Right twice; then Ctrl-E (end).
        let keys = Array(Self.message.utf8) + [0x01, 0x06, 0x06]
        var (terminal, editor, view) = Self.typed(keys, columns: 40)
        #expect(terminal.screen == ["admin> " + String(Self.message.prefix(32))], "\(terminal.screen)")
        #expect(terminal.column == 7 + 2 && editor.cursor == 2)
        _ = editor.handle(.end)
        terminal.write(view.draw(prompt: "admin> ", line: editor.buffer, cursor: editor.cursor, hidden: false, columns: 40))
        #expect(terminal.screen.count == 1 && terminal.screen[0].hasSuffix("tomorrow"))
        // Backspacing from the end scrolls back, never leaving blank room while text is hidden.
        for _ in 0..<9 {
            _ = editor.handle(.backspace)
            terminal.write(view.draw(prompt: "admin> ", line: editor.buffer, cursor: editor.cursor, hidden: false, columns: 40))
        }
        #expect(terminal.screen[0].count == 39 && terminal.screen[0].hasSuffix("room 3"), "\(terminal.screen)")
    }

    @Test func aColouredPromptCountsOnlyItsVisibleColumns() {
        let prompt = "\u{1B}[1madmin>\u{1B}[0m "
        #expect(InputLineView.width(prompt) == 7)
        let (terminal, _, _) = Self.typed(Array(Self.message.utf8), columns: 40, prompt: prompt)
        #expect(terminal.screen.count == 1)
        #expect(terminal.screen[0].count <= 39, "\(terminal.screen)")
    }

    @Test func aHiddenAnswerDrawsOnlyThePrompt() {
        var view = InputLineView()
        #expect(view.draw(prompt: "Password: ", line: Array("secret"), cursor: 6, hidden: true, columns: 40)
                == "\r\u{1B}[KPassword: ")
    }
}
