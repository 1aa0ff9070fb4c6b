/// A level note's Markdown for a terminal (issue 16). A screen reader reads
/// `**`, backticks and fences aloud as symbols, so reader mode turns them into
/// words: headings become plain lines, a code block is introduced as
/// "Example:" and closed with "End of example.", list marks and inline marks
/// go. Colour mode turns the marks into styles (bold, code colour, indented
/// code blocks); plain text mode keeps the Markdown, which reads well as is.
enum LevelNoteText {
    static let keys = ["level.note.example", "level.note.example_end"]

    static func lines(_ markdown: String, _ t: TextContext) -> [String] {
        var lines: [String] = []
        var inCode = false
        var screenOnly = false
        for raw in paragraphs(markdown) {
            let line = String(raw).trimmingCharacters(in: "\r")
            let trimmed = line.trimmingCharacters(in: " ")
            if !inCode, let marker = comment(trimmed) {
                // `<!-- screen -->`: the next paragraph is about the drawn board;
                // `<!-- reader: … -->`: said instead in reader mode (session 10:
                // "The board shows Ada as ^ > v <" was read aloud as symbols).
                if marker == "screen" { screenOnly = t.reader }
                if t.reader, marker.hasPrefix("reader:") {
                    lines.append(inline(String(marker.dropFirst("reader:".count)).trimmingCharacters(in: " "), t))
                }
                continue
            }
            if screenOnly {
                if !trimmed.isEmpty { screenOnly = false }
                continue
            }
            if trimmed.hasPrefix("```") {
                inCode.toggle()
                if t.reader { lines.append(t.say(inCode ? "level.note.example" : "level.note.example_end")) }
                else if !t.color { lines.append(line) }
                continue
            }
            if inCode {
                lines.append(t.reader || !t.color ? line : "    " + t.paint(.code, line))
                continue
            }
            if trimmed.hasPrefix("#") {
                let heading = String(trimmed.drop { $0 == "#" }).trimmingCharacters(in: " ")
                lines.append(t.paint(.title, t.reader || t.color ? inline(heading, t) : heading))
                continue
            }
            guard t.reader || t.color else {
                lines.append(line)
                continue
            }
            var text = line
            if t.reader, let item = listItem(trimmed) { text = item }
            lines.append(inline(text, t))
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The note's lines with each paragraph (and each list item) on one line,
    /// so the screen's own wrapping is the only one: the file's line breaks,
    /// kept, gave ragged text at 40 columns ("Ada las ejecuta de una / en una,
    /// / de arriba abajo." — a play test). Code blocks, headings, blank lines
    /// and list marks keep their lines.
    static func paragraphs(_ markdown: String) -> [String] {
        var out: [String] = []
        var inCode = false
        var joinable = false  // the last line is prose that the next may continue
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw).trimmingCharacters(in: "\r")
            let trimmed = line.trimmingCharacters(in: " ")
            if trimmed.hasPrefix("```") {
                inCode.toggle()
                out.append(line)
                joinable = false
                continue
            }
            if inCode || trimmed.isEmpty || trimmed.hasPrefix("#") || comment(trimmed) != nil {
                out.append(line)
                joinable = false
                continue
            }
            if joinable, listItem(trimmed) == nil, let last = out.last {
                out[out.count - 1] = last + " " + trimmed
            } else {
                out.append(line)
            }
            joinable = true
        }
        return out
    }

    /// The words of an HTML comment line (`<!-- screen -->` → "screen"), nil for any other line.
    static func comment(_ line: String) -> String? {
        guard line.hasPrefix("<!--"), line.hasSuffix("-->"), line.count >= 7 else { return nil }
        return String(line.dropFirst(4).dropLast(3)).trimmingCharacters(in: " ")
    }

    /// "- x", "* x", "+ x" → "x" (one item per line already tells a list).
    static func listItem(_ line: String) -> String? {
        for mark in ["- ", "* ", "+ "] where line.hasPrefix(mark) { return String(line.dropFirst(2)) }
        return nil
    }

    /// `code`, **bold**, __bold__ and *emphasis*: words only for the reader,
    /// styles in colour.
    static func inline(_ text: String, _ t: TextContext) -> String {
        var out = ""
        var rest = Substring(text)
        while let first = rest.first {
            if first == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                let code = String(rest[rest.index(after: rest.startIndex)..<end])
                out += t.reader ? code : t.paint(.code, code)
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("**") || rest.hasPrefix("__"), let end = rest.dropFirst(2).range(of: String(rest.prefix(2))) {
                let strong = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])
                out += t.reader ? strong : t.paint(.title, strong)
                rest = rest[end.upperBound...]
            } else if first == "*", rest.count > 1, rest.dropFirst().first != " ",
                      let end = rest.dropFirst().firstIndex(of: "*") {
                out += String(rest[rest.index(after: rest.startIndex)..<end])
                rest = rest[rest.index(after: end)...]
            } else {
                out.append(first)
                rest = rest.dropFirst()
            }
        }
        return out
    }
}
