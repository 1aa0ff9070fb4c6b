import Foundation
import AulaServer
#if canImport(Glibc)
import Glibc
#endif

/// `aula admin [--script FILE]`: a client for the admin port on this machine.
/// Interactive: lines typed go to the server and its lines are printed (the
/// terminal's echo is turned off at password prompts). With `--script`: logs
/// in (AULA_TEACHER / AULA_PASSWORD, or asks), runs the file line by line
/// (blank lines and `#` comments skipped) and stops at the first `error:`
/// answer with exit status 1.
enum AdminClient {
    static func run(_ options: Options) throws -> Int32 {
        // `--help` prints the usage instead of connecting.
        if options.flags.contains("help") || options.positional.first == "help" {
            print(help)
            return 0
        }
        let config = try options.serverConfig()
        let host = ["0.0.0.0", "::", "localhost", ""].contains(config.adminHost) ? "127.0.0.1" : config.adminHost
        if let script = options.value("script") {
            guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
                throw UsageError("cannot read the script \(script)")
            }
            let connection = try AdminSocket(host: host, port: config.adminPort)
            return runScript(text, connection)
        }
        let connection = try AdminSocket(host: host, port: config.adminPort)
        // A line editor on a terminal (issue 16); plain lines from a pipe or file.
        return TerminalPassword.stdinIsTerminal ? AdminTerminal.run(connection) : plainInteractive(connection)
    }

    static let help = """
    Usage: aula admin [--script FILE] [--admin-port N] [--admin-bind HOST]

    The teachers' console of the server running on this machine (127.0.0.1:4001).
    It asks for your teacher name and password (the password is not shown).

    On a terminal you can edit the line: Left/Right, Home/End, Backspace,
    Delete, Up/Down for the commands typed this session, Ctrl-C clears the
    line, Ctrl-D on an empty line leaves (so does "quit"). From a pipe or a
    file, lines are sent as they are.

    --script FILE  logs in (AULA_TEACHER / AULA_PASSWORD, or asks), runs FILE
                   line by line (blank lines and # comments skipped) and stops
                   at the first "error:" answer with exit status 1.

    Type "help" in the console for its commands.
    """

    /// Prompts that ask for a password, in both languages.
    static func isPasswordPrompt(_ line: String) -> Bool {
        let plain = AdminSocket.plain(line).trimmingCharacters(in: .whitespaces)
        return plain.hasSuffix(":") && (plain.lowercased().contains("password") || plain.lowercased().contains("contraseña"))
    }

    static func isTeacherPrompt(_ line: String) -> Bool {
        let plain = AdminSocket.plain(line)
        return plain == "Teacher:" || plain == "Profesor:" || plain == "Docente:"
    }

    // MARK: Interactive

    /// Lines as typed, for stdin that is not a terminal (a pipe, a file, a test).
    static func plainInteractive(_ connection: AdminSocket) -> Int32 {
        var stdinOpen = true
        defer { TerminalPassword.setEcho(true) }
        while true {
            var fds = [pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: STDIN_FILENO, events: Int16(stdinOpen ? POLLIN : 0), revents: 0)]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                return 1
            }
            if fds[0].revents != 0 {
                guard let lines = connection.receiveAvailable() else { return 0 }
                for line in lines {
                    print(line)
                    TerminalPassword.setEcho(!isPasswordPrompt(line))
                }
                fflush(nil)
            }
            if stdinOpen, fds[1].revents != 0 {
                if let line = readLine(strippingNewline: true) {
                    connection.send(line)
                } else {
                    stdinOpen = false
                    connection.send("quit")
                }
            }
        }
    }

    // MARK: Script

    static func runScript(_ script: String, _ connection: AdminSocket) -> Int32 {
        let env = ProcessInfo.processInfo.environment
        // Log in: the prompts are answered from the environment, else from the terminal.
        var answeredPassword = false
        while true {
            guard let line = connection.readLine(timeout: 30) else {
                FileHandle.standardError.write(Data("aula: the admin port did not answer\n".utf8))
                return 1
            }
            let plain = AdminSocket.plain(line)
            if isTeacherPrompt(line) {
                if answeredPassword { return failed(line) }
                let teacher = env["AULA_TEACHER"] ?? askVisible("Teacher: ")
                connection.send(teacher ?? "")
            } else if isPasswordPrompt(line) {
                let password = env["AULA_PASSWORD"] ?? TerminalPassword.readHidden(prompt: "Password: ")
                connection.send(password ?? "")
                answeredPassword = true
            } else if plain == "admin>" {
                break
            } else if plain.hasPrefix("error:") || plain.contains("No teacher account") {
                return failed(line)
            }
        }
        var status: Int32 = 0
        outer: for raw in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let command = raw.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r"))
            if command.isEmpty || command.hasPrefix("#") { continue }
            print("admin> " + command)
            connection.send(command)
            while true {
                guard let line = connection.readLine(timeout: 120) else {
                    if command.lowercased() == "quit" || command.lowercased().hasPrefix("shutdown") { break outer }
                    FileHandle.standardError.write(Data("aula: no answer to \"\(command)\"\n".utf8))
                    status = 1
                    break outer
                }
                let plain = AdminSocket.plain(line)
                if plain == "admin>" { break }
                print(plain)
                if plain.hasPrefix("error:") { status = 1 }
                if isPasswordPrompt(line) || isTeacherPrompt(line) {
                    // Passwords are never read from a script file.
                    FileHandle.standardError.write(Data("aula: \"\(command)\" asks for a password; run it interactively\n".utf8))
                    status = 1
                    break outer
                }
            }
            if status != 0 { break }
        }
        connection.send("quit")
        fflush(nil)
        return status
    }

    private static func failed(_ line: String) -> Int32 {
        FileHandle.standardError.write(Data(("aula: " + AdminSocket.plain(line) + "\n").utf8))
        return 1
    }

    private static func askVisible(_ prompt: String) -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        return readLine(strippingNewline: true)
    }
}

/// A blocking TCP line connection to the admin port.
final class AdminSocket {
    let fd: Int32
    private var buffer: [UInt8] = []

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
    }

    deinit { close(fd) }

    func send(_ line: String) {
        // LF, as `nc` ends lines: the console is a raw client and must never be
        // offered telnet options (CR LF would say "telnet", docs/clients.md).
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBufferPointer { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Complete lines already received or arriving now; nil when the server closed.
    func receiveAvailable() -> [String]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &chunk, chunk.count, 0)
        if n <= 0 { return nil }
        buffer += chunk[0..<n]
        var lines: [String] = []
        while let line = takeLine() { lines.append(line) }
        return lines
    }

    /// The next line, or nil on timeout or when the server closed.
    func readLine(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let line = takeLine() { return line }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, Int32(max(1, left * 1000))) <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            buffer += chunk[0..<n]
        }
    }

    private func takeLine() -> String? {
        guard let lf = buffer.firstIndex(of: 10) else { return nil }
        var bytes = Array(buffer[..<lf])
        buffer.removeFirst(lf + 1)
        if bytes.last == 13 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
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
