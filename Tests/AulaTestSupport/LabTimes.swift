import Foundation
import Testing

/// `AULA_LAB_TIMES=1 swift test ...` prints how long each lab test ran, from
/// the moment it passed the gate (Swift Testing's own "passed after" counts
/// the wait for the gate too, so under `LabTrait` it says little): one line
/// `lab-time: SECONDS CPU-SECONDS SUITE.TEST` on standard error, the CPU time
/// being the test thread's own (not the server's threads; a test that awaits
/// may move between threads, and then it is only a part). `sort -k2 -rn`
/// lists the slowest (README, "How long the tests take").
enum LabTimes {
    static let enabled = ProcessInfo.processInfo.environment["AULA_LAB_TIMES"].map { !$0.isEmpty && $0 != "0" } ?? false

    /// This thread's CPU time in seconds.
    static func threadCPU() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func report(_ test: Test, _ testCase: Test.Case?, since started: ContinuousClock.Instant, cpu: Double) {
        guard enabled else { return }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let arguments = testCase?.isParameterized == true ? " (one case)" : ""
        let line = String(format: "lab-time: %.3f %.3f ", seconds, cpu) + test.id.description + arguments + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

/// The CPU seconds a test's body spent on the thread it started on, carried
/// out of the body's closure (`@unchecked Sendable`: written once, by the
/// body, before it returns, and read after it).
final class CPUTally: @unchecked Sendable {
    private(set) var seconds = 0.0
    func add(_ s: Double) { seconds += s }
}
