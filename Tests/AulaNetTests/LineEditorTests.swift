import Testing
import AulaTestSupport
@testable import AulaNet

/// `aula admin`'s line editor (issue 16): keys → buffer, cursor and history.
@Suite(.lab) struct LineEditorTests {
    func type(_ editor: inout LineEditor, _ text: String) {
        for c in text { _ = editor.handle(.text(c)) }
    }

    @Test func arrowsHomeEndAndBackspaceEditInThemiddle() {
        var e = LineEditor()
        type(&e, "kik Ana")
        #expect(e.cursor == 7)
        _ = e.handle(.home)
        _ = e.handle(.right); _ = e.handle(.right)
        _ = e.handle(.backspace)
        type(&e, "c")
        #expect(e.line == "kck Ana" && e.cursor == 2)
        _ = e.handle(.left)
        _ = e.handle(.delete)
        type(&e, "i")
        #expect(e.line == "kik Ana")
        _ = e.handle(.end)
        type(&e, "!")
        #expect(e.line == "kik Ana!" && e.cursor == 8)
        _ = e.handle(.left); _ = e.handle(.left)
        #expect(e.handle(.enter) == .submit("kik Ana!"))
        #expect(e.line == "" && e.cursor == 0)
        // Left at the start and right at the end stay put.
        _ = e.handle(.left)
        #expect(e.cursor == 0)
        _ = e.handle(.backspace)
        #expect(e.line == "")
    }

    @Test func upAndDownWalkTheSessionsHistoryAndGiveBackTheDraft() {
        var e = LineEditor()
        for line in ["players", "rooms", "rooms", "  "] {
            type(&e, line)
            _ = e.handle(.enter)
        }
        #expect(e.history == ["players", "rooms"])  // no repeats, no blank lines
        type(&e, "wat")
        _ = e.handle(.up)
        #expect(e.line == "rooms" && e.cursor == 5)
        _ = e.handle(.up)
        #expect(e.line == "players")
        _ = e.handle(.up)
        #expect(e.line == "players")
        _ = e.handle(.down)
        #expect(e.line == "rooms")
        _ = e.handle(.down)
        #expect(e.line == "wat")
        _ = e.handle(.down)
        #expect(e.line == "wat")
        // An edited history line is sent as edited and becomes the newest entry.
        _ = e.handle(.up)
        type(&e, " 2")
        #expect(e.handle(.enter) == .submit("rooms 2"))
        #expect(e.history == ["players", "rooms", "rooms 2"])
    }

    @Test func ctrlCClearsTheLineAndCtrlDLeavesOnlyWhenItIsEmpty() {
        var e = LineEditor()
        type(&e, "shutdown")
        #expect(e.handle(.interrupt) == .redraw)
        #expect(e.line == "" && e.cursor == 0)
        type(&e, "ab")
        _ = e.handle(.home)
        #expect(e.handle(.endOfInput) == .redraw)
        #expect(e.line == "b")
        _ = e.handle(.interrupt)
        #expect(e.handle(.endOfInput) == .leave)
    }

    @Test func aHiddenLineIsNeverKeptInTheHistory() {
        var e = LineEditor()
        e.hidden = true
        type(&e, "s3cret pass")
        #expect(e.handle(.enter) == .submit("s3cret pass"))
        #expect(e.history.isEmpty)
        _ = e.handle(.up)
        #expect(e.line == "")
    }

    @Test func theDecoderTurnsTerminalBytesIntoKeys() {
        var d = KeyDecoder()
        let keys = d.feed(Array("añ".utf8) + [0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44,
                                              0x1B, 0x5B, 0x48, 0x1B, 0x4F, 0x46, 0x1B, 0x5B, 0x33, 0x7E, 0x7F, 0x03, 0x04, 0x0D])
        #expect(keys == [.text("a"), .text("ñ"), .up, .down, .right, .left, .home, .end, .delete, .backspace,
                         .interrupt, .endOfInput, .enter])
        // A sequence split across reads is decoded once it is whole; unknown ones are swallowed.
        #expect(d.feed([0x1B, 0x5B]) == [])
        #expect(d.feed([0x31, 0x7E]) == [.home])
        #expect(d.feed([0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E, 0x78]) == [.text("x")])
        #expect(d.feed([0xC3]) == [])
        #expect(d.feed([0xA1]) == [.text("á")])
    }
}
