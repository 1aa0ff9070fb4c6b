import Testing
import AulaTestSupport
@testable import AulaNet

@Suite(.lab) struct LineFramerTests {
    private func frame(_ chunks: [String], max: Int = 1024) -> [FramedLine] {
        frameBytes(chunks.map { Array($0.utf8) }, max: max)
    }

    private func frameBytes(_ chunks: [[UInt8]], max: Int = 1024) -> [FramedLine] {
        var framer = LineFramer()
        return chunks.flatMap { framer.feed($0, maxLineBytes: max) }
    }

    private func line(_ text: String) -> FramedLine { .line(Array(text.utf8)) }

    @Test func everyLineEndingIsUnderstood() {
        let lines = frameBytes([Array("lf\ncrlf\r\ncrnul\r".utf8) + [0] + Array("lone\rnext\n".utf8)])
        #expect(lines == [line("lf"), line("crlf"), line("crnul"), line("lone"), line("next")])
    }

    @Test func lineEndingsSplitAcrossReadsCountOnce() {
        #expect(frame(["hel", "lo\r", "\nwor", "ld\r"]) == [line("hello"), line("world")])
        #expect(frame(["a\r", "\n", "\r", "\n"]) == [line("a"), line("")])
    }

    @Test func unfinishedLineWaitsForItsEnd() {
        #expect(frame(["no end yet"]).isEmpty)
    }

    @Test func backspaceAndDeleteRemoveWholeCharacters() {
        #expect(frame(["cat\u{08}r\n"]) == [line("car")])
        #expect(frame(["niño\u{7F}\u{7F}ce\n"]) == [line("nice")])
        #expect(frame(["🙂\u{08}ok\n"]) == [line("ok")])
        #expect(frame(["\u{08}\u{08}x\n"]) == [line("x")])
    }

    @Test func overlongLineIsDiscardedOnceAndTheNextLineWorks() {
        let long = String(repeating: "x", count: 30)
        let lines = frame([long, long, "\nshort\n"], max: 20)
        #expect(lines == [.tooLong, line("short")])
    }

    @Test func lineOfExactlyTheLimitIsKept() {
        let exact = String(repeating: "y", count: 20)
        #expect(frame([exact + "\n"], max: 20) == [line(exact)])
        #expect(frame([exact + "z\n"], max: 20) == [.tooLong])
    }
}
