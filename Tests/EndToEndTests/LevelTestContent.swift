import Foundation
@testable import AulaServer

/// Small levels for the level-room tests, written into the test server's own
/// content folder: `t-01` (walk four tiles, open to all, unlocks the note
/// `steps` as soon as it is open and, with its 10 XP, opens `t-02` and its note `loops`), `t-02` (walk three tiles, needs 10 XP),
/// and `fast` (a 2-second limit, in its own content set).
enum LevelTestContent {
    /// Tests type faster than the 20 lines a second a person may.
    static func fastTyping(_ config: inout ServerConfig) {
        config.limits.linesPerSecond = 10_000
    }

    static func level(id: String, board: String, timeLimit: Int, xpRequired: Int, notes: [String] = [],
                      maxLines: Int = 10, par: Int = 4) -> String {
        """
        {"id": "\(id)", "title": "Title \(id)", "title_es": "Título \(id)",
         "summary": "Walk to the goal.", "summary_es": "Camina hasta la meta.",
         "story": [{"who": "Turing", "text": "Go, Ada!", "text_es": "¡Vamos, Ada!"}],
         "board": ["#######", "\(board)", "#######"],
         "ada": {"row": 1, "col": 1, "facing": "E", "health": 3},
         "goal": ["reach_goal"], "time_limit": \(timeLimit), "max_statements": \(maxLines), "par_statements": \(par),
         "commands": ["walk", "turnLeft", "turnRight", "repeat"], "languages": ["c", "java"],
         "hints": ["Each walk(); moves Ada one tile.", "repeat (4) { walk(); }"],
         "hints_es": ["Cada walk(); mueve a Ada una casilla.", "repeat (4) { walk(); }"],
         "notes_unlocked": [\(notes.map { "\"\($0)\"" }.joined(separator: ","))], "xp_required": \(xpRequired), "xp_reward": 10}
        """
    }

    static let worlds = """
        {"worlds": [{"id": "w1", "title": "Test world", "title_es": "Mundo de prueba", "xp_required": 0,
                     "levels": ["t-01", "t-02"]}]}
        """

    /// Two levels and a note; `t-01`'s limit is `limit` seconds.
    static func standard(limit: Int = 120) -> [String: String] {
        ["Levels/worlds.json": worlds,
         "Levels/w1/t-01.json": level(id: "t-01", board: "#....G#", timeLimit: limit, xpRequired: 0, notes: ["steps"]),
         "Levels/w1/t-02.json": level(id: "t-02", board: "#...G##", timeLimit: 120, xpRequired: 10, notes: ["loops"]),
         "Levels/w1/t-rand.json": randomLevel,
         "Levels/notes/steps.en.md": "# Steps\n\nEach walk(); is one step.\n",
         "Levels/notes/steps.es.md": "# Pasos\n\nCada walk(); es un paso.\n",
         "Levels/notes/loops.en.md": "# Loops\n\nrepeat (4) { walk(); }\n",
         "Levels/notes/loops.es.md": "# Bucles\n\nrepeat (4) { walk(); }\n"]
    }

    /// Not on the map, playable by id: an iron block at one of three places per layout.
    static let randomLevel = """
        {"id": "t-rand", "title": "Random iron", "summary": "Break the iron and reach the goal.",
         "board": ["#######", "#....G#", "#######"], "ada": {"row": 1, "col": 1, "facing": "E"},
         "items": [{"kind": "iron", "random_positions": [[1, 2], [1, 3], [1, 4]]}],
         "goal": ["break_iron", "reach_goal"], "time_limit": 120, "max_statements": 12, "par_statements": 8,
         "commands": ["walk", "hit", "look", "while", "if"], "xp_required": 0, "xp_reward": 5}
        """

    /// One level, `fast`, with a 2-second clock.
    static let fast: [String: String] = [
        "Levels/worlds.json": """
            {"worlds": [{"id": "w1", "title": "Fast", "xp_required": 0, "levels": ["fast"]}]}
            """,
        "Levels/w1/fast.json": level(id: "fast", board: "#....G#", timeLimit: 2, xpRequired: 0),
    ]
}

extension TestClient {
    /// Sends each line and waits for its echo in the editor (JSON mode).
    func type(_ lines: [String]) {
        for line in lines {
            send(line)
            _ = waitForEvent("level.code_line")
        }
    }
}
