import Testing
import AulaTestSupport
@testable import AulaNet

@Suite(.lab) struct TextCleanerTests {
    @Test func invalidUTF8BecomesReplacementCharacter() {
        #expect(TextCleaner.clean([0x61, 0xFF, 0x62, 0xC3]) == "a\u{FFFD}b\u{FFFD}")
    }

    @Test func screenClearingEscapeIsStripped() {
        #expect(TextCleaner.clean(Array("\u{1B}[2JAda".utf8)) == "Ada")
        #expect(TextCleaner.clean(Array("\u{1B}[1;31mred\u{1B}[0m".utf8)) == "red")
    }

    @Test func titleAndOtherEscapesAreStripped() {
        #expect(TextCleaner.clean(Array("a\u{1B}]0;pwned\u{07}b".utf8)) == "ab")
        #expect(TextCleaner.clean(Array("a\u{1B}]0;x\u{1B}\\b".utf8)) == "ab")
        #expect(TextCleaner.clean(Array("a\u{1B}cb".utf8)) == "ab")
        #expect(TextCleaner.clean(Array("a\u{1B}(Bb".utf8)) == "ab")
        #expect(TextCleaner.clean(Array("a\u{9B}2Jb".utf8)) == "ab")
    }

    @Test func controlCharactersGoAndTabsBecomeSpaces() {
        #expect(TextCleaner.clean(Array("a\u{07}b\u{00}c\td\u{85}e".utf8)) == "abc de")
    }

    @Test func lettersAccentsAndEmojiSurvive() {
        let text = "Señora Núñez 👩🏽‍🏫 ok"
        #expect(TextCleaner.clean(Array(text.utf8)) == text)
    }

    @Test func cleaningSaysWhenSomethingWasRemoved() {
        #expect(TextCleaner.cleanReportingChanges(Array("Ada".utf8)) == ("Ada", false))
        #expect(TextCleaner.cleanReportingChanges(Array("Señora".utf8)) == ("Señora", false))
        #expect(TextCleaner.cleanReportingChanges(Array("\u{1B}[2Jbob".utf8)) == ("bob", true))
        #expect(TextCleaner.cleanReportingChanges([0x62, 0xFF]) == ("b\u{FFFD}", true))
        #expect(TextCleaner.cleanReportingChanges(Array("a\tb".utf8)) == ("a b", true))
    }

    /// Issue 12: bidi controls reverse classmates' lines, separators break them.
    @Test func bidiControlsAndLineSeparatorsAreRemoved() {
        let controls: [UInt32] = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
                                  0x200E, 0x200F, 0x061C, 0x2028, 0x2029]
        for value in controls {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let typed = "ab" + String(Character(scalar)) + "cd"
            let cleaned = TextCleaner.cleanReportingChanges(Array(typed.utf8))
            #expect(cleaned == ("abcd", true), "U+\(String(value, radix: 16))")
        }
        #expect(TextCleaner.clean(Array("hola \u{202E}odnum\u{202C}!".utf8)) == "hola odnum!")
    }

    /// Noncharacters are removed: they are for a program's internal use, never text.
    @Test func noncharactersAreRemoved() {
        for value: UInt32 in [0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let typed = String(Character(scalar)) + "error.server_full"
            #expect(TextCleaner.clean(Array(typed.utf8)) == "error.server_full")
        }
        #expect(TextCleaner.clean(Array("§error.server_full".utf8)) == "§error.server_full")
    }
}
