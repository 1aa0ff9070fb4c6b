import Testing
import AulaTestSupport
import AulaGames
@testable import AulaAdmin
@testable import AulaServer

/// The console's pure rules: the lockout clock, passwords, rosters, time
/// accommodations, the shutdown countdown, and the command table's catalog.
@Suite(.lab) struct AdminRulesTests {
    @Test func fiveWrongPasswordsLockTheNameForSixtySecondsThenItMayTryAgain() {
        var lockout = LoginLockout()
        for second in 0..<4 {
            #expect(lockout.recordFailure("Garcia", now: Double(second)) == nil)
            #expect(lockout.lockedFor("garcia", now: Double(second)) == nil)
        }
        #expect(lockout.recordFailure("GARCIA", now: 10) == 60)
        #expect(lockout.lockedFor("garcia", now: 10) == 60)
        #expect(lockout.lockedFor("garcia", now: 69.5) == 0.5)
        #expect(lockout.lockedFor("lopez", now: 11) == nil)
        #expect(lockout.lockedFor("garcia", now: 70) == nil)
        // After the lock runs out the count starts again: one miss does not re-lock.
        #expect(lockout.recordFailure("garcia", now: 71) == nil)
        #expect(lockout.lockedFor("garcia", now: 71) == nil)
    }

    @Test func theLockTimeCanBeChangedAndAGoodPasswordClearsTheCount() {
        var lockout = LoginLockout(maxFailures: 5, lockSeconds: 2)
        for _ in 0..<4 { lockout.recordFailure("ana", now: 0) }
        lockout.recordSuccess("Ana")
        #expect(lockout.recordFailure("ana", now: 1) == nil)
        for _ in 0..<3 { lockout.recordFailure("ana", now: 1) }
        #expect(lockout.recordFailure("ana", now: 1) == 2)
        #expect(lockout.lockedFor("ana", now: 2.5) == 0.5)
        #expect(lockout.lockedFor("ana", now: 3) == nil)
    }

    @Test func passwordsNeedEightCharactersAndTheSameTwice() {
        #expect(TeacherPassword.check("1234567")?.code == "password_too_short")
        #expect(TeacherPassword.check("12345678") == nil)
        #expect(TeacherPassword.check("ñandú-ñandú") == nil)
        #expect(TeacherPassword.check("abcdefgh", confirmation: "abcdefgi")?.code == "passwords_differ")
        #expect(TeacherPassword.check("abc", confirmation: "abc")?.code == "password_too_short")
        #expect(TeacherPassword.check(String(repeating: "x", count: 300))?.code == "password_too_long")
    }

    @Test func rosterReadsNamesAndOptionalPINsFromCommasOrSemicolons() {
        let commas = RosterCSV.parse("\u{FEFF}Name,PIN\r\nAna,1234\r\n\"Luis, el mayor\",\r\n\r\nSofía,\r\n")
        // A comma is not allowed in a name: the quoted field is read whole and refused.
        guard case .problems(let problems) = commas else {
            Issue.record("expected problems")
            return
        }
        #expect(problems.map(\.line) == [3])
        let semicolons = RosterCSV.parse("nombre;pin\nAna;1234\nLuis\nSofía;\n")
        #expect(semicolons == .students([
            .init(line: 2, name: "Ana", pin: "1234"), .init(line: 3, name: "Luis", pin: nil), .init(line: 4, name: "Sofía", pin: nil),
        ]))
        let onlyNames = RosterCSV.parse("name\nAna\n  Luis  \n")
        #expect(onlyNames == .students([.init(line: 2, name: "Ana", pin: nil), .init(line: 3, name: "Luis", pin: nil)]))
    }

    @Test func rosterProblemsNameTheirLines() {
        guard case .problems(let problems) = RosterCSV.parse("name,pin\nAna,12a4\nana,\nX,\n") else {
            Issue.record("expected problems")
            return
        }
        // Every problem is listed: a bad PIN, a name repeated in another case, a name too short.
        #expect(problems.map(\.line) == [2, 3, 4])
        #expect(problems.map(\.refusal.code) == ["roster_bad_pin", "roster_duplicate", "name_invalid"])
        guard case .problems(let dup) = RosterCSV.parse("name\nAna\nANA\n") else {
            Issue.record("expected a duplicate")
            return
        }
        #expect(dup.first?.refusal == Refusal(code: "roster_duplicate", args: ["ANA", "2"]))
        #expect(RosterCSV.parse("student,pin\nAna,1234\n") == .problems([.init(line: 1, refusal: Refusal(code: "roster_no_name_column"))]))
        #expect(RosterCSV.parse("name\n\n") == .problems([.init(line: 1, refusal: Refusal(code: "roster_empty"))]))
    }

    @Test func pinsAreHashedCheaplyButStillSaltedAndVerified() throws {
        let a = try PINHash.make("1234"), b = try PINHash.make("1234")
        #expect(a != b)
        #expect(a.hasPrefix("scrypt$4096$8$1$"))
        #expect(!a.contains("1234$"))
        #expect(PINHash.verify("1234", against: a))
        #expect(!PINHash.verify("1235", against: a))
        #expect(PINHash.isWellFormed("0042") && !PINHash.isWellFormed("42") && !PINHash.isWellFormed("12 4"))
    }

    @Test func accommodationsReadMultipliersUntimedAndOff() {
        #expect(Accommodation.parse("1.5") == .some(1.5))
        #expect(Accommodation.parse("1,5") == .some(1.5))
        #expect(Accommodation.parse("untimed") == .some(0))
        #expect(Accommodation.parse("off") == .some(nil))
        #expect(Accommodation.parse("1") == .some(nil))
        #expect(Accommodation.parse("0.5") == nil)
        #expect(Accommodation.parse("9") == nil)
        #expect(Accommodation.parse("lots") == nil)
    }

    @Test func shutdownCountdownSpeaksAtSensibleSteps() {
        #expect(ShutdownCountdown.marks(for: 90) == [60, 30, 10, 5, 3, 2, 1])
        #expect(ShutdownCountdown.marks(for: 5) == [3, 2, 1])
        #expect(ShutdownCountdown.marks(for: 1) == [])
    }

    @Test func everyAdminCommandHasUsageAndHelpInBothLanguages() {
        for entry in AdminCommands.table.entries {
            for lang in Language.allCases {
                #expect(Catalog.shared.template("usage.\(entry.id)", lang) != nil, "usage.\(entry.id) \(lang)")
                #expect(Catalog.shared.template("help.\(entry.id)", lang) != nil, "help.\(entry.id) \(lang)")
            }
        }
        #expect(AdminCommands.table.find("expulsar")?.id == "admin.kick")
        #expect(AdminCommands.table.find("CLASE")?.id == "admin.class")
        #expect(LobbyCommands.table.find("kick") == nil && LobbyCommands.table.find("broadcast") == nil)
    }
}
