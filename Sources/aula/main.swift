import Foundation
import AulaAdmin
import AulaServer
import AulaGameRooms
import AulaNet
import AulaBench

// `aula` — argument parsing and wiring only; everything else lives in AulaServer.

let usage = """
Usage: aula COMMAND [options]

Commands:
  serve           run the server (students on port 4000, admin console on 127.0.0.1:4001)
  check-content   validate every Level and Deck file; exits non-zero on any error
  bench MODE      measure speed and memory (modes: connections, hangman, judge,
                  leaderboard, startup, soak, hostile, all); --quick, --out PATH (default
                  bench-report.md), --target HOST:PORT, --connections N, --rows N,
                  --rooms N, --seconds N, --baseline PATH (default bench/baseline.c),
                  --pace paced|saturation (hangman: one kind of run only),
                  --attacks NAME,NAME (hostile: only these attacks)
  teacher add NAME | teacher passwd NAME
                  a teacher account (the password is asked twice, with no echo)
  export scores [--group G] [--since DATE] [--bom | --excel] --csv
                  every score as CSV on standard output (level, deck, quiz answers right)
  export summary [--group G] [--bom | --excel] --csv
                  the gradebook: one CSV line per student ("aula export --help")
  leaderboard [--group G] [--game hangman|quiz|level]
  export student NAME [--group G]
                  everything stored about one student, as JSON
  admin [--script FILE]
                  the teachers' console (connects to 127.0.0.1:4001); --script
                  runs a file of commands and stops at the first error
  backup FILE     copy the database into FILE (works while the server runs)
  restore FILE    put a backup in place of the database (server stopped)
  forget [--group G] NAME
                  delete a student and everything stored about them
  prune --inactive DAYS
                  delete students with no activity in the last DAYS days
  version         the version (also --version)
  help            this text

Every command answers --help. Only serve creates a database; the others use
./aula.sqlite, or --db PATH, or AULA_DB.
Run "aula serve --help" for the server's options.
"""

let serveHelp = """
Usage: aula serve [options]

Runs the Aula server. No configuration is needed: students connect to port 4000
(nc HOST 4000), the admin console listens on 127.0.0.1:4001, the database is
./aula.sqlite (created and migrated on first start) and content is read from
./Levels and ./Decks.

Options (each also read from an environment variable):
  --port N            students' port (AULA_PORT, default 4000; 0 = any free port)
  --bind HOST         students' address (AULA_BIND, default 0.0.0.0)
  --admin-port N      admin console port (AULA_ADMIN_PORT, default 4001)
  --admin-bind HOST   admin console address (AULA_ADMIN_BIND, default 127.0.0.1;
                      anything else exposes the console — only on purpose)
  --board-port N      projector board, HTTP (AULA_BOARD_PORT, default 4002; 0 = off)
  --board-bind HOST   board address (AULA_BOARD_BIND, default 127.0.0.1; any other
                      address needs the ?key= printed at start: "Board: http://…/?key=…")
  --board-max-connections N  board connections at once (AULA_BOARD_MAX_CONNECTIONS, default 64)
  --db PATH           SQLite database file (AULA_DB, default ./aula.sqlite)
  --content DIR       folder holding Levels/ and Decks/ (AULA_CONTENT, default .)
  --lang en|es        language for newcomers (AULA_LANG, default en)
  --log-level LEVEL   debug, info, warn or error (AULA_LOG_LEVEL, default info)
  --idle-timeout MIN  minutes before idle students are disconnected (AULA_IDLE_TIMEOUT, default 30)
  --grace SECONDS     reconnect grace for dropped students (AULA_GRACE, default 120)
  --max-connections N connection cap (AULA_MAX_CONNECTIONS, default 20000)
  --lines-per-second N  flood limit per connection (AULA_LINES_PER_SECOND, default 20)

Limits (one student must not hurt the class; 127.0.0.1 and ::1 — this machine —
skip the per-address caps; the admin console has its own: 64 connections, 30 s
to log in, 8 logging in at once per address, this machine included):
  --login-timeout SECONDS  time to finish name, class code and PIN; then the
                      connection is told and closed (AULA_LOGIN_TIMEOUT, default 90; 0 = none)
  --max-per-address N connections open at once from one address
                      (AULA_MAX_PER_ADDRESS, default 50)
  --max-logins-per-address N  connections from one address still logging in
                      (AULA_MAX_LOGINS_PER_ADDRESS, default 10)
  --chat-per-room N   chat lines a second one room or lobby takes from everyone
                      (AULA_CHAT_PER_ROOM, default 10; 0 = no budget)
  --chat-per-address N  chat lines a second from one address, all its
                      connections together (AULA_CHAT_PER_ADDRESS, default 5; 0 = no budget)
  --export-dir DIR    where the console's "export [summary] FILE.csv" writes (AULA_EXPORT_DIR,
                      default: exports/ beside the database)

A school year:
  --backup-dir DIR    where the daily backups go (AULA_BACKUP_DIR, default:
                      backups/ beside the database)
  --backup-keep N     backups kept, the oldest deleted (AULA_BACKUP_KEEP, default 14; 0 = all)
  --backup-every H    hours between backups: 24, 12h, 30m, 1d (AULA_BACKUP_EVERY,
                      default 24; 0 = none)
One server per database: a second aula serve on the same file is refused
(the lock is PATH.lock beside the database).

Only real lines count as activity: an empty line does not reset the idle timer.

Ctrl-C (SIGINT), SIGTERM or SIGHUP (the terminal closed) shuts down gracefully: everyone is told, pending
writes are committed and the database is closed cleanly, all within 5 s; if
the database does not answer in time (another program holds it locked) the
server exits anyway with status 1 and the log says how many writes were not saved.
"""

