import Foundation

/// How many lab tests may be in flight at once: a counting semaphore for async
/// code, first come first served (so a test that asks for the whole gate is not
/// starved by a stream of small ones).
actor LabGate {
    /// `AULA_TEST_WIDTH` overrides it (1 runs the lab tests one at a time).
    /// 12 was the fastest width measured on the 2-core machine (README, "How long the tests take").
    static let width: Int = {
        let asked = Int(ProcessInfo.processInfo.environment["AULA_TEST_WIDTH"] ?? "") ?? 12
        return min(max(asked, 1), 64)
    }()

    static let shared = LabGate(permits: width)

    private var free: Int
    private var waiting: [(permits: Int, resume: CheckedContinuation<Void, Never>)] = []

    init(permits: Int) { free = permits }

    func enter(_ permits: Int) async {
        if waiting.isEmpty, free >= permits {
            free -= permits
            return
        }
        await withCheckedContinuation { waiting.append((permits, $0)) }
    }

    func leave(_ permits: Int) {
        free += permits
        // Wake in order while the first in line fits; it took its permits here.
        while let first = waiting.first, free >= first.permits {
            free -= first.permits
            waiting.removeFirst()
            first.resume.resume()
        }
    }
}
