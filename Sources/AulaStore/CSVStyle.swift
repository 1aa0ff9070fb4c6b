import Foundation

/// How an export's CSV is written. The standard style (commas, dates as
/// `2026-12-02T05:56:32Z`) reads the same everywhere; `excel` is for a
/// spreadsheet set to Spanish (a play test, session 12): Spanish Excel splits
/// cells at `;`, not `,`, read the UTC dates as text, and shows accents right
/// only with a byte order mark. Its dates are `2026-12-02 06:56:32`, in the
/// server machine's local time, which a spreadsheet reads as a date.
public struct CSVStyle: Sendable, Equatable {
    public var separator: Character
    public var localTimes: Bool
    public var bom: Bool

    public init(separator: Character = ",", localTimes: Bool = false, bom: Bool = false) {
        self.separator = separator
        self.localTimes = localTimes
        self.bom = bom
    }

    public static let standard = CSVStyle()
    /// `--excel`: `;`, local times, a BOM.
    public static let excel = CSVStyle(separator: ";", localTimes: true, bom: true)

    /// A moment, as this style writes it.
    public func time(_ seconds: Double) -> String {
        localTimes ? Self.localTime(seconds) : ExportRow.isoUTC(seconds)
    }

    /// Cells made safe and quoted, joined by the separator.
    public func line(_ cells: [String]) -> String {
        cells.map { ExportRow.csvField($0, separator: separator) }.joined(separator: String(separator))
    }

    /// A header written with commas, in this style.
    public func header(_ commas: String) -> String {
        separator == "," ? commas : commas.split(separator: ",", omittingEmptySubsequences: false).joined(separator: String(separator))
    }

    /// `2026-12-02 06:56:32`: the machine's local time (TZ), seconds precision.
    public static func localTime(_ seconds: Double) -> String {
        var t = time_t(seconds.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
