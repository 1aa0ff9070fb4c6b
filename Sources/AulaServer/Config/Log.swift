import Foundation
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

/// Where whole log lines go: standard error for `aula serve`, a `LogCapture` in tests.
/// Called from the loop, store and judge threads, hence `Sendable`.
public protocol LogOutput: Sendable {
    /// One finished line, newline included.
    func write(line: String)
}

/// Structured log lines: `time level event key=value ...`, for the operator, in
/// English, never for students.
///
/// A value handed down, not a global (issue 18): the server makes one from
/// `ServerConfig.logLevel` and its output, and gives it to what logs (the
/// console, the board, the storage watch, and the rooms through `RoomHost`).
/// The level is fixed when it is made, so no thread can see it change (the old
/// `Log.shared.level` was a data race ThreadSanitizer reported). Written as
/// `log(.info, "event", ("key", value))`: inside the server and the rooms `log`
/// is their `Log` property, called as a function.
public struct Log: Sendable {
    /// The lowest level written.
    public let level: LogLevel
    public let output: any LogOutput

    public init(level: LogLevel = .info, output: any LogOutput = StandardErrorLog()) {
        self.level = level
        self.output = output
    }

    public func callAsFunction(_ level: LogLevel, _ event: String, _ fields: (String, CustomStringConvertible)...) {
        write(level, event, fields)
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
        output.write(line: line)
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

/// Lines on standard error, each written whole under a pthread mutex so lines
/// from the loop, store and judge threads never interleave. One per process is
/// enough; two only risk interleaving with each other.
public final class StandardErrorLog: LogOutput {
    private let lock = PThreadMutex(())

    public init() {}

    public func write(line: String) {
        lock.withLock { _ in StandardStreams.error(line) }
    }
}

/// Keeps the lines in memory, for tests that check what was logged.
public final class LogCapture: LogOutput {
    private let kept = PThreadMutex([String]())

    public init() {}

    public func write(line: String) {
        kept.withLock { $0.append(line) }
    }

    /// Every line so far, without its newline.
    public var lines: [String] {
        kept.withLock { $0.map { String($0.dropLast()) } }
    }
}
