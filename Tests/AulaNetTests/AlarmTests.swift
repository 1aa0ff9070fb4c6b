import Foundation
import Testing
import AulaTestSupport
@testable import AulaNet

/// The turn clock's timer: moved by every hit, it must ring once, at the last
/// deadline it was given — never at an earlier one it has outlived.
@Suite(.lab) struct AlarmTests {
    /// Runs the loop on this thread for `seconds`, then returns when each ring happened (seconds after start).
    private func run(for seconds: Double, _ setUp: (EventLoop, Alarm, Double) -> Void) throws -> [Double] {
        let loop = try EventLoop()
        var rings: [Double] = []
        let start = loop.now
        let alarm = Alarm(loop: loop) { rings.append(loop.now - start) }
        setUp(loop, alarm, start)
        loop.schedule(after: seconds) { loop.stop() }
        loop.run()
        return rings
    }

    @Test func ringsOnceAtItsDeadline() throws {
        let rings = try run(for: 0.3) { _, alarm, start in alarm.set(at: start + 0.05) }
        #expect(rings.count == 1)
        #expect((rings.first ?? 0) >= 0.05)
    }

    @Test func movedLaterRingsOnlyAtTheNewDeadline() throws {
        let rings = try run(for: 0.4) { loop, alarm, start in
            alarm.set(at: start + 0.05)
            // A hit at 30 ms gives the turn another 150 ms.
            loop.schedule(after: 0.03) { alarm.set(at: loop.now + 0.15) }
        }
        #expect(rings.count == 1)
        #expect((rings.first ?? 0) >= 0.18)
    }

    @Test func movedEarlierRingsAtTheEarlierDeadline() throws {
        let rings = try run(for: 0.5) { _, alarm, start in
            alarm.set(at: start + 10)
            alarm.set(at: start + 0.05)
        }
        #expect(rings.count == 1)
        #expect((rings.first ?? 99) < 0.4)
    }

    @Test func stoppedNeverRingsAndCanBeSetAgain() throws {
        let rings = try run(for: 0.3) { loop, alarm, start in
            alarm.set(at: start + 0.05)
            alarm.stop()
            #expect(alarm.deadline == nil)
            loop.schedule(after: 0.1) { alarm.set(at: loop.now + 0.05) }
        }
        #expect(rings.count == 1)
        #expect((rings.first ?? 0) >= 0.15)
    }
}
