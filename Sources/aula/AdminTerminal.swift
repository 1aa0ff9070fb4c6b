import Foundation
import AulaNet
#if canImport(Glibc)
import Glibc
#endif

/// `aula admin` on a terminal (issue 16): raw mode so arrows, Home/End,
/// backspace, Up/Down history, Ctrl-C (clears the line) and Ctrl-D (leaves)
/// are handled by LineEditor (Sources/AulaNet) instead of reaching the server
/// as `^[[A`. The terminal is restored on every way out: normal return,
/// the server closing, and SIGTERM/SIGHUP/SIGQUIT.
enum AdminTerminal {
    /// The terminal as it was, for the signal handlers (set once, before raw mode).
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var isRaw = false
    /// Set by SIGWINCH: the terminal was resized, tell the server the new width.
    nonisolated(unsafe) static var resized = false

    static func enterRaw() -> Bool {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
        var raw = saved
        // No line buffering, no echo, Ctrl-C/Ctrl-D as bytes; output processing
        // (LF → CR LF) stays on so printed lines look as usual.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON | INLCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
        isRaw = true
        for sig in [SIGTERM, SIGHUP, SIGQUIT] {
            signal(sig) { sig in
                if AdminTerminal.isRaw { tcsetattr(STDIN_FILENO, TCSAFLUSH, &AdminTerminal.saved) }
                _exit(128 + sig)
            }
        }
        return true
    }

    static func restore() {
        guard isRaw else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        isRaw = false
    }

    static func write(_ s: String) {
        var bytes = Array(s.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeMutableBufferPointer { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Scrolls the line sideways when it is wider than the window (InputLineView).
    nonisolated(unsafe) static var view = InputLineView()

    /// The prompt and the line on one row, the cursor put back where it is in the line.
    static func draw(_ prompt: String, _ editor: LineEditor) {
        let columns = TerminalSize.of(STDOUT_FILENO)?.columns ?? 80
        write(view.draw(prompt: prompt, line: editor.buffer, cursor: editor.cursor, hidden: editor.hidden, columns: columns))
    }

    /// The console with the line editor; returns the exit status.
    static func run(_ connection: AdminSocket) -> Int32 {
        guard enterRaw() else { return AdminClient.plainInteractive(connection) }
        defer {
            restore()
            write("\r\n")
        }
        var editor = LineEditor()
        var decoder = KeyDecoder()
        var prompt = ""
        // The server going away on its own (killed, crashed) is said, with status 1.
        var leaving = false
        // The console wraps its answers at this terminal's width (telnet NAWS),
        // and again after every resize (SIGWINCH interrupts the poll below).
        connection.windowSize = { TerminalSize.of(STDOUT_FILENO) }
        signal(SIGWINCH) { _ in AdminTerminal.resized = true }
        while true {
            if resized {
                resized = false
                if let size = TerminalSize.of(STDOUT_FILENO) { connection.sendWindowSize(size) }
            }
            var fds = [pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                return 1
            }
            if fds[0].revents != 0 {
                guard let lines = connection.receiveAvailable() else {
                    write("\r\u{1B}[K")
                    restore()
                    return AdminClient.serverClosed(expected: leaving)
                }
                write("\r\u{1B}[K")
                for (line, hidden) in lines {
                    if AdminClient.isGoodbye(line) { leaving = true }
                    let plain = AdminSocket.plain(line).trimmingCharacters(in: .whitespaces)
                    // A prompt becomes the editor's prompt instead of a line of its own;
                    // the server marks the ones whose answer is hidden (IAC WILL ECHO).
                    if plain == "admin>" || hidden || AdminClient.isVisiblePrompt(line) {
                        prompt = line + " "
                        editor.hidden = hidden
                    } else {
                        write(line + "\r\n")
                    }
                }
                draw(prompt, editor)
            }
            if fds[1].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 1024)
                let n = read(STDIN_FILENO, &chunk, chunk.count)
                if n <= 0 {
                    connection.send("quit")
                    return 0
                }
                for key in decoder.feed(Array(chunk[0..<n])) {
                    // Ctrl-C at a question (forget's "Type yes…") cancels it: it only cleared
                    // the line, and the next command was taken as the answer (session 12).
                    if case .interrupt = key, AdminClient.isCancellablePrompt(prompt) {
                        write("\r\u{1B}[K" + prompt + "^C\r\n")
                        view.reset()
                        prompt = ""
                        _ = editor.handle(key)  // the line typed so far goes too
                        connection.send(AdminClient.cancelAnswer)
                        continue
                    }
                    switch editor.handle(key) {
                    case .redraw:
                        draw(prompt, editor)
                    case .submit(let line):
                        // The whole line stays on screen (wrapping now is harmless: it is never redrawn).
                        write("\r\u{1B}[K" + prompt + (editor.hidden ? "" : line) + "\r\n")
                        view.reset()
                        if !editor.hidden, AdminClient.asksToLeave(line) { leaving = true }
                        // The prompt is shown again when the server asks again.
                        prompt = ""
                        editor.hidden = false
                        connection.send(line)
                    case .leave:
                        connection.send("quit")
                        return 0
                    }
                }
            }
        }
    }
}
