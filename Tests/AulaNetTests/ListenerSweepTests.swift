import Foundation
import Testing
import AulaTestSupport
@testable import AulaNet

/// The idle sweep looks at a tenth of the connections ten times a second
/// (issue 20): everyone is still checked about once a second, but no turn of
/// the loop scans everyone online.
@Suite(.lab) struct ListenerSweepTests {
    @Test func eachTenthOfASecondChecksATenthAndEveryoneIsCheckedWithinASecond() throws {
        var limits = NetLimits()
        limits.idleWarningAfter = 0.5
        limits.idleTimeout = 100
        let server = try TestServer(limits: limits, clock: VirtualClock())
        defer { server.stop() }
        let count = 25
        let clients = (0..<count).compactMap { _ in TestClient(port: server.port) }
        #expect(clients.count == count)
        #expect(eventually { server.handler.openedCount == count })
        let share = (count + Listener.sweepSlices - 1) / Listener.sweepSlices  // 3
        var warned = 0
        var stepsThatWarned = 0
        var elapsed = 0.0
        while elapsed < 2.0 {
            server.advance(by: 0.1)
            elapsed += 0.1
            let now = server.handler.notices.filter { $0 == .idleWarning }.count
            #expect(now - warned <= share, "at \(elapsed) s: \(now - warned) warned in one slice")
            if now > warned { stepsThatWarned += 1 }
            warned = now
        }
        // Idle from 0.5 s on, each warned within the next full pass (a second).
        #expect(warned == count)
        #expect(stepsThatWarned >= (count + share - 1) / share)
        withExtendedLifetime(clients) {}
    }
}
