import AulaServer

/// The backup flags of `aula serve` (issue 17).
extension Options {
    static let yearFlags: Set<String> = ["backup-dir", "backup-keep", "backup-every"]

    func applyYear(to config: inout ServerConfig) throws {
        if let directory = value("backup-dir") {
            guard !directory.isEmpty else { throw UsageError("--backup-dir needs a folder") }
            config.backupDirectory = directory
        }
        if let keep = try int("backup-keep") {
            guard keep >= 0 else { throw UsageError("--backup-keep is how many backups to keep, 0 (all) or more") }
            config.backupKeep = keep
        }
        if let text = value("backup-every") {
            // Hours, or with a unit: 24h, 30m, 1d.
            guard let hours = Options.hours(text), hours >= 0 else {
                throw UsageError("--backup-every is hours (24, 24h, 30m, 1d; 0 = no automatic backups), not \"\(text)\"")
            }
            config.backupEvery = hours
        }
    }

    static func hours(_ text: String) -> Double? {
        let units: [(String, Double)] = [("d", 24), ("h", 1), ("m", 1.0 / 60)]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            return Double(text.dropLast()).map { $0 * factor }
        }
        return Double(text)
    }
}
