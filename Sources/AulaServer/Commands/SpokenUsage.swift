/// A command's usage as a screen reader should say it: `[easy|medium|hard]`
/// read aloud came out as "left bracket easy vertical line…" (session 10 play
/// test). Brackets become "(optional)" after the words, `a|b|c` becomes
/// "a, b or c", and alternatives ` | ` become "; or".
enum SpokenUsage {
    static func text(_ usage: String, _ t: TextContext) -> String {
        let or = t.say("help.spoken.or")
        let optional = t.say("help.spoken.optional")
        return usage.components(separatedBy: " | ").map { alternative in
            alternative.split(separator: " ", omittingEmptySubsequences: true).map { word -> String in
                var w = Substring(word)
                let bracketed = w.hasPrefix("[") && w.hasSuffix("]") && w.count >= 2
                if bracketed { w = w.dropFirst().dropLast() }
                let choices = w.split(separator: "|").map(String.init)
                var said = choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " " + or + " " + (choices.last ?? "")
                                             : String(w)
                if bracketed { said += " " + optional }
                return said
            }.joined(separator: " ")
        }.joined(separator: "; " + or + " ")
    }
}
