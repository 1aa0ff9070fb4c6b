import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

@Suite(.lab) struct RenderTests {
    @Test func jsonEventsStartWithEvAndEndWithCRLF() {
        var r = Renderer()
        r.mode = .json
        let out = r.render(WelcomeEvent(player: "Ana \"A\"", group: "open", returning: false))
        #expect(out == "{\"ev\":\"welcome\",\"name\":\"Ana \\\"A\\\"\",\"group\":\"open\"}\r\n")
    }

    @Test func errorEventsCarryCodeAndMessageInTheConnectionsLanguage() {
        var r = Renderer(language: .es)
        r.mode = .json
        let out = r.render(ErrorEvent(code: "name_taken", "Ana"))
        #expect(out.hasPrefix("{\"ev\":\"error\",\"code\":\"name_taken\",\"message\":\"Ya hay alguien conectado con el nombre Ana."))
    }

    @Test func jsonEscapesControlCharacters() {
        #expect(JSON.string("a\u{1}b\n").serialized == "\"a\\u0001b\\n\"")
    }

    @Test func textModeEndsEveryLineWithCRLFAndColourCanBeTurnedOff() {
        var r = Renderer()
        let coloured = r.render(ErrorEvent(code: "throttled"))
        #expect(coloured.contains("\u{1B}[31m"))
        #expect(coloured.hasSuffix("\r\n"))
        r.color = false
        #expect(!r.render(ErrorEvent(code: "throttled")).contains("\u{1B}"))
        r.color = true
        r.reader = true
        #expect(!r.render(ErrorEvent(code: "throttled")).contains("\u{1B}"))
    }

    @Test func wrappingRespectsWidthAndIgnoresColourCodes() {
        let line = "one two three four five six seven eight nine ten eleven twelve"
        let wrapped = TextWrap.wrap(line, width: 20)
        #expect(wrapped.allSatisfy { $0.count <= 20 })
        // Continuation lines carry a two-space hanging indent (issue 12: no
        // wrapped text starts at column 0).
        #expect(wrapped.dropFirst().allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") })
        #expect(wrapped.map { $0.trimmingCharacters(in: " ") }.joined(separator: " ") == line)
        let coloured = "\u{1B}[31m" + String(repeating: "x", count: 20) + "\u{1B}[0m"
        #expect(TextWrap.wrap(coloured, width: 20) == [coloured])
        let long = String(repeating: "y", count: 45)
        #expect(TextWrap.wrap(long, width: 20).map(\.count) == [20, 20, 9])
    }

    @Test func wrappingKeepsTableSpacing() {
        let line = "  help [command]   Lists the commands, or explains one and more words here"
        let wrapped = TextWrap.wrap(line, width: 40)
        #expect(wrapped[0].hasPrefix("  help [command]   Lists"))
        #expect(wrapped.allSatisfy { $0.count <= 40 })
    }
}
