import AulaServer
import AulaGames

/// `lang c|java`: hints and examples shown in the chosen spelling of Ada's
/// language (SPEC §6: `walk();` or `ada.walk();`, `IRON` or `Tile.IRON`,
/// `repeat (3)` or `for (int i = 0; i < 3; i++)`). Level files write hints in
/// either spelling; this rewrites the code inside them, leaving words alone.
enum HintSpelling {
    static let c = "c"
    static let java = "java"

    static let commandNames = ["walk", "turnLeft", "turnRight", "hit", "pick", "use", "look", "listen"]
    static let sensors: Set<String> = ["look", "listen"]

    /// The spelling a level starts in: C when allowed, else its first language.
    static func initial(for level: Level) -> String {
        level.languages.contains(c) ? c : (level.languages.first ?? c)
    }

    /// How a command from the level's `commands` list is written (`walk()`, `ada.walk()`, `repeat`, `for`).
    static func commandWord(_ command: String, spelling: String) -> String {
        if commandNames.contains(command) { return (spelling == java ? "ada." : "") + command + "()" }
        if command == "repeat" { return spelling == java ? "for" : "repeat" }
        if command == "var" { return "int" }
        return command
    }

    /// Rewrites the code in a hint into one spelling.
    static func rewrite(_ text: String, to spelling: String) -> String {
        spelling == java ? toJava(text) : toC(text)
    }

    private static func isWordCharacter(_ ch: Character) -> Bool { ch.isLetter || ch.isNumber || ch == "_" }

    static func toJava(_ text: String) -> String {
        let chars = Array(text)
        var out = ""
        var i = 0
        while i < chars.count {
            let before: Character? = i > 0 ? chars[i - 1] : nil
            let startsWord = before.map { !isWordCharacter($0) && $0 != "." } ?? true
            if startsWord, chars[i].isLetter {
                var j = i
                while j < chars.count, isWordCharacter(chars[j]) { j += 1 }
                let word = String(chars[i..<j])
                var k = j
                while k < chars.count, chars[k] == " " { k += 1 }
                if commandNames.contains(word), k < chars.count, chars[k] == "(" {
                    out += "ada." + word
                    i = j
                    continue
                }
                if Sight(name: word) != nil, word == word.uppercased() {
                    out += "Tile." + word
                    i = j
                    continue
                }
                if word == "repeat", k < chars.count, chars[k] == "(",
                   let close = chars[k...].firstIndex(of: ")") {
                    let count = String(chars[(k + 1)..<close]).trimmingCharacters(in: " ")
                    out += "for (int i = 0; i < \(count); i++)"
                    i = close + 1
                    continue
                }
                out += word
                i = j
                continue
            }
            out.append(chars[i])
            i += 1
        }
        return out
    }

    static func toC(_ text: String) -> String {
        var out = text
        for name in commandNames { out = out.replacingAll("ada." + name, with: name) }
        for sight in Sight.allCases { out = out.replacingAll("Tile." + sight.name, with: sight.name) }
        // for (int i = 0; i < N; i++) → repeat (N)
        var result = ""
        var rest = Substring(out)
        while let start = rest.firstRange(of: "for (int ") {
            result += rest[..<start.lowerBound]
            let tail = rest[start.lowerBound...]
            if let lt = tail.firstRange(of: " < "), let semi = tail[lt.upperBound...].firstIndex(of: ";"),
               let close = tail[semi...].firstIndex(of: ")") {
                result += "repeat (" + tail[lt.upperBound..<semi] + ")"
                rest = tail[tail.index(after: close)...]
            } else {
                result += "for (int "
                rest = tail.dropFirst("for (int ".count)
            }
        }
        return result + rest
    }
}

extension String {
    /// Every occurrence of `target` replaced (without Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
