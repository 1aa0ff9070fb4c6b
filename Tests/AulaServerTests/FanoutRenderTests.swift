import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// The guess path writes an `info` line's text straight into the JSON bytes
/// (issue 20, fan-out): it must be byte for byte the escaped catalog text.
@Suite(.lab) struct FanoutRenderTests {
    static let args: [[PhraseArgument]] = [
        [], ["Ana"], ["say \"hi\"", "two\nlines", "c1 \u{85}", "line\u{2028}sep", "ñandú 🙂", "{0}", "{9}", "\\"],
        [Phrase.entry("hangman.state.none"), "x"],
        [.phrase(Phrase("hangman.state.turn", ["Ana \"la\"\n"])), "hangman.state.none"],
    ]

    @Test func everyCatalogMessageWritesAsItsEscapedText() {
        let catalog = Catalog.shared
        for language in Language.allCases {
            for key in catalog.keys(language).sorted() {
                Self.expectEscapedFillIsTheText(catalog, key, language)
            }
        }
    }

    @Test func oddTemplatesFillAsTheTextDoes() {
        let part = CatalogPart(en: ["odd": "{ {0 {0} {12} {1}} {} {x} {1234} end {", "plain": "no braces \"here\""],
                               es: ["odd": "{0}{1}{0}", "plain": "sin llaves"])
        let catalog = Catalog(parts: [part])
        for language in Language.allCases {
            for key in ["odd", "plain", "missing.key"] {
                Self.expectEscapedFillIsTheText(catalog, key, language)
            }
        }
    }

    /// `key` with every argument list: the escaped fill's bytes are the text's, escaped.
    static func expectEscapedFillIsTheText(_ catalog: Catalog, _ key: String, _ language: Language) {
        for args in args {
            let phrase = Phrase(key, args)
            var expected: [UInt8] = []
            var text = catalog.text(phrase, language)
            text.withUTF8 { JSON.writeEscaped(utf8: $0, into: &expected) }
            var written: [UInt8] = []
            catalog.writeEscaped(phrase, language, into: &written)
            #expect(written == expected, "\(language) \(key) \(args)")
        }
    }

    @Test func infoLinesMatchTheirRecordedFields() {
        for language in Language.allCases {
            var renderer = Renderer(language: language)
            renderer.mode = .json
            for phrases in [[], [Phrase("hangman.state.turn", ["Ana \"la\""])],
                            [Phrase("hangman.state.turn", ["Ana"]), Phrase("hangman.state.watching", []), Phrase("odd\n", [])]] {
                let event = InfoEvent(phrases: phrases)
                let recorded = JSON.object([("ev", .string("info"))] + event.fields(renderer.context))
                #expect(String(decoding: renderer.renderBytes(event), as: UTF8.self) == recorded.serialized + "\r\n")
            }
        }
    }
}
