import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

@Suite(.lab) struct NameRulesTests {
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

    // MARK: Issue 12, defect 11 — look-alike names, in the words.

    private func student(_ name: String) -> String? {
        if case .failure(let refusal) = NameRules.validateStudent(name, blocklist: blocklist) { return refusal.phrase.key }
        return nil
    }

    private func refusalCode(_ name: String) -> String? {
        if case .failure(let refusal) = NameRules.validateStudent(name, blocklist: blocklist) { return refusal.code }
        return nil
    }

    @Test func invisibleCharactersAreRefused() {
        #expect(code("Victim\u{034F}") == "error.name_invisible")   // combining grapheme joiner
        #expect(code("Victim\u{FE0F}") == "error.name_invisible")   // variation selector 16
        #expect(code("Victim\u{180B}") == "error.name_invisible")   // Mongolian free variation selector
        #expect(code("Vic\u{200B}tim") == "error.name_invisible")   // zero-width space
        #expect(code("Vic\u{200D}tim") == "error.name_invisible")   // zero-width joiner
        #expect(code("Vic\u{00AD}tim") == "error.name_invisible")   // soft hyphen
        #expect(refusalCode("Victim\u{034F}") == "name_invalid")
    }

    @Test func hangulFillerAndOtherBlankNamesAreRefused() {
        #expect(code("\u{3164}\u{3164}") == "error.name_invisible")
        #expect(code("\u{115F}\u{1160}") == "error.name_invisible")
        #expect(code("\u{FFA0}\u{FFA0}") == "error.name_invisible")
        #expect(code("\u{2800}\u{2800}") == "error.name_invisible")
        #expect(code("Ana\u{3164}") == "error.name_invisible")
    }

    @Test func zalgoIsRefusedButTwoAccentsOnALetterAreFine() {
        #expect(code("Za\u{0300}\u{0301}\u{0302}lgo") == "error.name_too_many_marks")
        #expect(code("Ana" + String(repeating: "\u{0336}", count: 8)) == "error.name_too_many_marks")
        #expect(code("Nguy\u{1EC5}n") == nil)            // ễ: e with two marks
        #expect(code("Nguye\u{0302}\u{0303}n") == nil)    // the same typed apart
        #expect(code("\u{0301}Ana") == "error.name_lone_mark")
        #expect(code("Ana \u{0301}x") == "error.name_lone_mark")
    }

    @Test func mixedScriptsInOneWordAreRefused() {
        #expect(code("Vіctim") == "error.name_mixed_scripts")           // Cyrillic і in Latin
        #expect(refusalCode("Vіctim") == "name_invalid")
        #expect(code("Alεx") == "error.name_mixed_scripts")             // Greek ε in Latin
        #expect(code("Иван Petrov") == nil)                             // one script per word
        #expect(code("Ana2") == nil)                                    // digits go with any script
        #expect(code("山田たろう") == nil)                                // Han with kana (Japanese)
        #expect(code("김민준") == nil)
        #expect(code("Ολγα") == nil)
    }

    @Test func fullwidthAndCyrillicLookAlikesGetTheOnlineStudentsKey() {
        #expect(NameRules.key("Ｖｉｃｔｉｍ") == NameRules.key("Victim"))
        #expect(NameRules.key("ВОВ") == NameRules.key("Bob"))
        #expect(NameRules.key("Victim\u{034F}") == NameRules.key("Victim"))
        #expect(NameRules.key("Victim\u{FE0F}") == NameRules.key("Victim"))
        #expect(NameRules.key("Victim\u{180B}") == NameRules.key("Victim"))
        #expect(NameRules.key("Vіctim") == NameRules.key("Victim"))
    }

