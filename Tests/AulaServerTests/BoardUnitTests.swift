import Testing
import AulaTestSupport
import AulaNet
@testable import AulaServer

/// The board's pure pieces: SSE frames, the key check, the resume ring.
@Suite(.lab) struct BoardUnitTests {
    @Test func sseFrameHasIdDataAndABlankLine() {
        let frame = String(decoding: SSEWriter.frame(id: 7, data: Array(#"{"ev":"x"}"#.utf8)), as: UTF8.self)
        #expect(frame == "id: 7\ndata: {\"ev\":\"x\"}\n\n")
        // Line breaks in a payload become several data: lines, never a frame break.
        let split = String(decoding: SSEWriter.frame(id: 8, data: Array("a\nb\r\nc\rd".utf8)), as: UTF8.self)
        #expect(split == "id: 8\ndata: a\ndata: b\ndata: c\ndata: d\n\n")
        #expect(String(decoding: SSEWriter.frame(id: 9, data: []), as: UTF8.self) == "id: 9\ndata: \n\n")
    }

    private func head(_ target: String, lastEventID: String? = nil) -> HTTPRequestHead {
        var parser = HTTPHeadParser()
        let extra = lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? ""
        guard case .request(let head) = parser.feed(Array("GET \(target) HTTP/1.1\r\nHost: x\r\n\(extra)\r\n".utf8)) else {
            return HTTPRequestHead(method: .get, path: "", query: [:], headers: [:])
        }
        return head
    }

    @Test func resumeIdFromHeaderOrQuery() {
        #expect(SSEWriter.resumeID(head("/events", lastEventID: "12")) == 12)
        #expect(SSEWriter.resumeID(head("/events?after=5")) == 5)
        #expect(SSEWriter.resumeID(head("/events?after=5", lastEventID: "9")) == 9)
        #expect(SSEWriter.resumeID(head("/events?after=x")) == nil)
    }

    @Test func keyOnlyOffLoopback() {
        let local = BoardKey(value: "secret", bind: "127.0.0.1")
        #expect(!local.required && local.allows(head("/state")))
        #expect(!BoardKey(value: "s", bind: "::1").required)
        for bind in ["0.0.0.0", "127.0.0.2", "192.168.1.20", "localhost"] {
            let key = BoardKey(value: "secret", bind: bind)
            #expect(key.required)
            #expect(!key.allows(head("/state")))
            #expect(!key.allows(head("/state?key=secre")))
            #expect(!key.allows(head("/state?key=secrets")))
            #expect(!key.allows(head("/state?key=")))
            #expect(key.allows(head("/state?key=secret")))
        }
    }

    @Test func ringKeepsTheNewestAndSaysWhenAResumeIsTooOld() {
        var ring = BoardRing(capacity: 3)
        for n in 1...5 { ring.append(room: "r", json: [UInt8(n)]) }
        #expect(ring.all.map(\.id) == [3, 4, 5])
        #expect(ring.after(5)?.isEmpty == true)
        #expect(ring.after(3)?.map(\.id) == [4, 5])
        #expect(ring.after(2)?.map(\.id) == [3, 4, 5])
        #expect(ring.after(1) == nil)  // event 2 dropped out: the page must reload /state
    }

    @Test func errorResponsesCloseAndHeadHasNoBody() {
        let text = String(decoding: BoardHTTP.error(405), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        #expect(text.contains("Allow: GET, HEAD\r\n") && text.contains("Connection: close\r\n"))
        let head = String(decoding: BoardHTTP.response(status: 200, contentType: "text/plain", body: Array("hi".utf8), head: true), as: UTF8.self)
        #expect(head.hasSuffix("Content-Length: 2\r\n") == false && head.hasSuffix("\r\n\r\n"))
    }

    /// A year's open group can be thousands of students: the teacher's grid
    /// draws the first `gridRows` and says how many there are, in both languages.
    @Test func theTeachersGridIsCappedAndSaysSo() {
        let cells = [AdminProgressEvent.Cell(level: "t-01", solved: false, stars: 0, attempts: 2, stuck: false)]
        let many = (0..<(BoardTeacherPage.gridRows + 7)).map { AdminProgressEvent.Row(name: "s\($0)", cells: cells) }
        let event = AdminProgressEvent(group: "open", levels: ["t-01"], rows: many)
        let en = BoardTeacherPage.grid(event, titles: ["t-01": "First steps"], language: .en)
        #expect(en.components(separatedBy: "<tr><td>").count - 1 == BoardTeacherPage.gridRows)
        #expect(en.contains("The first \(BoardTeacherPage.gridRows) of \(BoardTeacherPage.gridRows + 7) students"))
        #expect(en.contains("title=\"First steps\""))
        let es = BoardTeacherPage.grid(event, titles: [:], language: .es)
        #expect(es.contains("Aquí se muestran \(BoardTeacherPage.gridRows) de \(BoardTeacherPage.gridRows + 7) estudiantes"))
        let few = AdminProgressEvent(group: "open", levels: ["t-01"], rows: Array(many.prefix(3)))
        #expect(!BoardTeacherPage.grid(few, titles: [:], language: .en).contains("The first"))
    }
}
