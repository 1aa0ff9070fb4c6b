import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP line connection to the admin port.
///
/// It speaks just enough telnet to learn which prompts want hidden input:
/// one IAC NOP at connect says "telnet" to the server (which then never
/// guesses from line endings), and the server marks a password prompt with
/// IAC WILL ECHO and its end with IAC WONT ECHO, as telnet servers do. Lines
/// come out tagged with that state; no prompt text is ever matched (issue 18).
/// On a terminal it also answers the server's DO NAWS with the window's size
/// (and each new size), so answers wrap at the teacher's width, not at 80.
final class AdminSocket {
    let fd: Int32
    /// Bytes of a line not ended yet (telnet commands already taken out).
    private var partial: [UInt8] = []
    /// Received bytes not parsed yet: an IAC sequence cut by the end of a read waits here.
    private var raw: [UInt8] = []
    /// Finished lines with whether the server hid input when each ended.
    private var lines: [(text: String, hidden: Bool)] = []
    /// The server hides what is typed now (IAC WILL ECHO seen, no WONT since).
    private(set) var hidden = false
    /// Whether the line `readLine` returned last was a hidden-input prompt.
    private(set) var lastLineHidden = false
    /// The server closed the connection (or it broke): nothing more will come.
    private(set) var closed = false
    /// The CR LF the server adds after IAC WONT ECHO (the hidden answer's line end) is not a line of output.
    private var skipNewlineAfterReveal = false
    /// The terminal's size, set on a terminal only: the server's DO NAWS is then
    /// answered, so the console wraps at the teacher's width instead of 80.
    /// Left nil (a pipe, a script), NAWS stays unanswered and the width 80.
    var windowSize: (() -> (columns: Int, rows: Int)?)?
    /// NAWS agreed (we said WILL): size changes are sent as they happen.
    private var nawsOn = false
    /// The size last sent, so a resize to the same size sends nothing.
    private var sentSize: (columns: Int, rows: Int)?

    private enum Telnet {
        static let iac: UInt8 = 255, nop: UInt8 = 241, sb: UInt8 = 250, se: UInt8 = 240
        static let will: UInt8 = 251, wont: UInt8 = 252, `do`: UInt8 = 253, dont: UInt8 = 254
        static let echo: UInt8 = 1, naws: UInt8 = 31
    }

    init(host: String, port: Int) throws {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0, let info = result else {
            throw UsageError("cannot resolve \(host)")
        }
        defer { freeaddrinfo(result) }
        fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard fd >= 0, connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            throw UsageError("cannot connect to the admin console at \(host):\(port) — is `aula serve` running?")
        }
        sendBytes([Telnet.iac, Telnet.nop])
    }

    deinit { close(fd) }

    func send(_ line: String) {
        // LF line ends; the IAC NOP at connect already said this is telnet.
        // A 0xFF in the text is doubled, as telnet wants.
        var bytes: [UInt8] = []
        for byte in line.utf8 {
            bytes.append(byte)
            if byte == Telnet.iac { bytes.append(byte) }
        }
        bytes.append(10)
        sendBytes(bytes)
    }

    private func sendBytes(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBufferPointer { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Tells the server the terminal's size (IAC SB NAWS), once NAWS is agreed
    /// and only when it changed.
    func sendWindowSize(_ size: (columns: Int, rows: Int)) {
        guard nawsOn, sentSize.map({ $0 != size }) ?? true else { return }
        sentSize = size
        var bytes: [UInt8] = [Telnet.iac, Telnet.sb, Telnet.naws]
        for value in [size.columns, size.rows] {
            let clamped = UInt16(clamping: value)
            for byte in [UInt8(clamped >> 8), UInt8(clamped & 0xFF)] {
                bytes.append(byte)
                if byte == Telnet.iac { bytes.append(byte) }
            }
        }
        sendBytes(bytes + [Telnet.iac, Telnet.se])
    }

    /// Complete lines already received or arriving now, each with whether it
    /// asks for hidden input; nil when the server closed.
    func receiveAvailable() -> [(text: String, hidden: Bool)]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &chunk, chunk.count, 0)
        if n <= 0 {
            closed = true
            return nil
        }
        absorb(chunk[0..<n])
        defer { lines.removeAll() }
        return lines
    }

    /// The next line, or nil on timeout or when the server closed; `lastLineHidden` tells its mark.
    func readLine(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if !lines.isEmpty {
                let line = lines.removeFirst()
                lastLineHidden = line.hidden
                return line.text
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, Int32(max(1, left * 1000))) <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 {
                closed = true
                return nil
            }
            absorb(chunk[0..<n])
        }
    }

    /// Splits bytes into lines, taking telnet commands out and following ECHO.
    private func absorb(_ bytes: ArraySlice<UInt8>) {
        raw += bytes
        var i = 0
        parsing: while i < raw.count {
            let byte = raw[i]
            guard byte == Telnet.iac else {
                i += 1
                if skipNewlineAfterReveal, partial.isEmpty, byte == 13 || byte == 10 {
                    if byte == 10 { skipNewlineAfterReveal = false }
                    continue
                }
                skipNewlineAfterReveal = false
                if byte == 10 {
                    if partial.last == 13 { partial.removeLast() }
                    lines.append((String(decoding: partial, as: UTF8.self), hidden))
                    partial.removeAll()
                } else {
                    partial.append(byte)
                }
                continue
            }
            guard i + 1 < raw.count else { break parsing }
            let command = raw[i + 1]
            switch command {
            case Telnet.iac:
                partial.append(Telnet.iac)
                i += 2
            case Telnet.will, Telnet.wont, Telnet.do, Telnet.dont:
                guard i + 2 < raw.count else { break parsing }
                if raw[i + 2] == Telnet.echo && command == Telnet.will { hidden = true }
                if raw[i + 2] == Telnet.echo && command == Telnet.wont {
                    hidden = false
                    skipNewlineAfterReveal = true
                }
                if raw[i + 2] == Telnet.naws && command == Telnet.do, !nawsOn, let size = windowSize?() {
                    nawsOn = true
                    sendBytes([Telnet.iac, Telnet.will, Telnet.naws])
                    sendWindowSize(size)
                }
                // Other options (TTYPE...) are left unanswered: the server asks once.
                i += 3
            case Telnet.sb:
                // Subnegotiation: skip to IAC SE.
                var j = i + 2
                while j + 1 < raw.count, !(raw[j] == Telnet.iac && raw[j + 1] == Telnet.se) { j += 1 }
                guard j + 1 < raw.count else { break parsing }
                i = j + 2
            default:
                i += 2
            }
        }
        raw.removeFirst(i)
    }

    /// The line without ANSI colour escapes.
    static func plain(_ line: String) -> String {
        var out = ""
        var escape = false
        for scalar in line.unicodeScalars {
            if escape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { escape = false }
                continue
            }
            if scalar == "\u{1B}" { escape = true; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
