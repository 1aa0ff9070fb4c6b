import Testing
import AulaTestSupport
@testable import AulaNet

@Suite(.lab) struct TextCleanerTests {
    @Test func invalidUTF8BecomesReplacementCharacter() {
        #expect(TextCleaner.clean([0x61, 0xFF, 0x62, 0xC3]) == "a\u{FFFD}b\u{FFFD}")
    }

    /// Invalid UTF-8 is repaired by the cleaner itself (RepairedUTF8), not by
    /// `String(decoding:)`: the text must be exactly what that would give —
    /// one U+FFFD per maximal invalid subpart — for overlongs, surrogates,
    /// code points past U+10FFFF, cut sequences and seeded random bytes.
    @Test func repairedUTF8IsWhatTheStandardLibraryGives() {
        var cases: [[UInt8]] = [[0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80, 0x41], [0xF4, 0x90, 0x80, 0x80],
                                [0xF0, 0x9F, 0x98], [0xE2, 0x82], [0x80, 0x80, 0xBF], [0xF8, 0x88, 0x80, 0x80, 0x80],
                                [0x61, 0xF0, 0x9F, 0x98, 0x80, 0xC3], [0xEF, 0xBB, 0xBF, 0xFE, 0xFF]]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let interesting: [UInt8] = [0x00, 0x1B, 0x41, 0x7F, 0x80, 0x9B, 0xBF, 0xC0, 0xC2, 0xC3, 0xDF, 0xE0, 0xE2, 0xED,
                                    0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x90, 0x8F]
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(state % 12) + 1 {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                bytes.append(state % 3 == 0 ? UInt8(truncatingIfNeeded: state >> 8) : interesting[Int(state >> 8) % interesting.count])
            }
            cases.append(bytes)
        }
        var differing: [[UInt8]] = []
        for bytes in cases where TextCleaner.clean(bytes) != TextCleaner.strip(String(decoding: bytes, as: UTF8.self)) {
            differing.append(bytes)
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(TextCleaner.cleanReportingChanges([0x61, 0xFF]).changed)
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

    /// A play test: a zero-width space went through chat unseen. Invisible
    /// spaces go; the joiners emoji and scripts need stay.
    @Test func invisibleSpacesAreRemovedAndJoinersKept() {
        for value: UInt32 in [0x200B, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let typed = "ab" + String(Character(scalar)) + "cd"
            #expect(TextCleaner.cleanReportingChanges(Array(typed.utf8)) == ("abcd", true), "U+\(String(value, radix: 16))")
        }
        let programmer = "\u{1F469}\u{200D}\u{1F4BB}"  // woman technologist: one emoji through ZWJ
        #expect(TextCleaner.clean(Array(programmer.utf8)) == programmer)
        #expect(TextCleaner.clean(Array("می\u{200C}خواهم".utf8)) == "می\u{200C}خواهم")  // Persian needs ZWNJ
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
