import AulaGames

/// Whether a typed line looks like a line of an Ada program (`walk();`,
/// `repeat (3) {`, `}`, `turnLeft()`), not a command: then the student is
/// told where programs go — in a level, `code` opens the editor; in the lobby,
/// `play` opens a level first. Both play tests met students typing `walk();`
/// where it could only be "Unknown command".
package enum ProgramLineShape {
    package static func looksLikeProgram(_ line: String) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard let last = text.last else { return false }
        return last == ";" || last == "{" || last == "}" || (text.contains("(") && last == ")")
    }
}

extension Refusal {
    /// In the lobby: `“walk();” looks like a line of a program: open a level first (play w1-01, or levels to choose).`
    /// Still `unknown_command` for clients that switch on the code.
    static func programInLobby(_ line: String) -> Refusal {
        Refusal("unknown_command", Phrase("error.program_in_lobby", [String(line.prefix(40))]))
    }
}
