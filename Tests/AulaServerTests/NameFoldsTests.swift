import Testing
import AulaTestSupport
@testable import AulaServer

/// The name's folds made once per login line and the ASCII fast paths of the
/// blocklist's helpers (issue 20) give exactly what the general paths give.
@Suite(.lab) struct NameFoldsTests {
    static let texts = ["Ana", "b1234", "b0", "", " ", "1", "11111111111", "a1b1c1d1e1", "!@$", "s.h.i.t", "s_h-i_t",
                        "H1tl3r", "T3ach3r", "Adm1n", "4dm!n", "5h17", "Tonto99", "99", "9a9", "a\r\nb", "aaa",
                        "shiiiit", "bolocks", "Cassandra", "ZZZ top", "O'Brien", "Jean Luc", "x0x0x0x0x0"]

    @Test func asciiFormsAreTheGeneralForms() {
        for text in Self.texts where Blocklist.isASCII(text) {
            #expect(Blocklist.asciiForms(text) == Blocklist.generalForms(text), "\(text.debugDescription)")
        }
        #expect(Blocklist.asciiForms("Coño") == nil)
    }

    @Test func asciiTrimDigitsIsTheGeneralOne() {
        for text in Self.texts + ["٣ana٣", "½a"] {
            #expect(Blocklist.trimDigits(text) == Blocklist.generalTrimDigits(text), "\(text.debugDescription)")
        }
    }

    @Test func asciiCollapseIsTheGeneralOne() {
        for text in Self.texts + ["\r\n\r\n\r\n", "ssss", "coñññño"] {
            for keep in [1, 2] {
                #expect(Blocklist.collapse(text, keep: keep) == Blocklist.generalCollapse(text, keep: keep),
                        "\(text.debugDescription)")
            }
        }
    }

    @Test func lettersOnlyDropsDecimalDigitsAsBefore() {
        for text in Self.texts + ["Adm١n", "x٣"] {
            let general = String(String.UnicodeScalarView(text.unicodeScalars.filter {
                $0.properties.generalCategory != .decimalNumber
            }))
            #expect(NameLookAlike.lettersOnly(text) == general, "\(text.debugDescription)")
        }
    }

    @Test func insideWordsAreFoundAsBefore() {
        let list = Blocklist(words: ["*shit", "*coño", "*fuck", "ass"])
        for text in Self.texts + ["shithead", "xcoño", "con\u{303}o", "motherfucker", "cassandra", "ñshit"] {
            for folded in Blocklist.fold(text) + [text] {
                let before = list.inside.contains { Blocklist.contains(folded, $0) }
                #expect(list.containsInsideWord(folded) == before, "\(folded.debugDescription)")
            }
        }
        #expect(list.containsInsideWord("motherfucker") && list.containsInsideWord(Blocklist.fold("xCoño")[0]))
    }

    @Test func oneWordNamesAreTheirOwnWords() {
        var folds = NameFolds()
        for name in Self.texts + ["a b", "-a-", "_", "a--b"] {
            #expect(folds.words(name) == name.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).map(String.init),
                    "\(name.debugDescription)")
        }
    }

    @Test func sharedFoldsGiveTheSameAnswers() {
        let list = Blocklist(words: ["tonto", "*shit", "coño", "hitler", "b"])
        for name in Self.texts + ["T e a c h e r", "Profesora 2", "Admin-Smith", "b 1"] {
            var folds = NameFolds()
            let blocked = list.blocks(name, folds: &folds)
            let reserved = NameLookAlike.reservedWord(in: name, folds: &folds)
            #expect(blocked == list.blocks(name), "\(name)")
            #expect(reserved == NameLookAlike.reservedWord(in: name), "\(name)")
            #expect(folds.fold(name) == Blocklist.fold(name))
        }
    }
}
