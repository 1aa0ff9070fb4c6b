import Testing
import AulaTestSupport
@testable import AulaGames

/// The countdown arithmetic behind every lesson control (SPEC §12).
@Suite(.lab) struct PausableClockTests {
    @Test func runsFromItsStart() {
        let clock = PausableClock(startedAt: 100)
        #expect(clock.elapsed(now: 104) == 4)
        #expect(clock.left(of: 10, now: 104) == 6)
        #expect(clock.deadline(of: 10) == 110)
        #expect(clock.left(of: 10, now: 200) == 0)
    }

    @Test func pauseHoldsTheTimeLeftAndResumeGivesItBack() {
        var clock = PausableClock(startedAt: 0)
        let v1 = clock.pause(now: 3)
        #expect(v1)
        let v2 = !clock.pause(now: 4)
        #expect(v2)
        #expect(clock.isPaused)
        #expect(clock.deadline(of: 10) == nil)
        #expect(clock.left(of: 10, now: 50) == 7)
        let v3 = clock.resume(now: 50)
        #expect(v3)
        let v4 = !clock.resume(now: 51)
        #expect(v4)
        #expect(clock.left(of: 10, now: 52) == 5)
        #expect(clock.deadline(of: 10) == 57)
        #expect(clock.elapsed(now: 52) == 5)
    }

    @Test func severalPausesAddUp() {
        var clock = PausableClock(startedAt: 0)
        clock.pause(now: 2); clock.resume(now: 10)
        clock.pause(now: 11); clock.resume(now: 30)
        #expect(clock.elapsed(now: 31) == 4)
        #expect(clock.deadline(of: 20) == 47)
    }

    @Test func extendAddsToEveryLimitPausedOrNot() {
        var clock = PausableClock(startedAt: 0)
        let v5 = clock.extend(by: 30)
        #expect(v5)
        #expect(clock.left(of: 10, now: 5) == 35)
        #expect(clock.left(of: 15, now: 5) == 40)
        clock.pause(now: 5)
        let v6 = clock.extend(by: 5)
        #expect(v6)
        #expect(clock.left(of: 10, now: 99) == 40)
        let v7 = !clock.extend(by: 0)
        #expect(v7)
        let v8 = !clock.extend(by: -3)
        #expect(v8)
        let v9 = !clock.extend(by: .infinity)
        #expect(v9)
        let v10 = !clock.extend(by: .nan)
        #expect(v10)
    }

    @Test func restartStartsAFreshTurnAndKeepsAPause() {
        var clock = PausableClock(startedAt: 0)
        clock.extend(by: 20)
        clock.restart(now: 8)
        #expect(clock.extra == 0)
        #expect(clock.deadline(of: 10) == 18)
        clock.pause(now: 9)
        clock.restart(now: 12)
        #expect(clock.isPaused)
        #expect(clock.left(of: 10, now: 40) == 10)
        clock.resume(now: 40)
        #expect(clock.deadline(of: 10) == 50)
    }

    @Test func aClockMayStartPaused() {
        var clock = PausableClock(startedAt: 5, paused: true)
        #expect(clock.isPaused)
        #expect(clock.elapsed(now: 100) == 0)
        clock.resume(now: 100)
        #expect(clock.deadline(of: 10) == 110)
    }
}
