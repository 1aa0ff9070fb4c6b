import Foundation
@testable import AulaServer
@testable import AulaQuizRoom

/// Small quiz decks and helpers for the quiz end-to-end tests.
enum QuizSupport {
    /// Personality: types sun, sea, snow (in that order); 5 s per question.
    /// q1 single: A sun, B sea, C snow, D sun. q2 multiple: A sun, B sea, C snow, D snow.
    /// q3 ranged: Hot sun, Mild sea, Cool snow, Freezing snow.
    static let tripTypes: [[String]] = [["sun", "sea", "snow", "sun"], ["sun", "sea", "snow", "snow"],
                                        ["sun", "sea", "snow", "snow"]]
    static let trip = """
    {"id": "trip", "title": "Trip", "lang": "en", "description": "Where to?", "shuffle": false, "seconds": 5,
     "types": [{"key": "sun", "title": "Sunny beach", "definition": "Warm sand."},
               {"key": "sea", "title": "Sailing", "definition": "Wind and waves."},
               {"key": "snow", "title": "Ski trip", "definition": "Cold and fast."}],
     "questions": [
      {"kind": "single", "text": "Pick one", "answers": [{"text": "A", "type": "sun"}, {"text": "B", "type": "sea"},
                                                        {"text": "C", "type": "snow"}, {"text": "D", "type": "sun"}]},
      {"kind": "multiple", "text": "Pick some", "answers": [{"text": "A", "type": "sun"}, {"text": "B", "type": "sea"},
                                                           {"text": "C", "type": "snow"}, {"text": "D", "type": "snow"}]},
      {"kind": "ranged", "text": "How cold?", "answers": [{"text": "Hot", "type": "sun"}, {"text": "Mild", "type": "sea"},
                                                         {"text": "Cool", "type": "snow"}, {"text": "Freezing", "type": "snow"}]}
     ]}
    """

    /// Graded, 5 s: q1 single (answer 2 right), q2 multiple (1 and 3 right).
    static let factsCorrect: [Set<Int>] = [[2], [1, 3]]
    static let facts = """
    {"id": "facts", "title": "Facts", "lang": "en", "description": "Know it?", "shuffle": false, "seconds": 5,
     "shuffle_answers": false,
     "questions": [
      {"kind": "single", "text": "2+2?", "answers": [{"text": "3", "correct": false}, {"text": "4", "correct": true},
                                                    {"text": "5", "correct": false}]},
      {"kind": "multiple", "text": "Even numbers?", "answers": [{"text": "2", "correct": true}, {"text": "3", "correct": false},
                                                               {"text": "4", "correct": true}, {"text": "5", "correct": false}]}
     ]}
    """

    /// One 11-second question (the reminder comes at 10 s left, 1 s in).
    static let slow = """
    {"id": "slow", "title": "Slow", "lang": "en", "description": "Take your time.", "seconds": 11,
     "types": [{"key": "x", "title": "X", "definition": "X."}, {"key": "y", "title": "Y", "definition": "Y."}],
     "questions": [{"kind": "single", "text": "X or Y?", "answers": [{"text": "X", "type": "x"}, {"text": "Y", "type": "y"}]}]}
    """

    static let content: [String: String] = [
        "Decks/quizzes/trip.json": trip, "Decks/quizzes/facts.json": facts, "Decks/quizzes/slow.json": slow,
    ]

    /// A test server with quiz rooms whose tally stays up only briefly.
    /// `nextGuard`: how long after a question opens `next` is refused (session 11).
    static func server(content: [String: String] = QuizSupport.content, virtualClock: Bool = false,
                       nextGuard: Double = 2) throws -> TestServer {
        try TestServer(virtualClock: virtualClock, content: content, games: { server in
            QuizRoom.register(server, reviewPause: 0.2, nextGuard: nextGuard)
        })
    }

    /// Logs in JSON clients; the first creates a quiz room on `deck`, the others join it.
    static func room(_ server: TestServer, deck: String, names: [String]) throws -> (String, [TestClient]) {
        let clients = try names.map { try TestClient.loggedInJSON(port: server.port, name: $0) }
        clients[0].send("create quiz \(deck)")
        guard let room = clients[0].waitForEvent("room.joined")?["room"] as? String else {
            throw TestError("no room for \(deck): \(clients[0].transcript.suffix(3))")
        }
        for c in clients.dropFirst() {
            c.send("join \(room)")
            guard c.waitForEvent("room.joined") != nil else { throw TestError("could not join \(room)") }
        }
        return (room, clients)
    }

    /// Rounds half away from zero, the rules' rounding.
    static func round(_ x: Double) -> Int { Int(x.rounded(.toNearestOrAwayFromZero)) }

    /// Most frequent type among `chosen` (in the order chosen), ties going to
    /// the tied type chosen last (SPEC §12).
    static func mostFrequent(_ chosen: [String], order: [String]) -> String? {
        var best: String?, bestCount = 0, bestLast = -1
        for type in order {
            let n = chosen.filter { $0 == type }.count
            let last = chosen.lastIndex(of: type) ?? -1
            if n > bestCount || (n == bestCount && n > 0 && last > bestLast) { best = type; bestCount = n; bestLast = last }
        }
        return best
    }
}

extension Dictionary where Key == String, Value == Any {
    func int(_ key: String) -> Int? { self[key] as? Int }
    func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
    func list(_ key: String) -> [[String: Any]]? { self[key] as? [[String: Any]] }
}
