import Foundation
import AulaServer

/// The conventions of a Unix tool (SPEC §12 Command line, issue 17): every
/// subcommand answers `--help`/`-h` with its usage and exit 0; an unknown flag
/// or a missing value is refused with the usage and exit 2; subcommands other
/// than `serve` never create a database.
enum CLI {
    static let version = "aula 1.0.0"

    /// The options every subcommand reading the database understands.
    static let databaseOptions: Set<String> = ["db", "lang", "log-level"]
    /// `serve`'s options (`check-content` reads the content and language only).
    static let serveOptions: Set<String> = Set(["port", "bind", "admin-port", "admin-bind", "db", "content", "lang",
                                                "log-level", "idle-timeout", "grace", "max-connections",
                                                "lines-per-second", "board-port", "board-bind", "board-max-connections"])
        .union(Options.limitFlags).union(Options.yearFlags)

    /// Flags (no value) and valued options each command accepts; `help` always.
    static let accepted: [String: (flags: Set<String>, valued: Set<String>)] = [
        "serve": ([], serveOptions),
        "check-content": ([], ["content", "lang", "log-level"]),
        "bench": (["quick"], ["out", "target", "connections", "rows", "rooms", "seconds", "baseline", "pace",
                              "attacks", "content", "players"]),
        "teacher": ([], databaseOptions),
        "export": (["bom", "csv", "excel"], databaseOptions.union(["group", "since"])),
        "leaderboard": ([], databaseOptions.union(["group", "game"])),
        "admin": ([], ["script", "admin-port", "admin-bind", "lang", "log-level", "db"]),
        "backup": ([], databaseOptions),
        "restore": (["yes"], databaseOptions),
        "forget": (["yes"], databaseOptions.union(["group"])),
        "prune": (["yes", "dry-run"], databaseOptions.union(["inactive"])),
        "version": ([], []),
    ]

    /// Refuses flags the command does not know (exit 2 with its usage).
    static func check(_ options: Options, command: String) throws {
        guard let allowed = accepted[command] else { return }
        for flag in options.flags where flag != "help" && !allowed.flags.contains(flag) {
            throw UsageError(unknown(flag, allowed.valued.contains(flag)))
        }
        for key in options.values.keys where !allowed.valued.contains(key) && !allowed.flags.contains(key) {
            throw UsageError(unknown(key, false))
        }
        for short in options.unknownShort {
            // A roster may hold a name like "-Ana" (session 11): say how to name it.
            throw UsageError("unknown option \(short) (a NAME that starts with - goes after --: -- \(short))")
        }
    }

    private static func unknown(_ name: String, _ needsValue: Bool) -> String {
        needsValue ? "--\(name) needs a value" : "unknown option --\(name)"
    }

    /// The database a subcommand reads or changes: it must exist (only
    /// `serve` creates one), else the error names the path and the ways to point elsewhere.
    static func existingDatabase(_ options: Options) throws -> String {
        let path = try options.serverConfig().databasePath
        guard FileManager.default.fileExists(atPath: path) else {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            throw MissingDatabase(path: absolute)
        }
        return path
    }
}

/// A subcommand found no database: exit 1, naming the path.
struct MissingDatabase: Error, CustomStringConvertible {
    let path: String
    var description: String {
        "no database at \(path) — run the command in the folder where aula serve runs, give --db PATH "
            + "or set AULA_DB (only aula serve creates a database)"
    }
}

/// Each subcommand's usage (`aula COMMAND --help`).
enum Usage {
    static let teacher = """
    Usage: aula teacher add NAME [--db PATH]
           aula teacher passwd NAME [--db PATH]

    Creates a teacher account, or sets a new password, in the database (default
    ./aula.sqlite; --db PATH or AULA_DB for another). The password is asked twice
    with no echo; from a pipe, the first line is the password. The database must
    exist: start aula serve once first (it creates it).
    """

    static let leaderboard = """
    Usage: aula leaderboard [--group G | G] [--game hangman|quiz|level] [--db PATH]

    Prints the leaderboard straight from the database (it can run while the server does).
    A group that does not exist is refused (exit 1) with the groups there are.
    """

    static let admin = """
    Usage: aula admin [--script FILE] [--admin-port N]

    The teachers' console: connects to 127.0.0.1:4001 (AULA_ADMIN_PORT for
    another port) and asks for the teacher name and password. With --script FILE
    it logs in with AULA_TEACHER and AULA_PASSWORD (or asks), runs the file line by
    line and stops at the first error (exit 1).
    """

    static let checkContent = """
    Usage: aula check-content [--content DIR] [--lang en|es]

    Validates every Level and Deck file under DIR (default .); exits 1 on any error.
    """

    static let bench = """
    Usage: aula bench MODE [options]

    Measures speed and memory on this machine (loopback only). MODE is one of
    connections, hangman, judge, leaderboard, startup, soak, hostile, all.
      --quick             a short run
      --out PATH          the report (default bench-report.md)
      --target HOST:PORT  a server already running (loopback only)
      --connections N, --rows N, --rooms N, --seconds N, --players N
      --baseline PATH     the C baseline's source (default bench/baseline.c)
      --pace paced|saturation   hangman: one kind of run only
      --attacks NAME,NAME       hostile: only these attacks
      --content DIR       the content folder
    """
}
