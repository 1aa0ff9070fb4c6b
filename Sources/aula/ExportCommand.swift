import Foundation
import AulaAdmin
import AulaServer

/// `aula export scores|summary [--group G] [--since DATE] [--bom] --csv` and
/// `aula leaderboard [--group G] [--game hangman|quiz|level]`, straight from the database file.
enum ExportCommand {
    static let help = """
    Usage: aula export scores [--group G | G] [--since DATE] [--bom | --excel] --csv
           aula export summary [--group G | G] [--bom | --excel] --csv

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

      --group G      only this group (case does not matter); the group may also
                     come right after scores or summary. A group that does not
                     exist is refused (exit 1) with the groups there are
      --since DATE   scores only: rounds finished from this date on
                     (2025-03-04 or 2025-03-04T09:15:00Z, UTC)
      --bom          start with a UTF-8 byte order mark, so Excel shows accents
                     right (use it for any file to be opened in Excel)
      --excel        for Excel in Spanish (or any language that writes 2,5):
                     cells split by ; dates as 2026-12-02 06:56:32 in this
                     machine's local time, and the byte order mark
      --csv          the format (the only one there is)

    A cell that starts with =, +, -, @, tab or CR gets a leading ' so a
    spreadsheet shows it as text and never runs it as a formula.
    Dates are otherwise UTC, as 2026-12-02T05:56:32Z.
    Example: aula export summary --group 3B --excel --csv > 3B.csv
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
        let group = try groupNamed(options, after: 1)
        if let refusal = try AdminOffline.unknownGroup(databasePath: config.databasePath, group: group) {
            return refuse(AdminOffline.text(refusal, config.language))
        }
        let csv = try AdminOffline.exportCSV(databasePath: config.databasePath, group: group, since: since,
                                             bom: options.flags.contains("bom"), excel: options.flags.contains("excel"))
        StandardStreams.output(csv)
        return 0
    }

    static func exportSummary(_ options: Options) throws -> Int32 {
        if options.values["since"] != nil { throw UsageError("--since is for export scores; the summary counts everything") }
        let config = try options.serverConfig()
        let group = try groupNamed(options, after: 1)
        if let refusal = try AdminOffline.unknownGroup(databasePath: config.databasePath, group: group) {
            return refuse(AdminOffline.text(refusal, config.language))
        }
        let csv = try AdminOffline.summaryCSV(databasePath: config.databasePath, group: group,
                                              bom: options.flags.contains("bom"), excel: options.flags.contains("excel"))
        StandardStreams.output(csv)
        return 0
    }

    static func leaderboard(_ options: Options) throws -> Int32 {
        let config = try options.serverConfig()
        let group = try groupNamed(options, after: 0)
        if let refusal = try AdminOffline.unknownGroup(databasePath: config.databasePath, group: group) {
            return refuse(AdminOffline.text(refusal, config.language))
        }
        switch try AdminOffline.leaderboardText(databasePath: config.databasePath, group: group,
                                                game: options.values["game"], language: config.language) {
        case .success(let text):
            print(text, terminator: "")
            return 0
        case .failure(let refusal):
            return refuse(AdminOffline.text(refusal, config.language))
        }
    }

    /// The group: `--group G`, or one word after the command (`aula export scores 3B --csv`,
    /// `aula leaderboard 3B`). A stray word was ignored and everyone exported (session 12):
    /// more than one, or one besides --group, is a usage error (exit 2).
    static func groupNamed(_ options: Options, after count: Int) throws -> String? {
        let extra = Array(options.positional.dropFirst(count))
        if extra.isEmpty { return options.values["group"] }
        guard extra.count == 1, options.values["group"] == nil else {
            throw UsageError("unexpected \"\(extra.joined(separator: " "))\": name one group, as --group G")
        }
        return extra[0]
    }

    /// Exit 1 with the refusal on standard error.
    private static func refuse(_ text: String) -> Int32 {
        StandardStreams.error("aula: " + text + "\n")
        return 1
    }
}
