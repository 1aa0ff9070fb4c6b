import Foundation
import AulaServer

/// Command-line flags with `AULA_*` environment fallbacks (SPEC §2).
/// Flags win over the environment, which wins over the defaults.
struct Options {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []
    /// Short options other than -h (refused by `CLI.check`).
    var unknownShort: [String] = []

    /// Flags that take a value (`--port 4000` or `--port=4000`).
    static let valued: Set<String> = Set(["port", "admin-port", "admin-bind", "board-port", "board-bind", "board-max-connections", "bind", "db", "content", "lang", "log-level",
                                      "out", "target", "group", "game", "since", "script", "idle-timeout", "grace",
                                      "connections", "rooms", "players", "seconds", "rows", "max-connections",
                                      "lines-per-second", "baseline", "pace", "pid", "server", "deck",
                                      "attacks"])
        .union(Options.limitFlags).union(Options.yearFlags).union(["inactive"])

    init(_ args: [String]) throws {
        var i = 0
        while i < args.count {
            let arg = args[i]
            if arg == "--" {
                // Everything after `--` is a name, even when it starts with a dash.
                positional.append(contentsOf: args[(i + 1)...])
                break
            }
            if arg.hasPrefix("--") {
                let body = String(arg.dropFirst(2))
                if let eq = body.firstIndex(of: "=") {
                    values[String(body[..<eq])] = String(body[body.index(after: eq)...])
                } else if Options.valued.contains(body) {
                    guard i + 1 < args.count else { throw UsageError("--\(body) needs a value") }
                    values[body] = args[i + 1]
                    i += 1
                } else {
                    flags.insert(body)
                }
            } else if arg == "-h" {
                flags.insert("help")
            } else if arg.hasPrefix("-") && arg.count > 1 && Double(arg) == nil {
                unknownShort.append(arg)
            } else {
                positional.append(arg)
            }
            i += 1
        }
    }

    /// The value of `--name`, else `AULA_NAME` from the environment.
    func value(_ name: String) -> String? {
        if let v = values[name] { return v }
        let env = "AULA_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
        return ProcessInfo.processInfo.environment[env]
    }

    func int(_ name: String) throws -> Int? {
        guard let v = value(name) else { return nil }
        guard let n = Int(v) else { throw UsageError("--\(name) must be a number, not \"\(v)\"") }
        return n
    }

    /// The server settings shared by `serve` and the other subcommands.
    func serverConfig() throws -> ServerConfig {
        var config = ServerConfig()
        if let port = try int("port") {
            guard (0...65535).contains(port) else { throw UsageError("--port must be 0–65535") }
            config.port = port
        }
        if let port = try int("admin-port") {
            guard (0...65535).contains(port) else { throw UsageError("--admin-port must be 0–65535") }
            config.adminPort = port
        }
        if let port = try int("board-port") {
            guard (0...65535).contains(port) else { throw UsageError("--board-port must be 0–65535 (0 = off)") }
            config.boardPort = port == 0 ? nil : port
        }
        if let bind = value("board-bind") { config.boardHost = bind }
        if let cap = try int("board-max-connections") { config.boardMaxConnections = max(1, cap) }
        if let bind = value("bind") { config.host = bind }
        if let bind = value("admin-bind") { config.adminHost = bind }
        if let db = value("db") { config.databasePath = db }
        if let dir = value("content") { config.contentDirectory = dir }
        if let lang = value("lang") {
            guard let l = Language(rawValue: lang) else { throw UsageError("--lang must be en or es") }
            config.language = l
        }
        if let level = value("log-level") {
            guard let l = LogLevel(name: level) else { throw UsageError("--log-level must be debug, info, warn or error") }
            config.logLevel = l
        }
        if let minutes = try int("idle-timeout") {
            guard minutes >= 1 else { throw UsageError("--idle-timeout is in minutes, at least 1") }
            config.limits.idleTimeout = Double(minutes * 60)
            config.limits.idleWarningAfter = Double(max(minutes * 60 - 60, minutes * 30))
        }
        if let grace = try int("grace") { config.reconnectGrace = Double(max(0, grace)) }
        if let cap = try int("max-connections") { config.limits.maxConnections = max(1, cap) }
        if let rate = try int("lines-per-second") { config.limits.linesPerSecond = max(1, rate) }
        try applyLimits(to: &config)
        try applyYear(to: &config)
        return config
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}
