@testable import AulaGames

/// Small decks whose answers are easy to reason about in tests.
enum QuizFixtures {
    /// Types in deck order: sun, sea, snow. Every question is 20 s unless said.
    static let personality = QuizDeck(
        id: "trip", title: "Trip", lang: "en", description: "Where to?", shuffle: false, seconds: 20,
        types: [
            QuizResultType(key: "sun", title: "Sunny beach", definition: "Warm."),
            QuizResultType(key: "sea", title: "Sailing", definition: "Wet."),
            QuizResultType(key: "snow", title: "Ski trip", definition: "Cold."),
        ],
        questions: [
            // q0: 1 sun, 2 sea, 3 snow, 4 sun
            QuizQuestion(kind: .single, text: "Pick one", answers: [
                .typed("A", "sun"), .typed("B", "sea"), .typed("C", "snow"), .typed("D", "sun")]),
            // q1: 1 sun, 2 sea, 3 snow, 4 snow
            QuizQuestion(kind: .multiple, text: "Pick some", answers: [
                .typed("A", "sun"), .typed("B", "sea"), .typed("C", "snow"), .typed("D", "snow")]),
            // q2: scale 1–10 over sun, sea, snow, snow
            QuizQuestion(kind: .ranged, text: "How cold?", answers: [
                .typed("Hot", "sun"), .typed("Mild", "sea"), .typed("Cool", "snow"), .typed("Freezing", "snow")]),
        ])

    /// q0 single (answer 2 right), q1 multiple (1 and 3 right), q2 single 10 s (answer 4 right).
    static let graded = QuizDeck(
        id: "facts", title: "Facts", lang: "en", description: "Know it?", shuffle: false, seconds: 20,
        questions: [
            QuizQuestion(kind: .single, text: "2+2?", answers: [
                .graded("3", correct: false), .graded("4", correct: true),
                .graded("5", correct: false), .graded("22", correct: false)]),
            QuizQuestion(kind: .multiple, text: "Even numbers?", answers: [
                .graded("2", correct: true), .graded("3", correct: false),
                .graded("4", correct: true), .graded("5", correct: false)]),
            QuizQuestion(kind: .single, text: "Capital of Peru?", seconds: 10, answers: [
                .graded("Cusco", correct: false), .graded("Arequipa", correct: false),
                .graded("Trujillo", correct: false), .graded("Lima", correct: true)]),
        ])

    /// A deck of `count` single questions, to watch the order.
    static func numbered(_ count: Int, shuffle: Bool) -> QuizDeck {
        QuizDeck(id: "n", title: "N", lang: "en", description: "N", shuffle: shuffle, seconds: 20,
                 types: [QuizResultType(key: "x", title: "X", definition: "X")],
                 questions: (0..<count).map { i in
                     QuizQuestion(kind: .single, text: "Q\(i)", answers: [.typed("a", "x"), .typed("b", "x")])
                 })
    }

    /// A game with these players joined (and, if given, in these teams), started at t = 0.
    static func started(_ deck: QuizDeck, players: [String], teams: [String: [String]] = [:],
                        scoring: QuizScoring = .speed, seed: UInt64 = 1) throws -> QuizGame {
        var game = QuizGame(deck: deck, scoring: scoring)
        for p in players { _ = game.join(p) }
        for (team, members) in teams.sorted(by: { $0.key < $1.key }) {
            for m in members { _ = try game.pickTeam(team, for: m) }
        }
        var random = SeededRandom(seed: seed)
        _ = try game.start(now: 0, random: &random)
        return game
    }

    /// Players answer the open question, each `after` seconds from its opening;
    /// the question then closes (on its own or by the clock) and the quiz moves on.
    static func round(_ game: inout QuizGame, _ answers: [(String, String, Double)]) throws {
        let t0 = openedAt(game)
        // The clock only moves forward: answers arrive in time order.
        let inTimeOrder = answers.enumerated().sorted { ($0.element.2, $0.offset) < ($1.element.2, $1.offset) }
        for (_, (player, text, after)) in inTimeOrder {
            _ = try game.answer(text, from: player, now: t0 + after)
        }
        if case .asking = game.phase { _ = game.tick(now: t0 + 1000) }
        _ = try game.advance(now: t0 + 1001)
    }

    /// The opened-at time of the current question.
    static func openedAt(_ game: QuizGame) -> Double { game.currentQuestion?.openedAt ?? 0 }

    /// Runs a refusing call and returns its refusal (nil if it did not refuse).
    static func refusal(_ body: () throws -> [QuizEvent]) -> Refusal? {
        do { _ = try body(); return nil } catch { return (error as? Refusal) ?? Refusal(code: "not_a_refusal") }
    }
}
