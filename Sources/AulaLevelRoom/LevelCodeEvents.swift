import AulaServer
import AulaGames

/// `level.code {room, lines:[{n, text}], count, statement_lines, statements, max_statements, max_lines}` —
/// the program as it stands (`list`, and after `del`, `ins`, `clear`).
/// `statements` is the exact count (null while the program does not parse);
/// `statement_lines` the editor's running estimate (lines that seem to hold
/// a statement); `max_lines` repeats `max_statements` for older clients.
public struct LevelCodeEvent: Event {
    public let room: String
    public let lines: [String]
    public let statementLines: Int
    public var statements: Int? = nil
    public let maxLines: Int

    public var name: String { "level.code" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)),
         ("lines", .array(lines.enumerated().map { .object([("n", .int($0.offset + 1)), ("text", .string($0.element))]) })),
         ("count", .int(lines.count)), ("statement_lines", .int(statementLines)),
         ("statements", statements.map { .int($0) } ?? .null), ("max_statements", .int(maxLines)), ("max_lines", .int(maxLines))]
    }

    public func text(_ t: TextContext) -> [String] {
        guard !lines.isEmpty else { return [t.say("level.code.empty")] }
        let title = statements.map { t.say($0 == 1 ? "level.code.title_exact_one" : "level.code.title_exact", String($0), String(maxLines)) }
            ?? t.say(statementLines == 1 ? "level.code.title_one" : "level.code.title", String(statementLines), String(maxLines))
        var out = [t.paint(.title, title)]
        let width = String(lines.count).count
        for (i, line) in lines.enumerated() {
            out.append(LevelCodeLineEvent.numbered(i + 1, line, width: width, t))
        }
        return out
    }
}

/// `level.code_line {room, n, text}` — one line added or changed in the
/// editor, echoed with its number.
public struct LevelCodeLineEvent: Event {
    public let room: String
    public let number: Int
    public let line: String

    public var name: String { "level.code_line" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("n", .int(number)), ("text", .string(line))]
    }

    public func text(_ t: TextContext) -> [String] { [LevelCodeLineEvent.numbered(number, line, width: 2, t)] }

    static func numbered(_ n: Int, _ line: String, width: Int, _ t: TextContext) -> String {
        LevelCodeText.numbered(n, line, width: width, t)
    }
}

/// `prompt {kind:"code_line", room, line}` — the editor waits for the next
/// line (`line`: the number it will get). Text mode shows nothing (the echo
/// says enough); reader mode says where you are.
public struct LevelCodePromptEvent: Event {
    public let room: String
    public let next: Int

    public var name: String { "prompt" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("kind", .string(PromptEvent.Kind.codeLine.rawValue)), ("room", .string(room)), ("line", .int(next))]
    }

    public func text(_ t: TextContext) -> [String] {
        t.reader ? [t.say("level.editor.prompt_reader", String(next))] : []
    }
}