func fail(_ message: String, code: Int32 = 2) -> Never {
    StandardStreams.error("aula: " + message + "\n")
    exit(code)
}

/// A command's usage, for --help (exit 0) and after a usage error (exit 2).
func usageText(_ command: String, _ options: Options?) -> String {
    switch command {
    case "serve": return serveHelp
    case "check-content": return Usage.checkContent
    case "bench": return Usage.bench
    case "teacher": return Usage.teacher
    case "export": return options?.positional.first == "student" ? YearCommands.exportStudentHelp : ExportCommand.help
    case "leaderboard": return Usage.leaderboard
    case "admin": return AdminClient.help
    case "backup": return YearCommands.backupHelp
    case "restore": return YearCommands.restoreHelp
    case "forget": return YearCommands.forgetHelp
    case "prune": return YearCommands.pruneHelp
    default: return usage
    }
}

// `aula serve | tee log` and `aula export … | head`: a reader that goes away never kills the process.
StandardStreams.ignoreBrokenPipes()
var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "help" : arguments.removeFirst()
var parsed: Options?

do {
    let options = try Options(arguments)
    parsed = options
    if options.flags.contains("help") && command != "bench-agent" {
        print(usageText(command, options))
        exit(0)
    }
    try CLI.check(options, command: command)
    switch command {
    case "serve":
        let config = try options.serverConfig()
        // One output for the whole process: the server's log and this line share its lock.
        let logOutput = StandardErrorLog()
        if config.adminHost != "127.0.0.1" && config.adminHost != "::1" && config.adminHost != "localhost" {
            Log(level: config.logLevel, output: logOutput)(.warn, "admin.exposed", ("bind", config.adminHost),
                                                           ("note", "the admin console is reachable from other machines"))
        }
        // The games and the teachers' console are wired in here: the core knows neither module.
        // Start-up over, the code pages only it ran are let go (AulaNet/CodePages.swift).
        let releasePages = ProcessInfo.processInfo.environment[CodePages.keepVariable] == nil
        let running = try RunningServer(config: config, logOutput: logOutput, releaseStartupPages: releasePages, registerGames: { server in
            Games.registerAll(server)
            AdminConsoleSetup.attach(to: server)
        })
        // How students find this machine (SPEC §12): one line per LAN address.
        for address in LocalAddresses.forStudents(boundHost: config.host) {
            print("Students: nc \(address) \(running.server.studentPort)")
        }
        if let board = running.server.boardURL {
            print("Board: \(board)")
        } else if let port = config.boardPort {
            StandardStreams.error("aula: the board could not listen on \(config.boardHost):\(port) (in use?); serving without it\n")
        }
        fflush(nil)
        if running.server.content.isEmpty {
            StandardStreams.error("aula: " + ContentLibrary.emptyWarning(directory: config.contentDirectory, config.language) + "\n")
        }
        if running.server.content.blocklist.count == 0 {
            StandardStreams.error("aula: " + ContentLibrary.noBlocklistWarning(directory: config.contentDirectory, config.language) + "\n")
        }

        // The loop is not running yet: this thread still owns the server.
        let database = URL(fileURLWithPath: config.databasePath).standardizedFileURL.path
        StandardStreams.error("aula: serving students on \(config.host):\(running.server.studentPort), "
            + "console on \(config.adminHost):\(running.server.adminPort), database \(database)\n")
        try running.runHere()
        exit(running.server.savedEverything ? 0 : 1)
    case "check-content":
        let config = try options.serverConfig()
        exit(CheckContent.run(directory: config.contentDirectory, language: config.language))
    case "bench":
        guard let mode = options.positional.first else { fail("bench needs a mode\n\n" + Usage.bench) }
        var bench = Bench.Options(mode: mode)
        bench.quick = options.flags.contains("quick")
        if let out = options.value("out") { bench.out = out }
        if let content = options.value("content") { bench.contentDirectory = content }
        bench.connections = try options.int("connections")
        bench.rows = try options.int("rows")
        bench.rooms = try options.int("rooms")
        if let seconds = try options.int("seconds") { bench.seconds = Double(seconds) }
        if let source = options.value("baseline") { bench.baselineSource = source }
        if let pace = options.value("pace") {
            guard ["paced", "saturation"].contains(pace) else { fail("--pace must be paced or saturation") }
            bench.paces = [pace]
        }
        if let attacks = options.value("attacks") {
            bench.attacks = Set(attacks.split(separator: ",").map { String($0) })
        }
        if let target = options.value("target") {
            let parts = target.split(separator: ":")
            guard parts.count == 2, let port = Int(parts[1]) else { fail("--target must be HOST:PORT") }
            let host = String(parts[0])
            guard host == "127.0.0.1" || host == "localhost" || host == "::1" else { fail("the bench only runs on loopback") }
            bench.target = (host == "localhost" ? "127.0.0.1" : host, port)
        }
        exit(Bench.run(bench))
    case "bench-agent":
        // Not for people: the players of one `aula bench hangman` run, in a process of their own.
        var values: [String: String] = [:]
        for key in ["port", "pid", "rooms", "pace", "server", "deck"] { values[key] = options.value(key) }
        exit(Bench.agent(values))
    // [admin] subcommands of the teachers' console (Sources/aula/Admin*, Teacher*, Export*).
    case "teacher":
        _ = try CLI.existingDatabase(options)
        exit(try TeacherCommand.run(options))
    case "export":
        if options.positional.first == "student" { exit(try YearCommands.exportStudent(options)) }
        if ["scores", "summary"].contains(options.positional.first ?? "") { _ = try CLI.existingDatabase(options) }
        exit(try ExportCommand.export(options))
    case "backup":
        exit(try YearCommands.backup(options))
    case "restore":
        exit(try YearCommands.restore(options))
    case "forget":
        exit(try YearCommands.forget(options))
    case "prune":
        exit(try YearCommands.prune(options))
    case "version", "--version":
        print(CLI.version)
    case "leaderboard":
        _ = try CLI.existingDatabase(options)
        exit(try ExportCommand.leaderboard(options))
    case "admin":
        exit(try AdminClient.run(options))
    case "help", "--help", "-h":
        print(usage)
    default:
        fail("unknown command \"\(command)\"\n\n" + usage)
    }
} catch let error as UsageError {
    // Once: some errors carry their command's usage already (`aula prune` printed it twice).
    let help = usageText(command, parsed)
    fail(error.description.contains(help) ? error.description : error.description + "\n\n" + help)
} catch {
    // Not a usage error: exit 1, naming the database when the error came from it.
    var message = "\(error)"
    if message.hasPrefix("StoreError("), let path = try? parsed?.serverConfig().databasePath {
        message += " (database \(URL(fileURLWithPath: path).standardizedFileURL.path))"
    }
    fail(message, code: 1)
}
