import AulaGames

/// A line shaped like a JSON object (`{"cmd":"who"}`): a bot author who read
/// that JSON mode exists and sent commands as JSON (session 12 play test). It
/// was answered "looks like a line of a program: open a level first". JSON
/// mode changes only what the server sends: commands stay plain words, and
/// the answer says so, with the plain word when the object held one.
package enum JSONShapedLine {
    /// `{"` (spaces allowed between), or `{}`: never a line of Ada's
    /// programs, whose blocks open with a bare `{`.
    package static func looks(_ line: String) -> Bool {
        var rest = line.utf8.drop { $0 == 0x20 }
        guard rest.first == UInt8(ascii: "{") else { return false }
        rest = rest.dropFirst().drop { $0 == 0x20 }
        return rest.first == UInt8(ascii: "\"") || rest.first == UInt8(ascii: "}")
    }

    /// The first string value in the object whose first word `isCommand`
    /// accepts (`who` in `{"cmd":"who"}`, `join hangman-1` in
    /// `{"command":"join hangman-1"}`), at most 40 characters; nil when none.
    package static func command(in line: String, isCommand: (String) -> Bool) -> String? {
        let strings = quotedStrings(line)
        // Values follow their keys: every second string, starting with the second.
        for value in strings.dropFirst().enumerated().filter({ $0.offset % 2 == 0 }).map(\.element) {
            let trimmed = value.trimmingCharacters(in: " ")
            guard !trimmed.isEmpty, trimmed.count <= 40 else { continue }
            let word = trimmed.split(separator: " ", maxSplits: 1).first.map { String($0).lowercased() } ?? ""
            if isCommand(word) { return trimmed }
        }
        return nil
    }

    /// The double-quoted strings of the line, in order (escapes kept as typed,
    /// a backslash skips the next character); at most 16.
    static func quotedStrings(_ line: String) -> [String] {
        var strings: [String] = []
        var current: String?
        var escaped = false
        for character in line {
            guard strings.count < 16 else { break }
            if var text = current {
                if escaped {
                    escaped = false
                    text.append(character)
                    current = text
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    strings.append(text)
                    current = nil
                } else {
                    text.append(character)
                    current = text
                }
            } else if character == "\"" {
                current = ""
            }
        }
        return strings
    }
}

extension Refusal {
    /// `Commands are plain words even in JSON mode: type who.` Still
    /// `unknown_command` for clients that switch on the code.
    static func jsonShapedLine(command: String?) -> Refusal {
        if let command { return Refusal("unknown_command", Phrase("error.json_shaped_command", [command])) }
        return Refusal("unknown_command", Phrase("error.json_shaped"))
    }
}
