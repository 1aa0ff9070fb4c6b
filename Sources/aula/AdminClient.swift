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
/// answer with exit status 1. Either way, a server that goes without being
/// asked to (killed, crashed) is said in one line and exit status 1.
enum AdminClient {
    /// The console's language for the client's own words (`--lang`, AULA_LANG).
    nonisolated(unsafe) static var language: Language = .en
    /// The console's lines-per-second limit as this machine's settings say (`--lines-per-second`).
    nonisolated(unsafe) static var linesPerSecond = 20
    static func run(_ options: Options) throws -> Int32 {
        // `--help` prints the usage instead of connecting.
        if options.flags.contains("help") || options.positional.first == "help" {
            print(help)
            return 0
        }
        let config = try options.serverConfig()
        language = config.language
        linesPerSecond = config.limits.linesPerSecond
        let host = ["0.0.0.0", "::", "localhost", ""].contains(config.adminHost) ? "127.0.0.1" : config.adminHost
        // `--lang es` (or AULA_LANG) was accepted and the console stayed English (session 12):
        // it is the first line sent, taken at the name prompt (which is then asked again).
        let chosenLanguage = options.value("lang") != nil ? config.language : nil
        if let script = options.value("script") {
            guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
                throw UsageError("cannot read the script \(script)")
            }
            let connection = try AdminSocket(host: host, port: config.adminPort)
            if let chosenLanguage { connection.send("lang " + chosenLanguage.rawValue) }
            var pacer = ScriptPacer(limit: config.limits.linesPerSecond)
            return runScript(text, connection, pacer: &pacer, promptsBeforeName: chosenLanguage == nil ? 0 : 1)
        }
        let connection = try AdminSocket(host: host, port: config.adminPort)
        if let chosenLanguage { connection.send("lang " + chosenLanguage.rawValue) }
        // A line editor on a terminal (issue 16); plain lines from a pipe or file.
        return TerminalPassword.stdinIsTerminal ? AdminTerminal.run(connection) : plainInteractive(connection)
    }

    static let help = """
    Usage: aula admin [--script FILE] [--lang en|es] [--admin-port N] [--admin-bind HOST]

    The teachers' console of the server running on this machine (127.0.0.1:4001).
    It asks for your teacher name and password (the password is not shown).

    On a terminal you can edit the line: Left/Right, Home/End, Backspace,
    Delete, Up/Down for the commands typed this session, Ctrl-C clears the
    line, Ctrl-D on an empty line leaves (so does "quit"). From a pipe or a
    file, lines are sent as they are.

    --lang en|es   the console's language (AULA_LANG); without it, the one you
                   chose last time ("lang es" in the console is remembered)
    --script FILE  logs in (AULA_TEACHER / AULA_PASSWORD, or asks), runs FILE
                   line by line (blank lines and # comments skipped) and stops
                   at the first "error:" answer with exit status 1. Each line
                   waits for the answer to the one before, and the lines are
                   paced under the console's limit (--lines-per-second), so a
                   script of any length runs.

    If the server goes away without being asked (it was stopped or crashed),
    aula admin says "The server closed the connection." and exits with status 1.

    Type "help" in the console for its commands.
    """

    static func isTeacherPrompt(_ line: String) -> Bool {
        let plain = AdminSocket.plain(line)
        return plain == "Teacher:" || plain == "Profesor:" || plain == "Docente:"
    }

    /// The console's prompts whose answer is shown as typed, by their catalog
    /// text in every language (the console sends no marker for visible input;
    /// played by hand: "New teacher's name:" left the typed name on the next line).
    static let visiblePrompts: Set<String> = Set(
        ["admin.prompt.teacher", "admin.prompt.new_teacher", "admin.prompt.forget"].flatMap { key in
            Language.allCases.compactMap { Catalog.shared.template(key, $0) }
        })

    /// The questions Ctrl-C cancels (answered `cancelAnswer`: anything but yes cancels them).
    static let cancellablePrompts: Set<String> = Set(
        Language.allCases.compactMap { Catalog.shared.template("admin.prompt.forget", $0) })
    static let cancelAnswer = "no"

    static func isCancellablePrompt(_ prompt: String) -> Bool {
        cancellablePrompts.contains(AdminSocket.plain(prompt).trimmingCharacters(in: .whitespaces))
    }

    /// A line the line editor shows as its prompt, the answer typed after it.
    static func isVisiblePrompt(_ line: String) -> Bool {
        isTeacherPrompt(line) || visiblePrompts.contains(AdminSocket.plain(line).trimmingCharacters(in: .whitespaces))
    }

    // MARK: The server going away

    /// The goodbye the server sends every console when it shuts down, in every language.
    static let goodbyes: [String] = Language.allCases.compactMap { Catalog.shared.template("admin.shutdown.bye", $0) }
    /// The console's "Too many lines at once" refusal, in every language.
    static let throttled: [String] = Language.allCases.compactMap { Catalog.shared.template("error.throttled", $0) }

    /// A line the teacher typed that ends the connection on purpose: leaving, or stopping the server.
    static func asksToLeave(_ line: String) -> Bool {
        let word = line.split(separator: " ").first.map { $0.lowercased() } ?? ""
        return ["quit", "salir", "exit", "shutdown", "apagar"].contains(word)
    }

    static func isGoodbye(_ line: String) -> Bool {
        let plain = AdminSocket.plain(line)
        return goodbyes.contains { plain.contains($0) }
    }

    /// The server closed: fine when the teacher asked for it (or the server
    /// said goodbye); otherwise one line on stderr and exit status 1
    /// (session 11: after kill -9 the console ended silently with status 0).
    static func serverClosed(expected: Bool) -> Int32 {
        if expected { return 0 }
        let text = Catalog.shared.template("admin.client.server_closed", language) ?? "The server closed the connection."
        StandardStreams.error("aula: " + text + "\n")
        return 1
    }

    // MARK: Interactive

    /// Lines as typed, for stdin that is not a terminal (a pipe, a file, a test).
    static func plainInteractive(_ connection: AdminSocket) -> Int32 {
        var stdinOpen = true
        var leaving = false
        // Lines piped in (`aula admin < period.txt`) are paced like a script's.
        var pacer = ScriptPacer(limit: linesPerSecond)
        var typed: [UInt8] = []
        defer { TerminalPassword.setEcho(true) }
        while true {
            var fds = [pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: STDIN_FILENO, events: Int16(stdinOpen ? POLLIN : 0), revents: 0)]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                return 1
            }
            if fds[0].revents != 0 {
                guard let lines = connection.receiveAvailable() else {
                    fflush(nil)
                    return serverClosed(expected: leaving)
                }
                for line in lines {
                    print(line.text)
                    TerminalPassword.setEcho(!line.hidden)
                    if isGoodbye(line.text) { leaving = true }
                }
                fflush(nil)
            }
            if stdinOpen, fds[1].revents != 0 {
                // read(2), not readLine: stdio would buffer several piped lines at once
                // and poll would not wake for the ones left in its buffer.
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = read(STDIN_FILENO, &chunk, chunk.count)
                if n > 0 { typed += chunk[0..<n] }
                while let end = typed.firstIndex(of: 10) {
                    var bytes = Array(typed[..<end])
                    typed.removeSubrange(...end)
                    if bytes.last == 13 { bytes.removeLast() }
                    let line = String(decoding: bytes, as: UTF8.self)
                    if !connection.hidden, asksToLeave(line) { leaving = true }
                    pacer.pace()
                    connection.send(line)
                }
                if n <= 0 {
                    if !typed.isEmpty { connection.send(String(decoding: typed, as: UTF8.self)) }
                    typed.removeAll()
                    stdinOpen = false
                    leaving = true
                    connection.send("quit")
                }
            }
        }
    }

    // MARK: Script

    /// `promptsBeforeName`: name prompts to let pass (the one `lang` answered before the name).
    static func runScript(_ script: String, _ connection: AdminSocket, pacer: inout ScriptPacer,
                          promptsBeforeName: Int = 0) -> Int32 {
        let env = ProcessInfo.processInfo.environment
        // Log in: the prompts are answered from the environment, else from the terminal.
        var answeredPassword = false
        var promptsToPass = promptsBeforeName
        while true {
            guard let line = connection.readLine(timeout: 30) else {
                if connection.closed { return serverClosed(expected: false) }
                StandardStreams.error("aula: the admin port did not answer\n")
                return 1
            }
            let plain = AdminSocket.plain(line)
            if isTeacherPrompt(line), promptsToPass > 0 {
                promptsToPass -= 1
            } else if isTeacherPrompt(line) {
                if answeredPassword { return failed(line) }
                let teacher = env["AULA_TEACHER"] ?? askVisible("Teacher: ")
                pacer.pace()
                connection.send(teacher ?? "")
            } else if connection.lastLineHidden {
                let password = env["AULA_PASSWORD"] ?? TerminalPassword.readHidden(prompt: "Password: ")
                pacer.pace()
                connection.send(password ?? "")
                answeredPassword = true
            } else if plain == "admin>" {
                break
            } else if plain.hasPrefix("error:") || plain.contains("No teacher account") {
                return failed(line)
            }
        }
        var status: Int32 = 0
        var saidGoodbye = false
        outer: for raw in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let command = raw.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r"))
            if command.isEmpty || command.hasPrefix("#") { continue }
            print("admin> " + command)
            // Each line waits for the answer to the one before (the prompt) and
            // for the pacer; a line the console still dropped is sent again.
            var tries = 0
            pacer.pace()
            connection.send(command)
            while true {
                guard let line = connection.readLine(timeout: 120) else {
                    if asksToLeave(command) || saidGoodbye { break outer }
                    if connection.closed {
                        status = serverClosed(expected: false)
                        break outer
                    }
                    StandardStreams.error("aula: no answer to \"\(command)\"\n")
                    status = 1
                    break outer
                }
                let plain = AdminSocket.plain(line)
                if plain == "admin>" { break }
                if plain.hasPrefix("error:"), throttled.contains(where: { plain.contains($0) }), tries < 5 {
                    // The console dropped this line (a server started with a lower
                    // --lines-per-second than this client knows): wait, send it again.
                    tries += 1
                    usleep(1_100_000)
                    pacer.pace()
                    connection.send(command)
                    continue
                }
                print(plain)
                if isGoodbye(plain) { saidGoodbye = true }
                if plain.hasPrefix("error:") { status = 1 }
                if connection.lastLineHidden || isTeacherPrompt(line) {
                    // Passwords are never read from a script file.
                    StandardStreams.error("aula: \"\(command)\" asks for a password; run it interactively\n")
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
        StandardStreams.error("aula: " + AdminSocket.plain(line) + "\n")
        return 1
    }

    private static func askVisible(_ prompt: String) -> String? {
        StandardStreams.error(prompt)
        return readLine(strippingNewline: true)
    }
}
