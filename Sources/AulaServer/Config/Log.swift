import Foundation
import Synchronization
import AulaNet

/// How much the server writes to its log.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case debug, info, warn, error

    public init?(name: String) {
        switch name.lowercased() {
        case "debug": self = .debug
        case "info": self = .info
        case "warn", "warning": self = .warn
        case "error": self = .error
        default: return nil
        }
    }

    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
    var label: String { ["debug", "info", "warn", "error"][rawValue] }
}

/// Structured log lines on standard error: `time level event key=value ...`.
/// Log lines are for the operator, in English, and never reach students.
/// Checked `Sendable`: the level is an atomic (it was a plain `var` read by the loop,
/// store and judge threads while `aula serve` set it — a data race ThreadSanitizer
/// reported), and whole lines are written under a pthread mutex so they never interleave.
public final class Log: Sendable {
    public static let shared = Log()
    private let lock = PThreadMutex(())
    private let threshold = Atomic<Int>(LogLevel.info.rawValue)

    /// The lowest level written. Safe to read and set from any thread.
    public var level: LogLevel {
        get { LogLevel(rawValue: threshold.load(ordering: .relaxed)) ?? .info }
        set { threshold.store(newValue.rawValue, ordering: .relaxed) }
    }

    public func write(_ level: LogLevel, _ event: String, _ fields: [(String, CustomStringConvertible)] = []) {
        guard level >= self.level else { return }
        var line = Log.timestamp() + " " + level.label + " " + event
        for (key, value) in fields {
            let text = String(describing: value)
            let needsQuotes = text.isEmpty || text.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" })
            line += " \(key)=" + (needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"" : text)
        }
        line += "\n"
        lock.withLock { _ in FileHandle.standardError.write(line.data(using: .utf8) ?? Data()) }
    }

    static func timestamp() -> String {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        var tmv = tm()
        var secs = t.tv_sec
        gmtime_r(&secs, &tmv)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tmv.tm_year + 1900, tmv.tm_mon + 1, tmv.tm_mday,
                      tmv.tm_hour, tmv.tm_min, tmv.tm_sec, Int(t.tv_nsec / 1_000_000))
    }
}

public func log(_ level: LogLevel, _ event: String, _ fields: (String, CustomStringConvertible)...) {
    Log.shared.write(level, event, fields)
}
