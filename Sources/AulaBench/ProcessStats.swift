import Foundation

/// What /proc says about a server process the bench started: its resident
/// memory, and the CPU time it has used (to report CPU per guess, a figure
/// less shaken by a noisy machine than wall-clock throughput).
enum ProcessStats {
    /// VmRSS in bytes, 0 when the process is gone.
    static func residentBytes(pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
        }
        return 0
    }

    /// User and system CPU seconds of every thread of the process so far.
    static func cpuSeconds(pid: Int32) -> (user: Double, system: Double) {
        cpuSeconds(statFile: "/proc/\(pid)/stat")
    }

    /// The same for the process's first thread alone: Aula's event loop runs there.
    static func mainThreadCPUSeconds(pid: Int32) -> (user: Double, system: Double) {
        cpuSeconds(statFile: "/proc/\(pid)/task/\(pid)/stat")
    }

    private static func cpuSeconds(statFile: String) -> (user: Double, system: Double) {
        guard let stat = try? String(contentsOfFile: statFile, encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return (0, 0) }
        // Fields after "(comm)": state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return (0, 0) }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (user / ticks, system / ticks)
    }
}
