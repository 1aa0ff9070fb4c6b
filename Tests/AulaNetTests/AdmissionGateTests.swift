import Testing
import AulaTestSupport
@testable import AulaNet

@Suite(.lab) struct AdmissionGateTests {
    @Test func quotaPerSecondThenWaitingLineThenRefusal() {
        var gate = AdmissionGate(perSecond: 2)
        let decisions = (0..<6).map { _ in gate.arrive(from: "10.0.0.7", now: 100.0) }
        #expect(decisions == [.admit, .admit, .hold, .hold, .refuse, .refuse])
        #expect(gate.arrive(from: "10.0.0.8", now: 100.0) == .admit)  // another address is not affected
        #expect(gate.releaseTime(for: "10.0.0.7") == 101.0)
    }

    @Test func releasedNewcomersUseTheNextWindow() {
        var gate = AdmissionGate(perSecond: 2)
        _ = (0..<3).map { _ in gate.arrive(from: "a", now: 0) }
        gate.release("a", released: 1, now: 1.0)
        #expect(gate.arrive(from: "a", now: 1.1) == .admit)
        #expect(gate.arrive(from: "a", now: 1.2) == .hold)
    }

    @Test func quietAddressesAreForgotten() {
        var gate = AdmissionGate(perSecond: 2)
        _ = gate.arrive(from: "a", now: 0)
        _ = gate.arrive(from: "b", now: 0.8)
        gate.forgetQuiet(now: 1.5)
        #expect(gate.trackedAddresses == 1)
    }
}
