import Testing
import AulaTestSupport
@testable import AulaNet

@Suite(.lab) struct TelnetNegotiatorTests {
    let iac: UInt8 = 255, will: UInt8 = 251, wont: UInt8 = 252, doo: UInt8 = 253, dont: UInt8 = 254
    let sendTerminalType: [UInt8] = [255, 250, 24, 1, 255, 240]

    private func terminalType(_ name: String) -> TelnetCommand {
        .subnegotiation(option: 24, payload: [0] + Array(name.utf8))
    }

    @Test func openingOfferAsksForWindowSizeAndTerminalTypeOnce() {
        var negotiator = TelnetNegotiator()
        #expect(negotiator.start() == [iac, doo, 31, iac, doo, 24])
        #expect(negotiator.start() == [])
    }

    @Test func windowSizeReportBecomesANotice() {
        var negotiator = TelnetNegotiator()
        #expect(negotiator.handle(.will(31)).reply == [iac, doo, 31])
        let response = negotiator.handle(.subnegotiation(option: 31, payload: [0, 120, 0, 40]))
        #expect(response.notices == [.windowSize(width: 120, height: 40)])
        #expect(response.reply.isEmpty)
    }

    @Test func acknowledgedOfferIsNotAnsweredAgain() {
        var negotiator = TelnetNegotiator()
        _ = negotiator.start()
        #expect(negotiator.handle(.will(31)).reply.isEmpty)
        #expect(negotiator.handle(.will(31)).reply.isEmpty)
    }

    @Test func mttsScreenReaderFlagIsReportedOnTheThirdAnswer() {
        var negotiator = TelnetNegotiator()
        _ = negotiator.start()
        #expect(negotiator.handle(.will(24)).reply == sendTerminalType)
        let first = negotiator.handle(terminalType("MUDLET"))
        #expect(first.reply == sendTerminalType)
        #expect(first.notices == [.terminalType("MUDLET")])  // the name only, no screen reader yet
        let second = negotiator.handle(terminalType("XTERM-256COLOR"))
        #expect(second.reply == sendTerminalType)
        let third = negotiator.handle(terminalType("MTTS 73"))  // 64 + 8 + 1
        #expect(third.notices == [.screenReader])
        #expect(third.reply.isEmpty)
    }

    @Test func mttsWithoutTheScreenReaderBitSaysNothing() {
        var negotiator = TelnetNegotiator()
        _ = negotiator.handle(.will(24))
        _ = negotiator.handle(terminalType("TINTIN++"))
        _ = negotiator.handle(terminalType("XTERM"))
        let third = negotiator.handle(terminalType("MTTS 137"))  // 128 + 8 + 1
        #expect(third.notices.isEmpty)
    }

    @Test func terminalTypeCycleStopsWhenTheAnswerRepeats() {
        var negotiator = TelnetNegotiator()
        _ = negotiator.handle(.will(24))
        #expect(negotiator.handle(terminalType("ANSI")).reply == sendTerminalType)
        #expect(negotiator.handle(terminalType("ANSI")).reply.isEmpty)
    }

    @Test func unknownOptionsAreRefusedOnlyOnce() {
        var negotiator = TelnetNegotiator()
        #expect(negotiator.handle(.will(42)).reply == [iac, dont, 42])
        #expect(negotiator.handle(.will(42)).reply.isEmpty)
        #expect(negotiator.handle(.doRequest(42)).reply == [iac, wont, 42])
        #expect(negotiator.handle(.doRequest(42)).reply.isEmpty)
        #expect(negotiator.handle(.wont(42)).reply.isEmpty)
        #expect(negotiator.handle(.dontRequest(42)).reply.isEmpty)
    }

    /// Refused (once), so PuTTY keeps its own line editing (docs/clients.md).
    @Test func suppressGoAheadIsRefusedOnce() {
        var negotiator = TelnetNegotiator()
        #expect(negotiator.handle(.doRequest(3)).reply == [iac, wont, 3])
        #expect(negotiator.handle(.doRequest(3)).reply.isEmpty)
        #expect(negotiator.handle(.will(3)).reply == [iac, dont, 3])
        #expect(negotiator.handle(.will(3)).reply.isEmpty)
    }

    @Test func hiddenEchoIsOfferedAndWithdrawnWithoutLoops() {
        var negotiator = TelnetNegotiator()
        #expect(negotiator.setEchoHidden(true) == [iac, will, 1])
        #expect(negotiator.setEchoHidden(true) == [])
        #expect(negotiator.handle(.doRequest(1)).reply.isEmpty)  // the client's agreement
        #expect(negotiator.echoHidden)
        #expect(negotiator.setEchoHidden(false) == [iac, wont, 1])
        #expect(negotiator.handle(.dontRequest(1)).reply.isEmpty)  // the client's agreement
        #expect(!negotiator.echoHidden)
    }
}
