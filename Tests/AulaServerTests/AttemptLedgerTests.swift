import Testing
import AulaTestSupport
@testable import AulaServer

/// The lockout bookkeeping behind PINs and teacher passwords (issue 12,
/// defects 4 and 7): pure, with the clock given to every call.
@Suite(.lab) struct AttemptLedgerTests {
    private let doubling = AttemptLedger.Policy(maxFailures: 5, lockSeconds: 300, growth: 2, maxLockSeconds: 1_200)

    @Test func fiveWrongLockForFiveMinutesAndEachFurtherLockDoublesUpToTheCap() {
        var ledger = AttemptLedger(policy: doubling)
        var now = 0.0
        var lengths: [Double] = []
        for _ in 0..<4 {
            for attempt in 1...5 {
                #expect(ledger.reserve("ana", now: now) == nil)
                let lock = ledger.fail("ana", now: now)
                if attempt < 5 { #expect(lock == nil) } else if let lock { lengths.append(lock) }
            }
            let length = lengths.last ?? 0
            // Locked: even the right secret is not checked, and the wait is what is left.
            #expect(ledger.reserve("ana", now: now + 10) == length - 10)
            #expect(ledger.lockedFor("ana", now: now + length - 1) == 1)
            now += length
            #expect(ledger.lockedFor("ana", now: now) == nil)
        }
        #expect(lengths == [300, 600, 1_200, 1_200])
        #expect(ledger.lockedFor("bea", now: now) == nil)
    }

    @Test func attemptsInFlightCountSoParallelGuessesGetNoMoreThanTheLimit() {
        var ledger = AttemptLedger(policy: doubling)
        // 64 attempts arrive before any answer: only 5 go ahead.
        var admitted = 0
        for _ in 0..<64 where ledger.reserve("garcia", now: 0) == nil { admitted += 1 }
        #expect(admitted == 5)
        #expect(ledger.reserve("garcia", now: 0) == 300)  // the lock the pending ones would start
        for _ in 0..<4 { #expect(ledger.fail("garcia", now: 1) == nil) }
        #expect(ledger.fail("garcia", now: 1) == 300)
        #expect(ledger.reserve("garcia", now: 2) == 299)
    }

    @Test func aReleasedAttemptDoesNotCountAndASuccessClearsTheKey() {
        var ledger = AttemptLedger(policy: doubling)
        for _ in 0..<4 {
            #expect(ledger.reserve("ana", now: 0) == nil)
            ledger.fail("ana", now: 0)
        }
        // A storage error: reserved, then released — not a failure.
        for _ in 0..<10 {
            #expect(ledger.reserve("ana", now: 0) == nil)
            ledger.release("ana")
        }
        #expect(ledger.lockedFor("ana", now: 0) == nil)
        #expect(ledger.reserve("ana", now: 0) == nil)
        ledger.succeed("ana", now: 0)
        #expect(ledger.trackedKeys == 0)
        for _ in 0..<4 {
            #expect(ledger.reserve("ana", now: 1) == nil)
            #expect(ledger.fail("ana", now: 1) == nil)
        }
    }

    @Test func anAddressIsNotResetBySuccessButForgetsAfterAQuietHour() {
        var ledger = AttemptLedger(policy: .init(maxFailures: 5, lockSeconds: 300, growth: 2, maxLockSeconds: 86_400,
                                                 forgetAfter: 3_600, successClears: false))
        for _ in 0..<4 {
            #expect(ledger.reserve("10.0.0.7", now: 0) == nil)
            ledger.fail("10.0.0.7", now: 0)
        }
        #expect(ledger.reserve("10.0.0.7", now: 0) == nil)
        ledger.succeed("10.0.0.7", now: 0)  // the attacker's own PIN does not wipe the count
        #expect(ledger.reserve("10.0.0.7", now: 1) == nil)
        #expect(ledger.fail("10.0.0.7", now: 1) == 300)
        // After the lock and a quiet hour, it starts again from the first lock.
        let later = 1 + 300 + 3_600.0
        ledger.forgetQuiet(now: later)
        #expect(ledger.trackedKeys == 0)
        for _ in 0..<4 {
            #expect(ledger.reserve("10.0.0.7", now: later) == nil)
            ledger.fail("10.0.0.7", now: later)
        }
        #expect(ledger.reserve("10.0.0.7", now: later) == nil)
        #expect(ledger.fail("10.0.0.7", now: later) == 300)
    }

    @Test func unlockLiftsTheLockButKeepsAttemptsInFlight() {
        var ledger = AttemptLedger(policy: doubling)
        for _ in 0..<5 {
            _ = ledger.reserve("ana", now: 0)
            ledger.fail("ana", now: 0)
        }
        #expect(ledger.lockedFor("ana", now: 1) != nil)
        let lifted = ledger.unlock("ana", now: 1)
        #expect(lifted)
        #expect(ledger.lockedFor("ana", now: 1) == nil)
        let again = ledger.unlock("ana", now: 1)
        #expect(!again)
        #expect(ledger.reserve("ana", now: 1) == nil)
        let inFlightOnly = ledger.unlock("ana", now: 1)
        #expect(!inFlightOnly)  // only the attempt in flight is left
        ledger.release("ana")
        #expect(ledger.trackedKeys == 0)
    }

    @Test func pinLockoutsCountPerStudentAndPerAddressTogether() {
        var pins = PINLockouts()
        let ana = PINLockouts.studentKey(groupID: 7, name: "Ana")
        #expect(ana == PINLockouts.studentKey(groupID: 7, name: "ANA"))
        // One address tries five different students: the address locks, no student does.
        for name in ["Ana", "Bea", "Carla", "Dani", "Eli"] {
            let student = PINLockouts.studentKey(groupID: 7, name: name)
            #expect(pins.reserve(student: student, address: "10.0.0.9", now: 0) == nil)
            let outcome = pins.fail(student: student, address: "10.0.0.9", now: 0)
            #expect(outcome.studentLock == nil)
            if name == "Eli" { #expect(outcome.addressLock == 300 && outcome.wait == 300) }
        }
        // That address may not try Ana again (it got her wrong)…
        #expect(pins.reserve(student: ana, address: "10.0.0.9", now: 1) == 299)
        // …but Fede, whom it never got wrong, gets one try there, and only one.
        let fede = PINLockouts.studentKey(groupID: 7, name: "Fede")
        #expect(pins.lockedFor(student: fede, address: "10.0.0.9", now: 1) == nil)
        #expect(pins.reserve(student: fede, address: "10.0.0.9", now: 1) == nil)
        #expect(pins.reserve(student: fede, address: "10.0.0.9", now: 1) == 299)
        pins.succeed(student: fede, address: "10.0.0.9", now: 1)
        // Ana from another address may still try: her own count is 1.
        #expect(pins.reserve(student: ana, address: "10.0.0.10", now: 1) == nil)
        pins.succeed(student: ana, address: "10.0.0.10", now: 1)
        // Five wrong for one student from four addresses: those addresses are refused…
        let bea = PINLockouts.studentKey(groupID: 7, name: "Bea")
        for i in 1...4 {
            #expect(pins.reserve(student: bea, address: "10.1.0.\(i)", now: 2) == nil)
            let outcome = pins.fail(student: bea, address: "10.1.0.\(i)", now: 2)
            if i == 4 { #expect(outcome.studentLock == 300 && outcome.wait == 300) }
        }
        #expect(pins.lockedFor(student: bea, address: "10.1.0.1", now: 3) == 299)
        // …but Bea at her own computer is not.
        #expect(pins.lockedFor(student: bea, address: "10.2.0.1", now: 3) == nil)
        #expect(PINLockouts.minutes(299) == 5 && PINLockouts.minutes(1) == 1 && PINLockouts.minutes(600) == 10)
        #expect(PINLockouts.minutes(600.000_000_1) == 10 && PINLockouts.minutes(601) == 11)
    }

    @Test func aStudentsLockDoesNotGrowWithFailuresFromManyAddressesButAPairsDoes() {
        var pins = PINLockouts()
        let luis = PINLockouts.studentKey(groupID: 7, name: "Luis")
        // Three rounds of five wrong PINs, each from five fresh addresses, after each lock ends.
        var now = 0.0
        for round in 0..<3 {
            var started: Double?
            for i in 1...5 {
                let address = "10.\(round).0.\(i)"
                #expect(pins.reserve(student: luis, address: address, now: now) == nil)
                if let lock = pins.fail(student: luis, address: address, now: now).studentLock { started = lock }
            }
            #expect(started == 300)
            now += 301
        }
        // Five wrong from one address, twice: that pair's second lock is 10 minutes.
        for _ in 1...5 { _ = pins.reserve(student: luis, address: "10.9.9.9", now: now); _ = pins.fail(student: luis, address: "10.9.9.9", now: now) }
        now += 301
        var last: PINLockouts.FailureOutcome?
        for _ in 1...5 {
            _ = pins.reserve(student: luis, address: "10.9.9.9", now: now)
            last = pins.fail(student: luis, address: "10.9.9.9", now: now)
        }
        #expect(last?.studentLock == 600 && last?.wait == 600)
        #expect(PINLockouts.minutes(last?.wait ?? 0) == 10)
    }
}
