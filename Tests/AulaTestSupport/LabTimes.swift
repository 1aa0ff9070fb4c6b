import Foundation
import Testing

/// `AULA_LAB_TIMES=1 swift test ...` prints how long each lab test ran, from
/// the moment it passed the gate (Swift Testing's own "passed after" counts
/// the wait for the gate too, so under `LabTrait` it says little): one line
/// `lab-time: SECONDS SUITE.TEST` on standard error. `sort -rn` lists the
/// slowest (README, "How long the tests take").
enum LabTimes {
    static let enabled = ProcessInfo.processInfo.environment["AULA_LAB_TIMES"].map { !$0.isEmpty && $0 != "0" } ?? false

    static func report(_ test: Test, _ testCase: Test.Case?, since started: ContinuousClock.Instant) {
        guard enabled else { return }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let arguments = testCase?.isParameterized == true ? " (one case)" : ""
        let line = String(format: "lab-time: %.3f ", seconds) + test.id.description + arguments + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
