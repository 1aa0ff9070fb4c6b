import Foundation

/// How many lab tests may be in flight at once: a counting semaphore for async
/// code. Waiters go in order of arrival, the early ones (`.slow`) before the
/// others; a test that asks for the whole gate (`.labAlone`) is not overtaken
/// by later small ones, so it is not starved.
actor LabGate {
    /// `AULA_TEST_WIDTH` overrides it (1 runs the lab tests one at a time).
    /// 12 was the fastest width measured on the 2-core machine (README, "How long the tests take").
    static let width: Int = {
        let asked = Int(ProcessInfo.processInfo.environment["AULA_TEST_WIDTH"] ?? "") ?? 12
        return min(max(asked, 1), 64)
    }()

    static let shared = LabGate(permits: width)

    private struct Waiter {
        let permits: Int
        let resume: CheckedContinuation<Void, Never>
    }

    private var free: Int
    private var early: [Waiter] = []
    private var waiting: [Waiter] = []

    init(permits: Int) { free = permits }

    func enter(_ permits: Int, early isEarly: Bool = false) async {
        if early.isEmpty, waiting.isEmpty, free >= permits {
            free -= permits
            return
        }
        await withCheckedContinuation { resume in
            if isEarly {
                early.append(Waiter(permits: permits, resume: resume))
            } else {
                waiting.append(Waiter(permits: permits, resume: resume))
            }
        }
    }

    func leave(_ permits: Int) {
        free += permits
        // Wake in order while the first in line fits; it took its permits here.
        while true {
            if let first = early.first {
                guard free >= first.permits else { return }
                free -= first.permits
                early.removeFirst()
                first.resume.resume()
            } else if let first = waiting.first {
                guard free >= first.permits else { return }
                free -= first.permits
                waiting.removeFirst()
                first.resume.resume()
            } else {
                return
            }
        }
    }
}
