import Testing
import AulaTestSupport
@testable import AulaNet

/// The per-address caps (issue 12, defect 9): one address held 620 sockets
/// that never logged in; 64 idle local sockets filled the admin console.
@Suite(.lab) struct AddressBudgetTests {
    private func limits(total: Int = 50, preLogin: Int = 10, full: PreLoginFull = .refuseNewcomer) -> NetLimits {
        var limits = NetLimits()
        limits.maxPerAddress = total
        limits.maxPreLoginPerAddress = preLogin
        limits.whenPreLoginFull = full
        return limits
    }

    @Test func anAddressMayHoldOnlyItsShareOfSocketsStillLoggingIn() {
        var budget = AddressBudget(limits: limits(preLogin: 3))
        for _ in 0..<3 {
            #expect(budget.decide("10.0.0.7", exemptTotal: false, exemptPreLogin: false) == .admit)
            budget.opened("10.0.0.7")
        }
        #expect(budget.decide("10.0.0.7", exemptTotal: false, exemptPreLogin: false) == .refuse(.tooManyLoggingIn))
        #expect(budget.decide("10.0.0.8", exemptTotal: false, exemptPreLogin: false) == .admit)  // another address
        budget.loggedIn("10.0.0.7")
        #expect(budget.decide("10.0.0.7", exemptTotal: false, exemptPreLogin: false) == .admit)
        #expect(budget.openCount("10.0.0.7") == 3)
        #expect(budget.preLoginCount("10.0.0.7") == 2)
    }

    @Test func loggedInSocketsCountTowardsTheTotalCap() {
        var budget = AddressBudget(limits: limits(total: 4, preLogin: 2))
        for _ in 0..<4 {
            budget.opened("10.0.0.7")
            budget.loggedIn("10.0.0.7")
        }
        #expect(budget.decide("10.0.0.7", exemptTotal: false, exemptPreLogin: false) == .refuse(.addressFull))
        #expect(budget.decide("10.0.0.7", exemptTotal: true, exemptPreLogin: true) == .admit)
        budget.closed("10.0.0.7", preLogin: false)
        #expect(budget.decide("10.0.0.7", exemptTotal: false, exemptPreLogin: false) == .admit)
    }

    @Test func closingEverythingForgetsTheAddress() {
        var budget = AddressBudget(limits: limits())
        budget.opened("a")
        budget.opened("a")
        budget.loggedIn("a")
        budget.closed("a", preLogin: true)
        budget.closed("a", preLogin: false)
        #expect(budget.trackedAddresses == 0)
        budget.closed("a", preLogin: true)  // an extra close never goes negative
        #expect(budget.openCount("a") == 0)
    }

    @Test func theConsoleDisplacesInsteadOfRefusing() {
        var budget = AddressBudget(limits: limits(preLogin: 1, full: .displaceOldestSilent))
        budget.opened("127.0.0.1")
        #expect(budget.decide("127.0.0.1", exemptTotal: true, exemptPreLogin: false) == .admitDisplacing)
    }

    @Test func onlyThisMachineIsExemptNotEvery127Address() {
        #expect(AddressBudget.isOwnMachine("127.0.0.1"))
        #expect(AddressBudget.isOwnMachine("::1"))
        #expect(!AddressBudget.isOwnMachine("127.0.0.2"))
        #expect(!AddressBudget.isOwnMachine("10.0.0.1"))
    }

    @Test func theAdminConsoleLimitsKeepTheStudentsRatesButHaveTheirOwnCaps() {
        var students = NetLimits()
        students.idleTimeout = 600
        let console = students.forAdminConsole(maxConnections: 64, loginTimeout: 30, maxPreLoginPerAddress: 8)
        #expect(console.idleTimeout == 600)
        #expect(console.maxConnections == 64)
        #expect(console.loginTimeout == 30)
        #expect(console.maxPreLoginPerAddress == 8)
        #expect(console.preLoginCapCoversLoopback)
        #expect(console.whenPreLoginFull == .displaceOldestSilent)
    }
}
