import Foundation
import AulaAdmin
import AulaServer
#if canImport(Glibc)
import Glibc
#endif

/// `aula teacher add NAME` / `aula teacher passwd NAME`: the password is asked
/// twice with no echo on a terminal; from a pipe, the first line is the
/// password and a second line, if given, must match it.
enum TeacherCommand {
    static func run(_ options: Options) throws -> Int32 {
        let config = try options.serverConfig()
        let words = options.positional
        guard words.count >= 2, ["add", "passwd"].contains(words[0]) else {
            throw UsageError("usage: aula teacher add NAME | aula teacher passwd NAME")
        }
        let name = words.dropFirst().joined(separator: " ")
        guard let (password, confirmation) = TerminalPassword.readTwice(language: config.language) else {
            throw UsageError("no password given")
        }
        let refusal = words[0] == "add"
            ? AdminOffline.addTeacher(databasePath: config.databasePath, name: name, password: password, confirmation: confirmation)
            : AdminOffline.setTeacherPassword(databasePath: config.databasePath, name: name, password: password,
                                              confirmation: confirmation)
        if let refusal {
            StandardStreams.error("aula: " + AdminOffline.text(refusal, config.language) + "\n")
            return 1
        }
        print(words[0] == "add" ? "Teacher account \(name) created." : "Password of \(name) changed.")
        return 0
    }
}

/// Reading a password from the terminal without echo (termios), or from a pipe.
enum TerminalPassword {
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// The password and its confirmation (nil when a pipe gave only one line).
    static func readTwice(language: Language) -> (String, String?)? {
        if stdinIsTerminal {
            guard let first = readHidden(prompt: language == .es ? "Contraseña: " : "Password: "),
                  let second = readHidden(prompt: language == .es ? "Otra vez: " : "Again: ") else { return nil }
            return (first, second)
        }
        guard let first = readLine(strippingNewline: true) else { return nil }
        let second = readLine(strippingNewline: true)
        return (first.trimmingCharacters(in: CharacterSet(charactersIn: "\r")),
                second.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\r")) })
    }

    /// One line typed with echo off (restored even when reading fails).
    static func readHidden(prompt: String) -> String? {
        StandardStreams.error(prompt)
        var saved = termios()
        let haveTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if haveTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        let line = readLine(strippingNewline: true)
        if haveTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
        StandardStreams.error("\n")
        return line
    }

    /// Turns the terminal's echo on or off (the interactive `aula admin` at a password prompt).
    static func setEcho(_ on: Bool) {
        var settings = termios()
        guard stdinIsTerminal, tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        if on { settings.c_lflag |= tcflag_t(ECHO) } else { settings.c_lflag &= ~tcflag_t(ECHO) }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}
