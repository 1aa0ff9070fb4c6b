/// How one connection wants to read: text or JSON lines, language, colour,
/// screen-reader mode, width. Turns events into the exact bytes to send —
/// every line ends with CRLF, JSON lines included (SPEC §3).
public struct Renderer: Sendable, Hashable {
    public enum Mode: String, Sendable { case text, json }

    public var mode: Mode = .text
    public var language: Language = .en
    public var color = true
    public var reader = false
    public var width = 80
    /// True when the width was typed (`width N`), not the default or what the
    /// terminal reported: it comes back with a reconnect (session 11).
    public var widthTyped = false
    /// True when the terminal reported its width (telnet NAWS).
    public var widthReported = false

    public init(language: Language = .en) {
        self.language = language
    }

    public static let minWidth = 20
    public static let maxWidth = 250
    /// The narrowest width common in the lab (a screen reader's 40-column
    /// terminal): what is said before a width is known wraps here.
    public static let narrowestCommonWidth = 40

    /// This reading before login: while no width is known (none typed, none
    /// reported) lines wrap at 40 columns, so the banner and the prompt's
    /// confirmations break between words on the narrowest screens too
    /// (session 12: "juegos d" / "e clase" at 40 columns).
    var beforeLogin: Renderer {
        guard mode == .text, !widthTyped, !widthReported, width > Self.narrowestCommonWidth else { return self }
        var narrow = self
        narrow.width = Self.narrowestCommonWidth
        return narrow
    }

    var context: TextContext {
        TextContext(language: language, reader: reader, color: color && !reader, width: width)
    }

    /// The bytes for one event, or "" when the event has nothing to show in
    /// this mode (a text event may render no lines).
    public func render(_ event: Event) -> String {
        switch mode {
        case .json:
            return String(decoding: renderBytes(event), as: UTF8.self)
        case .text:
            let ctx = context
            var out = ""
            for line in event.text(ctx) {
                for wrapped in TextWrap.wrap(line, width: width) {
                    out += wrapped
                    out += "\r\n"
                }
            }
            return out
        }
    }

    /// The same bytes as `render`, as UTF-8 ready to queue: JSON lines are
    /// written straight into a byte buffer (the hot path of every broadcast).
    public func renderBytes(_ event: Event) -> [UInt8] {
        var out: [UInt8] = []
        if mode == .json { out.reserveCapacity(512) }  // room for a `round.end` without regrowth
        render(event, into: &out)
        return out
    }

    /// Appends the event's bytes to `out`: several events for one reader go
    /// out as one buffer (a guess, its news and the new state).
    /// Generic rather than taking `any Event`: a caller with a concrete event
    /// (the hangman state on every guess) passes it without boxing it.
    public func render<E: Event>(_ event: E, into out: inout [UInt8]) {
        switch mode {
        case .json:
            var fields = JSONFields(recording: false)
            swap(&fields.bytes, &out)  // written in place, not copied
            fields.bytes.append(contentsOf: #"{"ev":"#.utf8)
            JSON.writeString(event.name, into: &fields.bytes)
            event.writeFields(context, into: &fields)
            fields.bytes.append(contentsOf: "}\r\n".utf8)
            swap(&fields.bytes, &out)
        case .text:
            out.append(contentsOf: render(event).utf8)
        }
    }
}
