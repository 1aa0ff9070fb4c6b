import Foundation

/// The hostile bench's content folder: the hangman bench's deck plus one level
/// open to everyone at 0 XP (`hostile-01`) with room for the attacks — `repeat`
/// unlocked (the long-chain program) and a large `max_lines`, so its editor
/// takes the most lines any level allows (`3 × max_lines + 10`, at most 400).
/// One walk does not solve it, so a submitted program is judged every time.
enum HostileContent {
    static let levelID = "hostile-01"

    static func make() throws -> URL {
        let root = try StartupBench(levels: 0, words: 0).makeHangmanContent()
        let levelDir = root.appendingPathComponent("Levels/h1")
        try FileManager.default.createDirectory(at: levelDir, withIntermediateDirectories: true)
        let level = """
        {"id": "\(levelID)", "title": "Hostile bench", "summary": "Walk to the goal.",
         "story": [{"who": "Turing", "text": "Go!"}],
         "board": ["##########", "#........#", "#.#.#.#..#", "#.......G#", "##########"],
         "ada": {"row": 1, "col": 1, "facing": "E", "health": 3},
         "goal": ["reach_goal"], "time_limit": 600, "max_lines": 130, "par_lines": 5,
         "commands": ["walk", "turnLeft", "turnRight", "repeat", "while", "if"],
         "languages": ["c", "java"], "hints": ["Walk."], "notes_unlocked": [],
         "xp_required": 0, "xp_reward": 10}
        """
        try level.write(to: levelDir.appendingPathComponent("\(levelID).json"), atomically: true, encoding: .utf8)
        let worlds = "{\"worlds\":[{\"id\":\"h1\",\"title\":\"Hostile\",\"xp_required\":0,\"levels\":[\"\(levelID)\"]}]}"
        try worlds.write(to: root.appendingPathComponent("Levels/worlds.json"), atomically: true, encoding: .utf8)
        return root
    }
}
