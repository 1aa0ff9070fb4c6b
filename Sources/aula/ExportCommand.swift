import Foundation
import AulaServer

/// `aula export scores [--group G] [--since DATE] --csv` and
/// `aula leaderboard [--group G] [--game hangman|quiz|level]`, straight from the database file.
enum ExportCommand {
    static func exportScores(_ options: Options) throws -> Int32 {
        guard options.positional.first == "scores" else {
            throw UsageError("usage: aula export scores [--group G] [--since DATE] --csv")
        }
        let config = try options.serverConfig()
        var since: Double?
        if let text = options.value("since") {
            guard let date = AdminOffline.parseDate(text) else {
                throw UsageError("--since must be a date like 2025-03-04 or 2025-03-04T09:15:00Z")
            }
            since = date
        }
        let csv = try AdminOffline.exportCSV(databasePath: config.databasePath, group: options.values["group"], since: since)
        FileHandle.standardOutput.write(Data(csv.utf8))
        return 0
    }

    static func leaderboard(_ options: Options) throws -> Int32 {
        let config = try options.serverConfig()
        switch try AdminOffline.leaderboardText(databasePath: config.databasePath, group: options.values["group"],
                                                game: options.values["game"], language: config.language) {
        case .success(let text):
            print(text, terminator: "")
            return 0
        case .failure(let refusal):
            FileHandle.standardError.write(Data(("aula: " + AdminOffline.text(refusal, config.language) + "\n").utf8))
            return 1
        }
    }
}
