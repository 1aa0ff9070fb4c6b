import Foundation
import AulaServer
import Dispatch
import AulaGames
import AulaNet

/// Runs students' programs (`run` and `submit`: compile, run, judge) off the
/// event loop, so no program can stall the class (SPEC §12: "the judge never
/// runs on the event loop"). Like Redis keeping long work off its one thread.
///
/// - At most `workers` jobs run at once (the machine's other cores stay for
///   the loop and the store).
/// - One job per student at a time: a second one while the first is queued
///   or running is refused (`judge_busy`), so a student cannot fill the queue.
/// - Jobs wait in one FIFO queue; with one job per student that is a fair
///   order by student. The queue is bounded (`maxQueued`); past it new jobs
///   are refused too.
/// - Each job gets a wall-clock budget from the moment it starts; the run
///   checks it (`RunDeadline`) and ends `too_slow`, so a job really stops.
///
/// The job's result goes back to the loop with `loop.execute`; the caller
/// checks there that the room and player are still what they were.
final class JudgeWorker: Sendable {
    /// Who a job belongs to (one job each).
    typealias Owner = ObjectIdentifier

    struct Job: Sendable {
        let owner: Owner
        /// The work, given the job's deadline; runs on a worker thread and
        /// returns how to hand its result on (called once the owner is free).
        let work: @Sendable (RunDeadline) -> @Sendable () -> Void
    }

    private struct State {
        var queue: [Job] = []
        var head = 0
        var running = 0
        var owners: Set<Owner> = []
    }

    let workers: Int
    let maxQueued: Int
    /// Seconds a job may run before its run ends `too_slow`.
    let budget: Double
    private let state = PThreadMutex(State())  // not Mutex: ThreadSanitizer sees this one (AulaNet/PThreadMutex.swift)
    private let queue: DispatchQueue

    /// Seconds each job waits on its worker before it runs: tests' stand-in for a slow
    /// judge (a second `submit` must find the first still judged, whatever the build's
    /// speed). Outside the run's budget. Zero in production.
    let slowdown: Double

    init(workers: Int = 2, maxQueued: Int = 256, budget: Double = 2, slowdown: Double = 0) {
        self.slowdown = max(0, slowdown)
        self.workers = max(1, workers)
        self.maxQueued = max(1, maxQueued)
        self.budget = budget
        // `.default`, the loop's own priority (nice 0): `.userInitiated` is nice -2
        // under libdispatch on Linux when run as root, ahead of the loop (Store.swift).
        queue = DispatchQueue(label: "aula.judge", qos: .default, attributes: .concurrent)
    }

    /// Why a job was not taken.
    enum Refused: Equatable { case busy, full }

    /// Queues `work` for `owner` (nil), or says why not: `owner` has a job
    /// queued or running, or the queue is full. What `work` returns is called
    /// after the owner is free again, so a student who sees the result may
    /// send the next job at once. Thread-safe.
    func submit(owner: Owner, _ work: @escaping @Sendable (RunDeadline) -> @Sendable () -> Void) -> Refused? {
        let refused: Refused? = state.withLock { s in
            if s.owners.contains(owner) { return .busy }
            if s.queue.count - s.head >= maxQueued { return .full }
            s.owners.insert(owner)
            s.queue.append(Job(owner: owner, work: work))
            return nil
        }
        if refused == nil { pump() }
        return refused
    }

    /// True while `owner` has a job queued or running.
    func isBusy(_ owner: Owner) -> Bool { state.withLock { $0.owners.contains(owner) } }

    /// Jobs queued and running, for tests and logs.
    var load: (queued: Int, running: Int) { state.withLock { ($0.queue.count - $0.head, $0.running) } }

    /// Starts queued jobs while a worker is free.
    private func pump() {
        while let job = nextJob() {
            queue.async { [self] in
                if slowdown > 0 { Thread.sleep(forTimeInterval: min(slowdown, 60)) }
                let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, budget) * 1e9)
                let deliver = job.work(RunDeadline { DispatchTime.now().uptimeNanoseconds >= deadline })
                state.withLock { s in
                    s.running -= 1
                    s.owners.remove(job.owner)
                }
                deliver()
                pump()
            }
        }
    }

    private func nextJob() -> Job? {
        state.withLock { s in
            guard s.running < workers, s.head < s.queue.count else { return nil }
            let job = s.queue[s.head]
            s.head += 1
            s.running += 1
            // Drop the taken part now and then so the array does not grow forever.
            if s.head >= 64, s.head * 2 >= s.queue.count {
                s.queue.removeFirst(s.head)
                s.head = 0
            }
            return job
        }
    }
}
