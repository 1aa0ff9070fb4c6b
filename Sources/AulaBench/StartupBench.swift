import Foundation

/// `aula bench startup`: a content folder with 100 levels and 10,000 words,
/// and the time from starting `aula serve` to its port accepting students
/// (database created and migrated, content validated, word bank seeded).
struct StartupBench {
    var levels = 100
    var words = 10_000

    /// Writes the generated content; returns its folder.
    func makeContent() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("aula-bench-content-\(UUID().uuidString)")
        let levelDir = root.appendingPathComponent("Levels/b1")
        let deckDir = root.appendingPathComponent("Decks/words")
        try FileManager.default.createDirectory(at: levelDir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: deckDir, withIntermediateDirectories: true)
        var ids: [String] = []
        for i in 1...levels {
            let id = String(format: "b1-%03d", i)
            ids.append(id)
            let level = """
            {"id": "\(id)", "title": "Bench level \(i)", "summary": "Walk to the goal.",
             "story": [{"who": "Turing", "text": "Go!"}],
             "board": ["#########", "#.......#", "#.#.#.#.#", "#......G#", "#########"],
             "ada": {"row": 1, "col": 1, "facing": "E", "health": 3},
             "items": [{"kind": "iron", "random_positions": [[1, 4], [1, 5], [1, 6]]}],
             "goal": ["reach_goal"], "time_limit": 120, "max_statements": 20, "par_statements": 5,
             "commands": ["walk", "turnLeft", "turnRight", "hit", "look", "repeat", "while", "if"],
             "languages": ["c", "java"], "hints": ["Walk."], "notes_unlocked": [],
             "xp_required": 0, "xp_reward": 10}
            """
            try level.write(to: levelDir.appendingPathComponent("\(id).json"), atomically: true, encoding: .utf8)
        }
        let worlds = "{\"worlds\":[{\"id\":\"b1\",\"title\":\"Bench\",\"xp_required\":0,\"levels\":["
            + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]}]}"
        try worlds.write(to: root.appendingPathComponent("Levels/worlds.json"), atomically: true, encoding: .utf8)
        // Ten decks of a thousand distinct made-up words (syllable combinations).
        let syllables = ["ba", "ce", "di", "fo", "gu", "la", "me", "ni", "po", "ru", "sa", "te", "vi", "zo", "mu",
                         "ca", "de", "fi", "go", "lu"]
        let perDeck = max(1, words / 10)
        var made = 0
        for d in 0..<10 where made < words {
            var entries: [String] = []
            for i in 0..<perDeck where made < words {
                let n = d * perDeck + i
                let word = syllables[n % 20] + syllables[(n / 20) % 20] + syllables[(n / 400) % 20] + "ra"
                entries.append("{\"word\":\"\(word)\",\"hint\":\"Bench word \(n)\"}")
                made += 1
            }
            let deck = "{\"id\":\"bench-\(d)\",\"title\":\"Bench \(d)\",\"lang\":\"en\",\"words\":[" + entries.joined(separator: ",") + "]}"
            try deck.write(to: deckDir.appendingPathComponent("bench-\(d).json"), atomically: true, encoding: .utf8)
        }
        return root
    }

    /// A content folder with one deck of long words (`bench-long`, hard
    /// difficulty), so hangman rounds last many guesses.
    func makeHangmanContent() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("aula-bench-hangman-\(UUID().uuidString)")
        let deckDir = root.appendingPathComponent("Decks/words")
        try FileManager.default.createDirectory(at: deckDir, withIntermediateDirectories: true)
        let syllables = ["bal", "cem", "dir", "fok", "gun", "laz", "mep", "nix", "pob", "ruy", "saj", "tew", "vih", "zoq"]
        var entries: [String] = []
        for n in 0..<300 {
            // Base-14 digits of n pick the syllables, so every word differs.
            let word = (0..<4).map { syllables[(n / Int(pow(14.0, Double($0)))) % syllables.count] }.joined()
            entries.append("{\"word\":\"\(word)\",\"hint\":\"Bench word \(n)\"}")
        }
        let unique = entries
        let deck = "{\"id\":\"bench-long\",\"title\":\"Bench\",\"lang\":\"en\",\"words\":[" + unique.joined(separator: ",") + "]}"
        try deck.write(to: deckDir.appendingPathComponent("bench-long.json"), atomically: true, encoding: .utf8)
        return root
    }

    /// Seconds from process start to the port accepting, for a first start
    /// (empty database) and a second start on the same database.
    func run(runs: Int) throws -> (first: [Double], again: [Double]) {
        let content = try makeContent()
        defer { try? FileManager.default.removeItem(at: content) }
        var first: [Double] = [], again: [Double] = []
        for _ in 0..<runs {
            let started = Date()
            let server = try ServerProcess(contentDirectory: content.path)
            first.append(Date().timeIntervalSince(started))
            let db = server.databasePath
            server.stop(keepFiles: true)
            let restarted = Date()
            let second = try ServerProcess(contentDirectory: content.path, databasePath: db)
            again.append(Date().timeIntervalSince(restarted))
            second.stop()
            server.removeFiles()
        }
        return (first, again)
    }
}
