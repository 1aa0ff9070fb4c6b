import Foundation
import AulaGames
import AulaStore

/// The checks that keep one name from passing for another (SPEC §12, UTS #39):
/// invisible characters and fillers, piles of combining marks, words mixing
/// scripts, and reserved words. Pure functions over the name's code points.
enum NameLookAlike {
    /// Blank-looking characters that Unicode counts as letters or symbols, so
    /// the default-ignorable property alone does not catch all of them.
    static let fillers: Set<UInt32> = [0x3164, 0x115F, 0x1160, 0xFFA0, 0x2800, 0x17B4, 0x17B5, 0x180E, 0x1D159,
                                        0x2062, 0x2063, 0x2064, 0x200B, 0x2060, 0xFEFF, 0x00AD, 0x034F, 0x061C]

    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        s.properties.isDefaultIgnorableCodePoint || fillers.contains(s.value)
            || (0xFE00...0xFE0F).contains(s.value) || (0xE0100...0xE01EF).contains(s.value)
            || (0x180B...0x180F).contains(s.value)
    }

    /// More than `maxMarksPerLetter` combining marks on one letter (Zalgo), or a
    /// mark with no letter under it (at the start, or after a space).
    static func markProblem(_ name: String) -> Refusal? {
        var marks = 0
        var afterLetter = false
        for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                guard afterLetter else {
                    return Refusal("name_invalid", Phrase("error.name_lone_mark"))
                }
                marks += 1
                if marks > NameRules.maxMarksPerLetter {
                    return Refusal("name_invalid", Phrase("error.name_too_many_marks", [String(NameRules.maxMarksPerLetter)]))
                }
            default:
                marks = 0
                afterLetter = scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
            }
        }
        return nil
    }

    /// The first word (split at space, `-`, `_`) whose letters come from scripts
    /// that are never written together (Latin with Cyrillic or Greek...). Common
    /// and inherited characters (digits, marks) go with any script; Han goes
    /// with kana (Japanese), Hangul (Korean) and Bopomofo, as UTS #39 resolves.
    static func mixedScriptWord(_ name: String) -> String? {
        for word in name.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }) {
            var allowed: Set<String>?
            for scalar in word.unicodeScalars {
                let script = NameSkeleton.script(scalar)
                if script == "COMMON" || script == "INHERITED" || script == "UNKNOWN" { continue }
                let resolved = resolvedScripts(script)
                allowed = allowed.map { $0.intersection(resolved) } ?? resolved
                if allowed?.isEmpty == true { return String(word) }
            }
        }
        return nil
    }

    private static func resolvedScripts(_ script: String) -> Set<String> {
        switch script {
        case "HAN": return ["HAN", "JAPANESE", "KOREAN", "BOPOMOFO"]
        case "HIRAGANA", "KATAKANA": return ["JAPANESE"]
        case "HANGUL": return ["KOREAN"]
        case "BOPOMOFO": return ["BOPOMOFO"]
        default: return [script]
        }
    }

    /// Words a student may not take, so no student can pass for the teacher or
    /// the server. Compared by look-alike key (so `TEACHER`, `Тeacher` with a
    /// Cyrillic Т, `ａｄｍｉｎ` count), as whole words with digits in them
    /// dropped (`Admin1`) or read as leetspeak (`Adm1n`, `T3acher`). The longer
    /// words also match at the start of a word (`TeacherSmith`, `Administrator`);
    /// `aula` only as a whole word (`Aulakh` is a surname). The whole name run
    /// together (`T e a c h e r`) must not be a reserved word either. `profe`,
    /// `prof`, `tutor` and `tutora` are whole words only (`Profeta`, `Tutorial`).
    static let reservedWords = ["teacher", "profesor", "profesora", "docente", "admin", "server", "servidor", "aula",
                                "profe", "prof", "professor", "maestro", "maestra", "tutor", "tutora",
                                "moderator", "moderador", "moderadora", "system", "sistema"]
    static let reservedPrefixes = ["teacher", "profesor", "docente", "admin", "server", "servidor",
                                   "professor", "maestr", "moderat", "moderador", "system", "sistema"]
    private static let reservedKeys = Set(reservedWords.flatMap(Blocklist.fold))
    private static let prefixKeys = reservedPrefixes.flatMap(Blocklist.fold)

    /// The reserved word a name uses, as the student typed it, or nil.
    static func reservedWord(in name: String) -> String? {
        var folds = NameFolds()
        return reservedWord(in: name, folds: &folds)
    }

    /// `reservedWord`, folding through `folds`: the blocklist check made most of them already (issue 20).
    static func reservedWord(in name: String, folds memo: inout NameFolds) -> String? {
        let words = memo.words(name)
        // Each word, and the whole name run together (`T e a c h e r`).
        let joined = words.joined()
        // A one-word name run together is that word again: checked once (issue 20).
        for word in words.count == 1 && words[0] == joined ? words : words + [joined] {
            // Digits dropped (`Admin1`) and read as leetspeak (`Adm1n`, `T3acher`),
            // accents ignored (`Profesór`): the blocklist's comparison forms.
            let letters = lettersOnly(word)
            let candidates = memo.fold(letters) + memo.fold(word)
            for candidate in candidates where !candidate.isEmpty {
                if reservedKeys.contains(candidate)
                    || (word != joined || words.count == 1) && prefixKeys.contains(where: { candidate.hasPrefix($0) }) {
                    return word
                }
            }
        }
        return nil
    }

    /// The word without its decimal digits (`Admin1` → `Admin`).
    static func lettersOnly(_ word: String) -> String {
        if Blocklist.isASCII(word) {
            // ASCII's only decimal digits are 0–9 (issue 20: the general filter read each scalar's properties).
            guard word.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return word }
            return String(decoding: word.utf8.filter { $0 < 0x30 || $0 > 0x39 }, as: UTF8.self)
        }
        return String(String.UnicodeScalarView(word.unicodeScalars.filter {
            $0.properties.generalCategory != .decimalNumber
        }))
    }
}
