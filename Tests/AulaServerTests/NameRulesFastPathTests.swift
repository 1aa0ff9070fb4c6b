import Testing
import AulaTestSupport
@testable import AulaServer

/// The plain-ASCII fast path of the name rules (issue 20: a login's name check
/// was a tenth of its CPU) gives exactly what the general Unicode path gives.
@Suite(.lab) struct NameRulesFastPathTests {
    static let names = ["Ana", "b1234", "b0", "x", "", "  ", "ab", "a b", "Jean-Luc", "mary_jane", " Tonto99 ", "Tonto99",
                        "ShitHead", "s_h-i_t", "H1tl3r", "T e a c h e r", "Adm1n", "Admin", "TeacherSmith", "Aulakh",
                        "aula", "Profesora", "servidor2", "sixteen_chars_ok", "seventeen_chars_x", "0123456789",
                        "--", "_a", "\tAna\t", "a\tb", "O'Brien", "@$!", "Ana.", "A  B", "zzz top", "XXXXXXXXXXXXXXXX"]

    @Test func plainASCIINamesGetTheGeneralAnswer() {
        let list = Blocklist(words: ["tonto", "*shit", "coño", "hitler"])
        for name in Self.names {
            let fast = NameRules.validate(name, blocklist: list, fastPath: true)
            let general = NameRules.validate(name, blocklist: list, fastPath: false)
            #expect("\(fast)" == "\(general)", "\(name)")
            let fastStudent = NameRules.validateStudent(name, blocklist: list, fastPath: true)
            let generalStudent = NameRules.validateStudent(name, blocklist: list, fastPath: false)
            #expect("\(fastStudent)" == "\(generalStudent)", "\(name)")
        }
    }

    @Test func onlyLettersDigitsSpaceDashUnderscoreArePlain() {
        #expect(NameRules.isPlainASCII("Ana b-c_9"))
        for name in ["Añá", "a\tb", "a.b", "a\u{7F}", "ａ", "a\u{301}"] {
            #expect(!NameRules.isPlainASCII(name), "\(name)")
        }
    }
}