    /// Session 12: names that pose as the teacher or the system passed.
    @Test func wordsForTheTeacherInEveryFormAreReserved() {
        for name in ["Profe", "Prof", "Professor", "Maestra", "Maestro", "Tutor", "Tutora", "Moderator",
                     "Moderador", "Moderadora", "System", "Sistema", "Profe Ana", "SystemAdmin", "Maestro1"] {
            #expect(student(name) == "error.name_reserved", "\(name)")
        }
        for name in ["Profeta", "Tutorial", "Sistine", "Maes"] { #expect(student(name) == nil, "\(name)") }
    }

    @Test func reservedWordsAreRefusedForStudentsOnly() {
        #expect(student("Teacher Smith") == "error.name_reserved")
        #expect(student("teacher") == "error.name_reserved")
        #expect(student("TeacherSmith") == "error.name_reserved")
        #expect(student("Profesora Ana") == "error.name_reserved")
        #expect(student("el docente") == "error.name_reserved")
        #expect(student("Admin1") == "error.name_reserved")
        #expect(student("Adm1n") == "error.name_reserved")
        #expect(student("T3acher") == "error.name_reserved")
        #expect(student("Profesór Ana") == "error.name_reserved")
        #expect(student("Тeacher") == "error.name_mixed_scripts")   // Cyrillic Т: refused either way
        #expect(student("Administrator") == "error.name_reserved")
        #expect(student("ＡＤＭＩＮ") == "error.name_reserved")
        #expect(student("Servidor") == "error.name_reserved")
        #expect(student("the server") == "error.name_reserved")
        #expect(student("Aula") == "error.name_reserved")
        #expect(student("T e a c h e r") == "error.name_reserved")
        #expect(refusalCode("Teacher Smith") == "name_invalid")
        // Whole words: these are ordinary names.
        #expect(student("Aulakh") == nil)
        #expect(student("Servando") == nil)
        #expect(student("Ana") == nil)
        // Teacher and group names may use them.
        #expect(code("Admin") == nil)
        #expect(code("Teacher Smith") == nil)
    }

    // MARK: Issue 12, defect 12 — the blocklist.

    @Test func starredWordsAreBlockedInsideOtherWordsWithLeetspeak() {
        let list = Blocklist(fileContents: "# comment\n*shit\n*hitler\ncunt\nass\ncoño\n")
        #expect(list.blocks("ShitHead"))
        #expect(list.blocks("Hitler99"))
        #expect(list.blocks("H1tl3r"))
        #expect(list.blocks("5h1t"))
        #expect(list.blocks("xX_sh1t_Xx"))
        #expect(list.blocks("ЅНІТ"))          // Cyrillic look-alikes
        #expect(list.blocks("cunt"))
        #expect(list.blocks("Coño"))
        // The Scunthorpe problem: unstarred words match whole words only.
        #expect(!list.blocks("Scunthorpe"))
        #expect(!list.blocks("Cassandra"))
        #expect(!list.blocks("Cono"))
        #expect(!list.blocks("Ana"))
    }

    @Test func aBinaryBlocklistIsReadLenientlyNotDropped() {
        var bytes: [UInt8] = [0xFF, 0x00, 0xC3]
        bytes += Array("\ntonto\n".utf8) + [0x80, 0x81] + Array("\nidiota\n".utf8)
        let (text, lenient) = Blocklist.decode(Data(bytes))
        #expect(lenient)
        let list = Blocklist(fileContents: text)
        #expect(list.blocks("Tonto"))
        #expect(list.blocks("idiota"))
        // Windows "Unicode" (UTF-16 with a BOM) is read as such.
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "tonto\r\nbobo\r\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let decoded = Blocklist.decode(Data(utf16))
        #expect(!decoded.lenient)
        #expect(Blocklist(fileContents: decoded.text).blocks("Bobo"))
        #expect(Blocklist.decode(Data("tonto\n".utf8)) == ("tonto\n", false))
    }

    /// Any scalars at all (bounded, seeded): validation and keys never trap,
    /// and a valid name's key is stable when the key is keyed again.
    @Test func randomTextNeverTrapsAndKeysAreStable() {
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        let planes: [ClosedRange<UInt32>] = [0x20...0x7E, 0x80...0x2FFF, 0x3000...0xFFFF, 0x10000...0x1FFFF, 0x300...0x36F]
        for _ in 0..<3_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(Int(next() % 12) + 1) {
                let range = planes[Int(next() % UInt32(planes.count))]
                if let scalar = Unicode.Scalar(range.lowerBound + next() % (range.upperBound - range.lowerBound + 1)) {
                    scalars.append(scalar)
                }
            }
            let text = String(scalars)
            _ = NameRules.validateStudent(text, blocklist: blocklist)
            let key = NameRules.key(text)
            #expect(NameRules.key(key) == NameRules.key(NameRules.key(key)))
        }
    }
}
