import Foundation
import Synchronization
import Testing
import AulaTestSupport
@testable import AulaNet

@Suite(.lab) struct EventLoopTests {
    @Test func stopEndsRun() throws {
        let running = try RunningLoop()
        running.start()
        #expect(running.onLoop { true } == true)
        #expect(running.stop())
    }

    @Test func executeFromAnotherThreadRunsOnTheLoopThread() throws {
        let running = try RunningLoop()
        running.start()
        defer { running.stop() }
        let loop = running.loop
        #expect(!loop.isOnLoopThread)
        let results = PThreadMutex<[Bool]>([])
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                for _ in 0..<25 {
                    loop.execute { results.withLock { $0.append(loop.isOnLoopThread) } }
                }
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 5) == .success)
        #expect(eventually { results.withLock { $0.count } == 100 })
        #expect(results.withLock { $0.allSatisfy { $0 } })
    }

    @Test func timersFireInDeadlineOrderAndCancelledOnesNever() throws {
        let running = try RunningLoop()
        running.start()
        defer { running.stop() }
        let loop = running.loop
        let fired = PThreadMutex<[String]>([])
        _ = running.onLoop {
            loop.schedule(after: 0.06) { fired.withLock { $0.append("late") } }
            loop.schedule(after: 0.01) { fired.withLock { $0.append("early") } }
            let doomed = loop.schedule(after: 0.02) { fired.withLock { $0.append("cancelled") } }
            loop.schedule(after: 0.03) { fired.withLock { $0.append("middle") } }
            loop.cancel(doomed)
            loop.cancel(doomed)     // twice: still fine
            loop.cancel(999_999)    // unknown: a no-op
            return true
        }
        #expect(eventually { fired.withLock { $0.count } >= 3 })
        usleep(50_000)
        #expect(fired.withLock { $0 } == ["early", "middle", "late"])
    }

    @Test func timersDueTogetherFireInSchedulingOrderAndMayRearm() throws {
        let running = try RunningLoop()
        running.start()
        defer { running.stop() }
        let loop = running.loop
        let fired = PThreadMutex<[Int]>([])
        _ = running.onLoop {
            for index in 0..<5 {
                loop.schedule(after: 0) { fired.withLock { $0.append(index) } }
            }
            loop.schedule(after: 0) {
                loop.schedule(after: 0) { fired.withLock { $0.append(99) } }
            }
            return true
        }
        #expect(eventually { fired.withLock { $0.count } == 6 })
        #expect(fired.withLock { $0 } == [0, 1, 2, 3, 4, 99])
    }

    @Test func signalsArriveAsCallsOnTheLoopThread() throws {
        // The loop runs on this very thread: signalfd reads signals pending
        // for the reading thread, and the signal is sent to this thread only.
        let loop = try EventLoop()
        var heard: [Int32] = []
        try loop.onSignals([SIGUSR2]) { signal in
            heard.append(signal)
            loop.stop()
        }
        pthread_kill(pthread_self(), SIGUSR2)
        loop.schedule(after: 3) { loop.stop() }
        loop.run()
        #expect(heard == [SIGUSR2])
    }

    @Test func nowIsMonotonicSeconds() throws {
        let loop = try EventLoop()
        let first = loop.now
        usleep(20_000)
        let second = loop.now
        #expect(second - first >= 0.015)
        #expect(second - first < 1)
    }

    @Test func timerQueueSurvivesManyCancellations() {
        var queue = TimerQueue()
        var ids: [TimerID] = []
        for index in 0..<1_000 { ids.append(queue.add(deadline: Double(1_000 - index)) {}) }
        for id in ids.dropLast(10) { queue.cancel(id) }
        #expect(queue.count == 10)
        var deadlines: [Double] = []
        while let deadline = queue.nextDeadline() {
            deadlines.append(deadline)
            _ = queue.popDue(notAfter: deadline)
        }
        #expect(deadlines == (1...10).map(Double.init))
    }
}
