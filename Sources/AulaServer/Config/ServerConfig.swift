import AulaNet

/// Everything `aula serve` can be told (flags and `AULA_*` variables, SPEC §2).
public struct ServerConfig: Sendable {
    public var host = "0.0.0.0"
    public var port = 4000
    public var adminHost = "127.0.0.1"
    public var adminPort = 4001
    public var databasePath = "aula.sqlite"
    /// The folder holding `Levels/` and `Decks/`.
    public var contentDirectory = "."
    public var language: Language = .en
    public var logLevel: LogLevel = .info
    public var limits = NetLimits()
    /// How long a dropped player keeps their place (SPEC §3: 120 s).
    public var reconnectGrace: Double = 120
    /// How long graceful shutdown may take before we stop waiting.
    public var shutdownTimeout: Double = 4

    public init() {}
}
