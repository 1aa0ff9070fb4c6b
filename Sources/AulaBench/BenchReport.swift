import Foundation

/// A Markdown report: the machine, the date, the parameters and the figures,
/// so a measurement can be read and compared later.
struct BenchReport {
    var title: String
    var sections: [(String, [String])] = []

    init(title: String) {
        self.title = title
    }

    mutating func add(_ heading: String, _ lines: [String]) {
        sections.append((heading, lines))
    }

    func markdown() -> String {
        var out = "# \(title)\n\n"
        out += "- Date: \(BenchReport.isoNow())\n"
        out += "- Machine: \(BenchReport.machine())\n"
        out += "- Kernel: \(BenchReport.kernel())\n\n"
        for (heading, lines) in sections {
            out += "## \(heading)\n\n"
            for line in lines { out += line + "\n" }
            out += "\n"
        }
        return out
    }

    static func isoNow() -> String {
        let f = ISO8601DateFormatter()
        return f.string(from: Date())
    }

    static func machine() -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let memory = ProcessInfo.processInfo.physicalMemory / (1024 * 1024 * 1024)
        return "\(model), \(cores) cores, \(memory) GiB"
    }

    static func kernel() -> String {
        ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "?")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Percentiles of a list of durations, in milliseconds.
struct Percentiles {
    let count: Int
    let p50: Double, p90: Double, p99: Double, max: Double, mean: Double

    init(_ seconds: [Double]) {
        let sorted = seconds.sorted()
        count = sorted.count
        func at(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = min(sorted.count - 1, Int((q * Double(sorted.count)).rounded(.up)) - 1)
            return sorted[Swift.max(0, index)] * 1000
        }
        p50 = at(0.50)
        p90 = at(0.90)
        p99 = at(0.99)
        max = (sorted.last ?? 0) * 1000
        mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count) * 1000
    }

    var row: String {
        String(format: "p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms (n=%d)", p50, p90, p99, max, count)
    }
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
