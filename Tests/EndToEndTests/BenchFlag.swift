import Foundation

/// The bench smoke tests and the hostile-student suite drive whole benches
/// (separate processes, crowds, seconds of load): most of `swift test`'s time
/// before issue 18. They run only with `AULA_BENCH_ROWS` set (to anything but
/// "" or "0"); `.ci/run` sets it, so CI still runs them. Without it they are
/// listed as skipped with the reason below.
enum BenchFlag {
    static let name = "AULA_BENCH_ROWS"

    static var isSet: Bool {
        let value = ProcessInfo.processInfo.environment[name] ?? ""
        return !value.isEmpty && value != "0"
    }
}
