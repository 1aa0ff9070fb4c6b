import Testing
import AulaGames
@testable import AulaServer

@Suite struct NameRulesTests {
    let blocklist = Blocklist(words: ["tonto", "idiot"])

    private func code(_ name: String) -> String? {
        if case .failure(let refusal) = NameRules.validate(name, blocklist: blocklist) { return refusal.phrase.key }
        return nil
    }

    @Test func goodNamesAreTrimmedNotCleaned() throws {
        #expect(try NameRules.validate("  Ana María ", blocklist: blocklist).get() == "Ana María")
        #expect(try NameRules.validate("Iñaki_2", blocklist: blocklist).get() == "Iñaki_2")
        #expect(try NameRules.validate("Jean-Luc", blocklist: blocklist).get() == "Jean-Luc")
        #expect(try NameRules.validate("李小龙", blocklist: blocklist).get() == "李小龙")
    }

    @Test func lengthLimits() {
        #expect(code("A") == "error.name_too_short")
        #expect(code("") == "error.name_empty")
        #expect(code("   ") == "error.name_empty")
        #expect(code(String(repeating: "a", count: 17)) == "error.name_too_long")
        #expect(code(String(repeating: "a", count: 16)) == nil)
    }

    @Test func otherCharactersAreRefusedNeverStripped() {
        #expect(code("Ana!") == "error.name_bad_character")
        #expect(code("Ana\u{1B}[2J") == "error.name_bad_character")
        #expect(code("a.b") == "error.name_bad_character")
        #expect(code("Ana\u{FFFD}") == "error.name_bad_character")
        #expect(code("😀😀") == "error.name_bad_character")
    }

    @Test func blockedWordsAreWholeWordsIgnoringCaseAccentsAndSeparators() {
        #expect(code("Tonto") == "error.name_blocked")
        #expect(code("el tonto") == "error.name_blocked")
        #expect(code("t_o-n_t_o") == "error.name_blocked")
        #expect(code("T0NT0") == "error.name_blocked")
        #expect(code("Idiot") == "error.name_blocked")
        // Whole words only: a longer name that contains a blocked word is fine.
        #expect(code("Tontorrón") == nil)
    }

    @Test func namesAreUniqueCaseInsensitively() {
        #expect(NameRules.key("ANA") == NameRules.key("ana"))
    }
}
