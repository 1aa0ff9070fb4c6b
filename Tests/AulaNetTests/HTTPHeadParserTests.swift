import Testing
import AulaTestSupport
@testable import AulaNet

@Suite(.lab) struct HTTPHeadParserTests {
    private func parse(_ text: String, maxBytes: Int = 8192) -> HTTPHeadParser.Result {
        var parser = HTTPHeadParser(maxBytes: maxBytes)
        return parser.feed(Array(text.utf8))
    }

    @Test func getWithQueryAndHeaders() throws {
        let result = parse("GET /events?key=a%2Bb&lang=es&x HTTP/1.1\r\nHost: h:4002\r\nLast-Event-ID:  17 \r\n\r\n")
        guard case .request(let head) = result else { Issue.record("\(result)"); return }
        #expect(head.method == .get)
        #expect(head.path == "/events")
        #expect(head.query == ["key": "a+b", "lang": "es", "x": ""])
        #expect(head.headers["last-event-id"] == "17")
        #expect(head.headers["host"] == "h:4002")
    }

    @Test func headAndBareLineFeedsAndHTTP10WithoutHost() {
        guard case .request(let head) = parse("HEAD /state HTTP/1.0\n\n") else { Issue.record("refused"); return }
        #expect(head.method == .head)
        #expect(head.path == "/state")
    }

    @Test func otherMethodsAre405() {
        #expect(parse("POST / HTTP/1.1\r\nHost: x\r\n\r\n") == .refused(.methodNotAllowed))
        #expect(parse("DELETE /state HTTP/1.1\r\nHost: x\r\n\r\n") == .refused(.methodNotAllowed))
    }

    @Test func garbageIs400() {
        for text in ["hello\r\n\r\n", "GET /\r\n\r\n", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
                     "GET index HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n",
                     "GET / HTTP/1.1\r\n\r\n", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/x.y\r\nHost: x\r\n\r\n",
                     "GET / HTTP/1.1\r\nHost: a\u{1}b\r\n\r\n", "\r\n\r\n"] {
            #expect(parse(text) == .refused(.badRequest), "\(text.debugDescription)")
        }
        #expect(parse("GET / HTTP/2.0\r\nHost: x\r\n\r\n") == .refused(.versionNotSupported))
    }

    @Test func zeroByteRefusedBeforeTheHeadEnds() {
        var parser = HTTPHeadParser()
        #expect(parser.feed([0x16, 0x03, 0x01, 0x00]) == .refused(.badRequest))  // a TLS hello
    }

    @Test func headOverTheCapIs431EvenWithoutAnEnd() {
        var parser = HTTPHeadParser(maxBytes: 64)
        #expect(parser.feed(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) == .needMore)
        #expect(parser.feed(Array(repeating: UInt8(ascii: "a"), count: 100)) == .refused(.headTooLarge))
        // Exactly at the cap is fine.
        let exact = "GET / HTTP/1.1\r\nHost: " + String(repeating: "b", count: 64 - 26) + "\r\n\r\n"
        #expect(exact.utf8.count == 64)
        guard case .request = parse(exact, maxBytes: 64) else { Issue.record("refused at the cap"); return }
        #expect(parse(exact + "", maxBytes: 63) == .refused(.headTooLarge))
    }

    @Test func byteByByteGivesTheSameAnswer() {
        let text = "GET /?lang=es HTTP/1.1\r\nHost: x\r\n\r\n"
        var parser = HTTPHeadParser()
        var last = HTTPHeadParser.Result.needMore
        for byte in text.utf8 {
            #expect(last == .needMore)
            last = parser.feed([byte])
        }
        #expect(last == parse(text))
        #expect(parser.feed(Array("GET".utf8)) == .refused(.badRequest))  // one head per connection
    }

    @Test func tooManyHeaderLines() {
        let text = "GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: "A: b\r\n", count: 120) + "\r\n"
        #expect(parse(text) == .refused(.headTooLarge))
    }
}
