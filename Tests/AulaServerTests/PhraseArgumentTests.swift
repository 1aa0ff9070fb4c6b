import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// Phrase arguments are typed (issue 18, "typed channels"): a string is always
/// text, shown as it is; only `Phrase.entry(key)` is looked up. So whatever a
/// student types — even a real catalog key — is printed as typed, by construction.
@Suite(.lab) struct PhraseArgumentTests {
    @Test func aUserTextEqualToARealCatalogKeyIsPrintedAsIs() {
        #expect(Catalog.shared.template("error.server_full", .en) != nil)
        for language in Language.allCases {
            let text = Catalog.shared.text(Phrase("chat.line", ["Ana", "error.server_full"]), language)
            #expect(text.hasSuffix(": error.server_full"), "\(language): \(text)")
            #expect(!text.contains(Catalog.shared.template("error.server_full", language) ?? "?"))
        }
        var r = Renderer()
        r.color = false
        #expect(r.render(ChatEvent(room: nil, from: "Ana", message: "usage.say", emote: false))
                == "Ana says: usage.say\r\n")
    }

    /// The old marker in front of a key no longer makes text a reference: text is
    /// never looked up, whatever it starts with (no cleaning is needed for that).
    @Test func textWithTheOldReferenceMarkerIsStillJustText() throws {
        let marker = try #require(Unicode.Scalar(UInt32(0xFDD0)))
        let forged = String(Character(marker)) + "usage.say"
        let text = Catalog.shared.text(Phrase("chat.line", ["Ana", forged]), .en)
        #expect(text == "Ana says: " + forged)
    }

    @Test func onlyAnEntryIsTranslatedAndTextBesideItIsNot() {
        let phrase = Phrase("top.title_game", ["top.game.quiz", Phrase.entry("top.game.quiz")])
        #expect(phrase.args == [.text("top.game.quiz"), .phrase(Phrase("top.game.quiz"))])
        for language in Language.allCases {
            let quiz = Catalog.shared.template("top.game.quiz", language) ?? "?"
            let text = Catalog.shared.text(phrase, language)
            #expect(text.contains("top.game.quiz"), "\(text)")
            #expect(text.contains(quiz), "\(text)")
        }
    }

    /// An entry is a whole phrase: its own arguments are filled, still as text.
    @Test func anEntryCarriesItsOwnArgumentsAsText() {
        let inner = Phrase("chat.line", ["Ben", "error.server_full"])
        let text = Catalog.shared.text(Phrase("error.usage", [PhraseArgument.phrase(inner)]), .en)
        #expect(text.contains("Ben says: error.server_full"), "\(text)")
    }

    @Test func stringsAndLiteralsAreTextWhereverTheyComeFrom() {
        let typed: String = "hangman.state.none"
        #expect(Phrase("k", [typed]).args == [.text("hangman.state.none")])
        #expect(Refusal(code: "bad", args: [typed]).phrase.args == ["hangman.state.none"])
        #expect(Phrase("k", [typed, Phrase.entry("k2")]).description == "k(hangman.state.none, k2)")
    }
}
