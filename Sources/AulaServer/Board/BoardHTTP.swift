import AulaNet

/// What the board writes on the wire: HTTP/1.1 responses and Server-Sent
/// Events frames. Pure byte builders (unit-tested), no I/O.
enum BoardHTTP {
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 431: return "Request Header Fields Too Large"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Error"
        }
    }

    /// A whole response; the connection closes after it (`Connection: close`),
    /// so no keep-alive bookkeeping. HEAD gets the headers only.
    static func response(status: Int, contentType: String, body: [UInt8], head: Bool = false,
                         extraHeaders: [(String, String)] = []) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\n"
        text += "Content-Type: \(contentType)\r\n"
        text += "Content-Length: \(body.count)\r\n"
        text += "Cache-Control: no-store\r\n"
        text += "X-Content-Type-Options: nosniff\r\n"
        // Nothing from outside: no fonts, scripts or frames (the page works offline).
        text += "Content-Security-Policy: default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'\r\n"
        for (name, value) in extraHeaders { text += "\(name): \(value)\r\n" }
        text += "Connection: close\r\n\r\n"
        var bytes = Array(text.utf8)
        if !head { bytes += body }
        return bytes
    }

    static func error(_ status: Int, head: Bool = false) -> [UInt8] {
        response(status: status, contentType: "text/plain; charset=utf-8",
                 body: Array("\(status) \(reason(status))\n".utf8), head: head,
                 extraHeaders: status == 405 ? [("Allow", "GET, HEAD")] : [])
    }

    /// The head of an event stream: no length, kept open.
    static let streamHead = Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
        + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\n"
        + "retry: 2000\n\n").utf8)
}

/// Server-Sent Events frames (WHATWG HTML §9.2): `id:` then one `data:` line
/// per line of the payload, ended by a blank line.
enum SSEWriter {
    static func frame(id: UInt64, data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 24)
        out += Array("id: \(id)\n".utf8)
        var lineStart = 0
        var index = 0
        // A payload with line breaks (JSON has none, but nothing relies on it) is
        // split into several data: lines, which the browser joins with \n.
        while index <= data.count {
            if index == data.count || data[index] == 0x0A || data[index] == 0x0D {
                out += Array("data: ".utf8)
                out += data[lineStart..<index]
                out.append(0x0A)
                if index < data.count, data[index] == 0x0D, index + 1 < data.count, data[index + 1] == 0x0A { index += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        out.append(0x0A)
        return out
    }

    /// A comment line: keeps proxies and the browser from timing the stream out.
    static let heartbeat = Array(": heartbeat\n\n".utf8)

    /// The id a resuming browser sends (`Last-Event-ID`, or `?after=` for a first load).
    static func resumeID(_ head: HTTPRequestHead) -> UInt64? {
        if let header = head.headers["last-event-id"], let id = UInt64(header) { return id }
        if let query = head.query["after"], let id = UInt64(query) { return id }
        return nil
    }
}

/// The key a non-loopback board asks for (`?key=`), compared in constant time.
struct BoardKey: Sendable {
    let value: String
    /// nil: bound to 127.0.0.1 or ::1 — only this machine can reach it, no key asked.
    let required: Bool

    init(value: String, bind: String) {
        self.value = value
        required = !(bind == "127.0.0.1" || bind == "::1")
    }

    func allows(_ head: HTTPRequestHead) -> Bool {
        guard required else { return true }
        guard let given = head.query["key"] else { return false }
        let a = Array(given.utf8), b = Array(value.utf8)
        var difference = a.count ^ b.count
        for index in 0..<b.count { difference |= Int(b[index] ^ (index < a.count ? a[index] : 0)) }
        return difference == 0
    }
}
