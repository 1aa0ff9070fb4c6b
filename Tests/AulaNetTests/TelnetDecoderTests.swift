import Testing
import AulaTestSupport
@testable import AulaNet

@Suite(.lab) struct TelnetDecoderTests {
    /// A stream mixing text, an escaped 255, negotiation and subnegotiations.
    let stream: [UInt8] = Array("hello ".utf8)
        + [255, 255]                                   // literal 255
        + [255, 251, 31]                               // WILL NAWS
        + Array("wor".utf8)
        + [255, 250, 31, 0, 255, 255, 0, 40, 255, 240] // SB NAWS 255x40 (255 doubled)
        + [255, 241]                                   // NOP
        + Array("ld\r\n".utf8)
        + [255, 250, 24, 0] + Array("MTTS 73".utf8) + [255, 240]
        + [255, 253, 3]                                // DO SGA
        + Array("bye\n".utf8)

    let expectedData: [UInt8] = Array("hello ".utf8) + [255] + Array("world\r\nbye\n".utf8)
    let expectedCommands: [TelnetCommand] = [
        .will(31),
        .subnegotiation(option: 31, payload: [0, 255, 0, 40]),
        .other(241),
        .subnegotiation(option: 24, payload: [0] + Array("MTTS 73".utf8)),
        .doRequest(3),
    ]

    private func decode(_ chunks: [[UInt8]]) -> (data: [UInt8], commands: [TelnetCommand], sawIAC: Bool) {
        var decoder = TelnetDecoder()
        var data: [UInt8] = []
        var commands: [TelnetCommand] = []
        for chunk in chunks {
            let result = decoder.feed(chunk)
            data += result.data
            commands += result.commands
        }
        return (data, commands, decoder.sawIAC)
    }

    @Test func wholeStreamSeparatesTextFromNegotiation() {
        let result = decode([stream])
        #expect(result.data == expectedData)
        #expect(result.commands == expectedCommands)
        #expect(result.sawIAC)
    }

    @Test func byteByByteGivesTheSameResult() {
        let result = decode(stream.map { [$0] })
        #expect(result.data == expectedData)
        #expect(result.commands == expectedCommands)
    }

    @Test(arguments: [1, 2, 3, 42, 1234] as [UInt64])
    func randomChunkingsGiveTheSameResult(seed: UInt64) {
        var random = TestRandom(seed: seed)
        for _ in 0..<50 {
            var chunks: [[UInt8]] = []
            var index = 0
            while index < stream.count {
                let size = Int.random(in: 1...7, using: &random)
                let end = min(stream.count, index + size)
                chunks.append(Array(stream[index..<end]))
                index = end
            }
            let result = decode(chunks)
            #expect(result.data == expectedData)
            #expect(result.commands == expectedCommands)
        }
    }

    @Test func plainTextIsNotTelnet() {
        let result = decode([Array("just nc\r\n".utf8)])
        #expect(result.data == Array("just nc\r\n".utf8))
        #expect(result.commands.isEmpty)
        #expect(!result.sawIAC)
    }

    @Test func hugeSubnegotiationIsCappedNotHoarded() {
        let flood = [255, 250, 24] + [UInt8](repeating: 65, count: 10_000) + [255, 240] + Array("ok".utf8)
        let result = decode([flood])
        #expect(result.data == Array("ok".utf8))
        guard case .subnegotiation(24, let payload)? = result.commands.first else {
            Issue.record("no subnegotiation")
            return
        }
        #expect(payload.count == TelnetDecoder.maxSubnegotiationBytes)
    }
}
