import Foundation
import Synchronization
import Testing
import AulaTestSupport
@testable import AulaNet

/// Issue 18: the loop on a paused `VirtualClock` fires its timers only when
/// advanced, each at its own deadline and in order, without sleeping.
/// `advance(by:)` is called before `run()` here, from the thread that owns the
/// loop, which the loop allows.
@Suite(.lab) struct VirtualClockTests {
    @Test func aPausedClockStandsStillUntilAdvanced() throws {
        let clock = VirtualClock(start: 100)
        let loop = try EventLoop(clock: clock)
        #expect(loop.now == 100)
        usleep(10_000)
        #expect(loop.now == 100)
        #expect(loop.advance(by: 2.5) == 0)
        #expect(loop.now == 102.5)
        #expect(clock.now == 102.5)
    }

    @Test func timersFireAtTheirOwnDeadlinesInOrder() throws {
        let loop = try EventLoop(clock: VirtualClock(start: 0))
        var fired: [(String, Double)] = []
        loop.schedule(after: 30) { fired.append(("late", loop.now)) }
        loop.schedule(after: 10) { fired.append(("early", loop.now)) }
        let doomed = loop.schedule(after: 15) { fired.append(("cancelled", loop.now)) }
        loop.schedule(after: 20) { fired.append(("middle", loop.now)) }
        loop.schedule(after: 10) { fired.append(("early-too", loop.now)) }
        loop.cancel(doomed)
        #expect(loop.advance(by: 25) == 3)
        #expect(fired.map(\.0) == ["early", "early-too", "middle"])
        #expect(fired.map(\.1) == [10, 10, 20])
        #expect(loop.now == 25)
        #expect(loop.pendingTimers == 1)
        #expect(loop.advance(by: 5) == 1)
        #expect(fired.last?.0 == "late")
        #expect(fired.last?.1 == 30)
    }

    @Test func aTimerScheduledOnTheWayFiresInTheSameAdvance() throws {
        let loop = try EventLoop(clock: VirtualClock(start: 0))
        var rings: [Double] = []
        // A ticking clock: every 10 s, three times (like a warning then a timeout).
        func tick(_ left: Int) {
            loop.schedule(after: 10) {
                rings.append(loop.now)
                if left > 1 { tick(left - 1) }
            }
        }
        tick(3)
        #expect(loop.advance(by: 29) == 2)
        #expect(rings == [10, 20])
        #expect(loop.advance(by: 1) == 1)
        #expect(rings == [10, 20, 30])
        #expect(loop.pendingTimers == 0)
    }

    @Test func aTimerRearmingWithNoDelayCannotHoldTheLoop() throws {
        let loop = try EventLoop(clock: VirtualClock(start: 0))
        var count = 0
        func again() { loop.schedule(after: 0) { count += 1; again() } }
        again()
        #expect(loop.advance(by: 1) == 100_000)
        #expect(count == 100_000)
        #expect(loop.now == 1)
    }

    @Test func anAlarmMovedLaterRingsOnceAtTheLastDeadline() throws {
        let loop = try EventLoop(clock: VirtualClock(start: 0))
        var rings: [Double] = []
        let alarm = Alarm(loop: loop) { rings.append(loop.now) }
        alarm.set(at: 5)
        loop.schedule(after: 3) { alarm.set(at: loop.now + 15) }  // a hit at 3 s: 15 s more
        loop.advance(by: 17.9)
        #expect(rings.isEmpty)
        loop.advance(by: 0.1)
        #expect(rings == [18])
        loop.advance(by: 60)
        #expect(rings == [18])
    }

    @Test func theRealClockIgnoresAdvance() throws {
        let loop = try EventLoop()
        var fired = false
        loop.schedule(after: 60) { fired = true }
        let before = loop.now
        #expect(loop.advance(by: 120) == 0)
        #expect(!fired)
        #expect(loop.now - before < 60)
    }

    @Test func aResumedClockRunsOnFromWhereItStood() throws {
        let clock = VirtualClock(start: 50)
        let loop = try EventLoop(clock: clock)
        loop.advance(by: 10)
        clock.resume()
        #expect(!clock.isPaused)
        #expect(loop.advance(by: 100) == 0)  // advancing a running clock does nothing
        usleep(20_000)
        #expect(loop.now >= 60.015)
        #expect(loop.now < 160)
        // Running, the loop waits for its timers in real time as usual.
        var fired = false
        loop.schedule(after: 0.02) {
            fired = true
            loop.stop()
        }
        loop.schedule(after: 5) { loop.stop() }
        loop.run()
        #expect(fired)
        clock.pause()
        let stood = loop.now
        usleep(10_000)
        #expect(loop.now == stood)
    }

    @Test func aRunningLoopOnAPausedClockWaitsForAdvance() throws {
        let running = try RunningLoop(clock: VirtualClock(start: 0))
        running.start()
        defer { running.stop() }
        let loop = running.loop
        let fired = PThreadMutex<[Double]>([])
        _ = running.onLoop {
            loop.schedule(after: 0.001) { fired.withLock { $0.append(loop.now) } }
            return true
        }
        // Real time passes; virtual time does not, so nothing fires…
        usleep(50_000)
        #expect(running.onLoop { loop.pendingTimers } == 1)
        #expect(fired.withLock { $0 }.isEmpty)
        // …until the test moves it.
        #expect(running.onLoop { loop.advance(by: 1) } == 1)
        #expect(fired.withLock { $0 } == [0.001])
        #expect(running.onLoop { loop.now } == 1)
    }
}
