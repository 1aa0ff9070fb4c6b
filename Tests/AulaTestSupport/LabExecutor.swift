import Foundation

/// A task executor with threads of its own for `LabTrait`: a job goes to an
/// idle thread, or to a new one when all are busy. Threads are kept for later
/// jobs, so their number stays near the most tests ever in flight at once
/// (`LabGate.width`, plus a few finishing).
///
/// `@unchecked Sendable`: `jobs` and `idle` are read and written only while
/// holding `condition`'s lock.
final class LabExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = LabExecutor()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    /// Threads waiting for a job.
    private var idle = 0

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let needThread = jobs.count > idle
        if !needThread { condition.signal() }
        condition.unlock()
        if needThread { startThread() }
    }

    private func startThread() {
        let thread = Thread { [self] in
            // Named for `ps -L` and `perf` (a new thread keeps its creator's name, a pool
            // thread's); Glibc's pthread_setname_np is not imported, so through /proc.
            try? "aula-lab".write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
            work()
        }
        // The size of the main thread's stack: some tests recurse deeply (the judge, JSON).
        thread.stackSize = 8 << 20
        thread.start()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty {
                idle += 1
                condition.wait()
                idle -= 1
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
