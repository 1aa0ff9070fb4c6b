import Testing
import AulaTestSupport
@testable import AulaServer

/// The logger is a value handed down (issue 18): each `Log` has its own level
/// and output, so a test reads the lines back and no other server's level counts.
@Suite(.lab) struct LogTests {
    @Test func aLineReachesTheCapturingOutputWithItsFields() {
        let capture = LogCapture()
        let log = Log(level: .info, output: capture)
        log(.info, "login", ("name", "Ana María"), ("group", "3B"), ("rows", 3))
        #expect(capture.lines.count == 1)
        let line = capture.lines.first ?? ""
        // `time level event key=value ...`, the time in UTC to the millisecond.
        #expect(line.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z info login "#, options: .regularExpression) != nil,
                "\(line)")
        #expect(line.hasSuffix(#" name="Ana María" group=3B rows=3"#), "\(line)")
    }

    @Test func quotesAndEmptyValuesAreQuoted() {
        let capture = LogCapture()
        Log(level: .debug, output: capture)(.warn, "chat.masked", ("where", ""), ("said", #"a "b"=c"#))
        #expect(capture.lines.first?.hasSuffix(#" warn chat.masked where="" said="a \"b\"=c""#) == true,
                "\(capture.lines)")
    }

    @Test func theLevelFiltersLinesBelowIt() {
        let capture = LogCapture()
        let log = Log(level: .warn, output: capture)
        log(.debug, "connect")
        log(.info, "login")
        log(.warn, "chat.budget")
        log(.error, "store.error")
        #expect(capture.lines.map { $0.split(separator: " ").dropFirst().prefix(2).joined(separator: " ") }
                == ["warn chat.budget", "error store.error"])
    }

    @Test func twoLogsKeepTheirOwnLevels() {
        let quiet = LogCapture(), chatty = LogCapture()
        let a = Log(level: .error, output: quiet)
        let b = Log(level: .debug, output: chatty)
        a(.info, "one")
        b(.debug, "two")
        #expect(quiet.lines.isEmpty)
        #expect(chatty.lines.count == 1)
        #expect(a.level == .error && b.level == .debug)
    }

    @Test func levelNamesParseAsTheCommandLineGivesThem() {
        #expect(LogLevel(name: "DEBUG") == .debug)
        #expect(LogLevel(name: "warning") == .warn)
        #expect(LogLevel(name: "loud") == nil)
    }
}
