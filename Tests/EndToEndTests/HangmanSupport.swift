import Foundation
@testable import AulaServer
@testable import AulaHangmanRoom

/// A tiny deck whose three words share the same four letters (g, a, t, o),
/// so every letter of "gato" hits once whatever word is drawn, and the mask
/// after `g` and `a` tells which word it is.
enum HangmanFixture {
    static let words = ["gato", "toga", "gota"]
    static let letters: [Character] = ["g", "a", "t", "o"]
    static let deck = """
    {"id": "prueba-es", "title": "Prueba", "lang": "es", "words": [
      {"word": "gato", "hint": "Animal que maúlla"},
      {"word": "toga", "hint": "Prenda romana larga"},
      {"word": "gota", "hint": "Cae de un grifo"}
    ]}
    """

    static func server(virtualClock: Bool = false,
                       _ configure: @escaping (inout ServerConfig) -> Void = { _ in }) throws -> TestServer {
        try TestServer(virtualClock: virtualClock, configure: configure, content: ["Decks/words/prueba-es.json": deck],
                       games: { HangmanGame.register($0, seed: 42) })
    }

    /// The deck's words that fit a mask (`g__a`).
    static func candidates(_ mask: String) -> [String] {
        words.filter { word in
            word.count == mask.count && zip(word, mask).allSatisfy { $1 == "_" || $0 == $1 }
        }
    }
}

extension TestClient {
    /// The next `hangman.state` (skipping other events).
    func nextState(timeout: Double = 5) -> [String: Any]? { waitForEvent("hangman.state", timeout: timeout) }

}
