import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Issue 13: chat words on the blocklist are masked (`****`), with the same
/// folding as names, and ordinary words and names pass as typed.
@Suite(.lab) struct ChatMaskTests {
    static let shipped: Blocklist = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let text = (try? String(contentsOf: url.appendingPathComponent("Decks/blocklist.txt"), encoding: .utf8)) ?? ""
        return Blocklist(fileContents: text)
    }()

    /// Ordinary English and Spanish words and names, several with a listed
    /// word inside them (the Scunthorpe problem) or a look of one.
    static let ordinary = """
        Scunthorpe Pascal análisis analista Cassandra computadora cálculo calculadora disputa reputación \
        assassin class passion assess Essex Sussex Middlesex cocktail cockpit Hancock Hitchcock peacock \
        shiitake Shiite Kinoshita Matsushita Yamashita Fukuoka Fukushima therapist grape butterfly \
        Dickens Dickinson Titicaca arsenal arsenic assume bass glass sassy Assisi Penistone Pissarro Pisa \
        as asado sexto sextante Sexton vergüenza culto película culebra oculto pollo pollito cabra cabrito \
        huevo perro zorro cono cojín follaje culinario pinchar Putin mamá pene Analía Cummings Bitche \
        hello world 100 455 R2D2 COVID19 ñandú Ñuñoa
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    @Test func blockedWordsAreMaskedNotDropped() {
        let list = Self.shipped
        #expect(list.mask("you are a shit player") == ("you are a **** player", true))
        #expect(list.mask("eres un gilipollas, tío") == ("eres un ****, tío", true))
        #expect(list.mask("hello there") == ("hello there", false))
    }

    @Test func variantsAreFoldedLikeNames() {
        let list = Self.shipped
        for typed in ["SHIT", "Shit", "shiiit", "shiiiiiit", "5h1t", "sh!t", "$hit", "sh1tty", "fuuuuck", "F U"
                      .replacingOccurrences(of: " ", with: "") + "CK", "ЅНІТ", "mierdaaa", "c0ño", "coñoooo",
                      "gilipoyas".replacingOccurrences(of: "y", with: "ll"), "puta99", "99puta", "bullsh1t"] {
            #expect(list.mask("a \(typed) b").text == "a **** b", "\(typed)")
        }
    }

    @Test func punctuationAroundAMaskedWordIsKept() {
        let list = Self.shipped
        #expect(list.mask("shit!").text == "****!")
        #expect(list.mask("(shit), shit.").text == "(****), ****.")
        #expect(list.mask("¡mierda!").text == "¡****!")
    }

    @Test func ordinaryWordsAndNamesPassUnmasked() {
        let list = Self.shipped
        for word in Self.ordinary {
            #expect(!list.mask(word).masked, "\(word)")
            #expect(list.mask("hola \(word) hello").text == "hola \(word) hello", "\(word)")
        }
        let sentence = Self.ordinary.joined(separator: " ")
        #expect(list.mask(sentence) == (sentence, false))
    }

    @Test func theShippedListHasAFewHundredEntries() {
        #expect(Self.shipped.count >= 250)
    }

    @Test func namesFoldRepeatedLettersToo() {
        let list = Self.shipped
        #expect(list.blocks("Shiiit"))
        #expect(list.blocks("Fuuuck99"))
        #expect(!list.blocks("Scunthorpe"))
        #expect(!list.blocks("Cassandra"))
    }

    @Test func anEmptyListMasksNothing() {
        #expect(Blocklist.empty.mask("shit") == ("shit", false))
    }
}
