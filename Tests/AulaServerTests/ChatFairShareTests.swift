import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 12: four students, each within their address's budget, used up the
/// lobby's chat budget and a classmate got 3 of 14 lines through. The room's
/// budget is shared: the speakers above their share are the ones throttled.
@Suite(.lab) struct ChatFairShareTests {
    private func limits() -> ChatLimits {
        var limits = ChatLimits()
        limits.roomLinesPerSecond = 10
        limits.roomBurst = 20
        limits.addressLinesPerSecond = 5
        limits.addressBurst = 10
        return limits
    }

    @Test func aQuietSpeakerGetsThroughWhileFourFloodTheRoom() {
        var budget = ChatBudget(limits: limits())
        var victimThrough = 0, victimTried = 0, floodThrough = 0
        // 7 seconds in steps of 0.05 s: four attackers at 5 lines a second each,
        // the victim at 2 lines a second.
        for step in 0..<140 {
            let now = Double(step) * 0.05
            if step % 4 == 0 {
                for attacker in 0..<4 where budget.spend(room: "lobby", address: "10.0.0.\(attacker)",
                                                          speaker: "a\(attacker)", now: now) == .allowed {
                    floodThrough += 1
                }
            }
            if step % 10 == 0 {
                victimTried += 1
                if budget.spend(room: "lobby", address: "10.0.1.1", speaker: "victim", now: now) == .allowed { victimThrough += 1 }
            }
        }
        #expect(victimThrough == victimTried, "\(victimThrough) of \(victimTried)")
        // The room still takes at most one and a half times its budget from everyone.
        #expect(Double(floodThrough + victimThrough) <= 1.5 * (20 + 10 * 7))
    }

    @Test func manyFreshSpeakersAtOnceGetNoMoreThanOneAndAHalfTimesTheRoomsBurst() {
        var budget = ChatBudget(limits: limits())
        let allowed = (0..<100).filter {
            budget.spend(room: "room hangman-1", address: "10.0.0.\($0)", speaker: "s\($0)", now: 0) == .allowed
        }
        #expect(allowed.count == 30)
        #expect(budget.spend(room: "room hangman-1", address: "10.0.1.1", speaker: "late", now: 0) == .overRoom)
    }

    @Test func quietSpeakersAreForgotten() {
        var budget = ChatBudget(limits: limits())
        for i in 0..<10 { _ = budget.spend(room: "r", address: nil, speaker: "s\(i)", now: 0) }
        #expect(budget.trackedKeys >= 10)
        _ = budget.spend(room: "x", address: nil, now: 100)
        #expect(budget.trackedKeys == 1)
    }
}
