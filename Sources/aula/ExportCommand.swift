import Foundation
import AulaAdmin
import AulaServer

/// `aula export scores|summary [--group G] [--since DATE] [--bom] --csv` and
/// `aula leaderboard [--group G] [--game hangman|quiz|level]`, straight from the database file.
enum ExportCommand {
    static let help = """
    Usage: aula export scores [--group G] [--since DATE] [--bom] --csv
           aula export summary [--group G] [--bom] --csv

    Writes CSV (UTF-8, CRLF lines) on standard output, straight from the database
    (--db PATH, default ./aula.sqlite); it can run while the server does.

      scores    one line per student per round:
                group,session,student,game,room,round,points,outcome,finished_at,
                content,correct,questions
                content is the level id, quiz deck id or hangman deck id played;
                correct and questions are filled for graded quizzes only (answers
                right, questions asked), empty otherwise
      summary   one line per student (the gradebook):
                group,student,hangman,quiz,level,total,levels_solved,stars,
                quiz_correct,quiz_asked,rounds,first_seen,last_seen

      --group G      only this group (case does not matter)
      --since DATE   scores only: rounds finished from this date on
                     (2025-03-04 or 2025-03-04T09:15:00Z, UTC)
      --bom          start with a UTF-8 byte order mark, so Excel shows accents right
      --csv          the format (the only one there is)

    A cell that starts with =, +, -, @, tab or CR gets a leading ' so a
    spreadsheet shows it as text and never runs it as a formula.
    Example: aula export summary --group 3B --bom --csv > 3B.csv
    """

    static func export(_ options: Options) throws -> Int32 {
        if options.flags.contains("help") || options.positional.first == "help" {
            print(help)
            return 0
        }
        switch options.positional.first {
        case "scores": return try exportScores(options)
        case "summary": return try exportSummary(options)
        default: throw UsageError("usage: aula export scores|summary [--group G] [--since DATE] [--bom] --csv\n"
                                  + "(aula export --help says more)")
        }
    }

    static func exportScores(_ options: Options) throws -> Int32 {
        let config = try options.serverConfig()
        var since: Double?
        if let text = options.value("since") {
            guard let date = AdminOffline.parseDate(text) else {
                throw UsageError("--since must be a date like 2025-03-04 or 2025-03-04T09:15:00Z")
            }
            since = date
        }
        let csv = try AdminOffline.exportCSV(databasePath: config.databasePath, group: options.values["group"], since: since,
                                             bom: options.flags.contains("bom"))
        StandardStreams.output(csv)
        return 0
    }

    static func exportSummary(_ options: Options) throws -> Int32 {
        if options.values["since"] != nil { throw UsageError("--since is for export scores; the summary counts everything") }
        let config = try options.serverConfig()
        let csv = try AdminOffline.summaryCSV(databasePath: config.databasePath, group: options.values["group"],
                                              bom: options.flags.contains("bom"))
        StandardStreams.output(csv)
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
            StandardStreams.error("aula: " + AdminOffline.text(refusal, config.language) + "\n")
            return 1
        }
    }
}
