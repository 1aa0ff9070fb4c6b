import Foundation
import AulaServer
import AulaStore

/// `aula backup`, `restore`, `forget`, `prune` and `export student` (issue 17).
enum YearCommands {
    static let backupHelp = """
    Usage: aula backup FILE [--db PATH]

    Copies the database (default ./aula.sqlite; --db PATH or AULA_DB) into FILE,
    which must not exist yet. It works while the server runs (SQLite's VACUUM
    INTO: one consistent moment) and checks the copy with integrity_check.
    aula serve also keeps daily backups in backups/ beside the database.
    """

    static let restoreHelp = """
    Usage: aula restore FILE [--db PATH] [--yes]

    Puts the backup FILE in place of the database. Stop aula serve first: a
    running server is refused. FILE is checked (integrity_check, Aula's tables)
    before anything changes; the current database is kept as PATH.bak (or
    PATH.bak-DATE-TIME when that exists: the question names it). Asks for
    confirmation unless --yes is given.
    """

    static let forgetHelp = """
    Usage: aula forget [--group G] NAME [--db PATH] [--yes]

    Deletes a student and everything stored about them: scores, totals, quiz
    answers, level progress, attempts and programs (a right-to-erasure request).
    With the same name in several groups, --group says which. Asks for
    confirmation unless --yes is given; the audit log records that a student
    was forgotten, never who. Best done with the student logged out: while the
    server runs, a student still connected plays on unrecorded (their
    classmates' rounds are saved without them) until kicked.
    A NAME that starts with - goes after --: aula forget -- -Ana
    """

    static let pruneHelp = """
    Usage: aula prune --inactive DAYS [--dry-run] [--yes] [--db PATH]

    Deletes every student with no activity (login, round, attempt) in the last
    DAYS days, with all their rows. --dry-run only counts them. Asks for
    confirmation unless --yes is given.
    """

    static let exportStudentHelp = """
    Usage: aula export student NAME [--group G] [--db PATH]

    Writes everything stored about one student as JSON on standard output (a
    subject-access request): their row (no PIN), scores, totals, answers, level
    progress, attempts, programs and the rounds they played.
    A NAME that starts with - goes after --: aula export student -- -Ana
    """

    static func backup(_ options: Options) throws -> Int32 {
        guard options.positional.count == 1, let target = options.positional.first else {
            throw UsageError("aula backup needs one FILE\n\n" + backupHelp)
        }
        let path = try CLI.existingDatabase(options)
        let size = try YearOffline.backup(databasePath: path, to: target)
        print("Backup of \(path) written to \(target) (\(size) bytes, integrity ok).")
        return 0
    }

    static func restore(_ options: Options) throws -> Int32 {
        guard options.positional.count == 1, let file = options.positional.first else {
            throw UsageError("aula restore needs one FILE\n\n" + restoreHelp)
        }
        let path = try options.serverConfig().databasePath
        // Every refusal before the question (session 11): a running server, a file that is
        // not a backup or one from a newer aula; and the question names the real kept file.
        try YearOffline.checkRestorable(file)
        try YearOffline.refuseWhileServing(databasePath: path)
        let keep = YearOffline.keptName(databasePath: path)
        let question = "Replace \(path) with \(file)? " + (keep.map { "The current file is kept as \($0)." } ?? "There is no database there yet.")
        guard confirm(question, options) else {
            print("Nothing changed.")
            return 1
        }
        let kept = try YearOffline.restore(databasePath: path, from: file, keepingAs: keep)
        print("Restored \(file) into \(path)." + (kept.map { " The previous database is kept as \($0)." } ?? ""))
        return 0
    }

    static func forget(_ options: Options) throws -> Int32 {
        guard !options.positional.isEmpty else { throw UsageError("aula forget needs a NAME\n\n" + forgetHelp) }
        let path = try CLI.existingDatabase(options)
        let student = try oneStudent(options, path: path)
        guard confirm("Delete \(student.name) (group \(student.group)) and everything stored about them?", options) else {
            print("Nothing changed.")
            return 1
        }
        let left = try YearOffline.forget(databasePath: path, studentID: student.id, by: "aula forget")
        guard left == 0 else { throw YearOffline.Failure("\(left) rows about \(student.name) are still stored") }
        print("\(student.name) (group \(student.group)) forgotten: no row about them is left.")
        if DatabaseLock.isHeld(databasePath: path) != nil {
            // The running server still has them online, if they are: what they play now is
            // not kept (their classmates' rounds are saved without them).
            print("The server is running: if \(student.name) is still connected, kick them from the console (kick \(student.group)/\(student.name)).")
        }
        return 0
    }

    static func prune(_ options: Options) throws -> Int32 {
        guard let days = try options.int("inactive"), days >= 1 else {
            throw UsageError("aula prune needs --inactive DAYS (1 or more)\n\n" + pruneHelp)
        }
        let path = try CLI.existingDatabase(options)
        let count = try YearOffline.prune(databasePath: path, inactiveDays: days, dryRun: true, by: "aula prune")
        if options.flags.contains("dry-run") || count == 0 {
            print("\(count) student(s) with no activity in the last \(days == 1 ? "day" : "\(days) days").")
            return 0
        }
        guard confirm("Delete \(count) student(s) with no activity in the last \(days == 1 ? "day" : "\(days) days"), with all their rows?", options) else {
            print("Nothing changed.")
            return 1
        }
        let deleted = try YearOffline.prune(databasePath: path, inactiveDays: days, dryRun: false, by: "aula prune")
        print("\(deleted) student(s) deleted.")
        return 0
    }

    static func exportStudent(_ options: Options) throws -> Int32 {
        guard options.positional.count >= 2 else { throw UsageError("aula export student needs a NAME\n\n" + exportStudentHelp) }
        let path = try CLI.existingDatabase(options)
        var named = options
        named.positional.removeFirst()
        let student = try oneStudent(named, path: path, readOnly: true)
        var json = try YearOffline.studentJSON(databasePath: path, studentID: student.id)
        json.append(0x0A)
        StandardStreams.output(json)
        return 0
    }

    /// The one student NAME (and --group) means, or an error saying why not.
    private static func oneStudent(_ options: Options, path: String, readOnly: Bool = false) throws -> (id: Int64, group: String, name: String) {
        let name = options.positional.joined(separator: " ")
        let found = try YearOffline.matches(databasePath: path, name: name, group: options.values["group"], readOnly: readOnly)
        if found.isEmpty {
            throw YearOffline.Failure("no student named \(name)" + (options.values["group"].map { " in group \($0)" } ?? ""))
        }
        if found.count > 1 {
            throw UsageError("\(name) is in several groups (\(found.map(\.group).joined(separator: ", "))): say which with --group G")
        }
        return found[0]
    }

    /// --yes, or a "y" typed on standard input.
    private static func confirm(_ question: String, _ options: Options) -> Bool {
        if options.flags.contains("yes") { return true }
        StandardStreams.error(question + " [y/N] ")
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return ["y", "yes", "s", "si", "sí"].contains(answer)
    }
}
