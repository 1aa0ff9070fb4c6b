import Testing
import AulaTestSupport
import Foundation
import AulaGames
@testable import AulaAdmin
@testable import AulaServer

/// The pure rules behind issue 12's limits: token buckets, the chat budget,
/// the paged and cached listings, and where an export may be written.
@Suite(.lab) struct LimitsPolicyTests {
    // MARK: token bucket

    @Test func aBucketGivesItsBurstThenItsRate() {
        var bucket = TokenBucket(rate: 5, burst: 10, now: 0)
        func take(_ now: Double) -> Bool { bucket.take(at: now) }
        #expect((0..<10).map { _ in take(0) } == Array(repeating: true, count: 10))
        #expect(!take(0))
        #expect(take(0.2))      // 0.2 s × 5/s = one token
        #expect(!take(0.2))
        #expect(!take(-5))      // a clock going backwards adds nothing
        #expect(bucket.isFull(at: 10))
    }

    // MARK: chat budget

    private func chatLimits() -> ChatLimits {
        var limits = ChatLimits()
        limits.roomLinesPerSecond = 10
        limits.roomBurst = 20
        limits.addressLinesPerSecond = 5
        limits.addressBurst = 10
        return limits
    }

    /// The budget in a box, so `#expect` can call it.
    private final class Budget {
        var budget: ChatBudget
        init(_ limits: ChatLimits) { budget = ChatBudget(limits: limits) }
        func spend(_ room: String, _ address: String?, _ now: Double) -> ChatBudget.Verdict {
            budget.spend(room: room, address: address, now: now)
        }
        func tell(_ key: String, _ now: Double) -> Bool { budget.shouldTellTeachers(key, now: now) }
    }

    @Test func oneAddressGetsItsShareAcrossAllItsConnections() {
        let budget = Budget(chatLimits())
        let verdicts = (0..<12).map { _ in budget.spend("lobby open", "10.0.0.7", 0) }
        #expect(verdicts.prefix(10).allSatisfy { $0 == .allowed })
        #expect(verdicts.suffix(2).allSatisfy { $0 == .overAddress })
        // Someone else in the same room still gets through: the room has tokens left.
        #expect(budget.spend("lobby open", "10.0.0.8", 0) == .allowed)
    }

    @Test func aRoomTakesAtMostItsBudgetFromEveryoneTogether() {
        let budget = Budget(chatLimits())
        let allowed = (0..<100).filter { budget.spend("room hangman-1", "10.0.0.\($0)", 0) == .allowed }
        #expect(allowed.count == 20)
        #expect(budget.spend("room hangman-1", "10.0.1.1", 0) == .overRoom)
        #expect(budget.spend("room hangman-2", "10.0.1.1", 0) == .allowed)
        // A second later the room has its rate back.
        let later = (0..<20).filter { budget.spend("room hangman-1", "10.0.2.\($0)", 1) == .allowed }
        #expect(later.count == 10)
    }

    @Test func anExemptAddressOnlyMeetsTheRoomBudget() {
        let budget = Budget(chatLimits())
        let verdicts = (0..<20).map { _ in budget.spend("r", nil, 0) }
        #expect(verdicts.allSatisfy { $0 == .allowed })
    }

    @Test func teachersAreToldOnceAMinutePerRoomOrAddress() {
        let budget = Budget(chatLimits())
        #expect(budget.tell("room r", 0))
        #expect(!budget.tell("room r", 30))
        #expect(budget.tell("address a", 30))
        #expect(budget.tell("room r", 60))
    }

    @Test func quietBucketsAreForgotten() {
        let budget = Budget(chatLimits())
        for i in 0..<50 { _ = budget.spend("r\(i)", "a\(i)", 0) }
        #expect(budget.budget.trackedKeys == 100)
        _ = budget.spend("x", "y", 100)
        #expect(budget.budget.trackedKeys == 2)
    }

    // MARK: listings

    @Test func pagesAreSlicesWithCounts() {
        let first = ListingPolicy.page(1, total: 10_000, pageSize: 50)
        #expect(first.page == 1 && first.pages == 200 && first.range == 0..<50)
        let last = ListingPolicy.page(999, total: 101, pageSize: 50)
        #expect(last.page == 3 && last.pages == 3 && last.range == 100..<101)
        let empty = ListingPolicy.page(nil, total: 0, pageSize: 50)
        #expect(empty.page == 1 && empty.pages == 1 && empty.range == 0..<0)
    }

    @Test func aBigListIsRebuiltAtMostOnceASecondASmallOneOnEveryChange() {
        #expect(ListingPolicy.mustRebuild(cachedVersion: nil, currentVersion: 1, builtAt: 0, now: 0, size: 0))
        #expect(!ListingPolicy.mustRebuild(cachedVersion: 7, currentVersion: 7, builtAt: 0, now: 100, size: 10_000))
        #expect(ListingPolicy.mustRebuild(cachedVersion: 7, currentVersion: 8, builtAt: 0, now: 0.1, size: 30))
        #expect(!ListingPolicy.mustRebuild(cachedVersion: 7, currentVersion: 8, builtAt: 0, now: 0.5, size: 10_000))
        #expect(ListingPolicy.mustRebuild(cachedVersion: 7, currentVersion: 8, builtAt: 0, now: 1.0, size: 10_000))
    }

    @Test func pageWordsAreNumbersFromOne() {
        #expect(Server.pageNumber(nil) == 1)
        #expect(Server.pageNumber("3") == 3)
        #expect(Server.pageNumber("0") == nil)
        #expect(Server.pageNumber("dos") == nil)
        // Session 10: a page number too big for an Int is past the end (the last page), not a usage error.
        #expect(Server.pageNumber("99999999999999999999999999") == Int.max)
        #expect(Server.pageNumber("-99999999999999999999999999") == nil)
        #expect(Server.pageNumber("9x") == nil)
    }

    // MARK: export target

    private let protected = ExportTarget.protectedPaths(databasePath: "/srv/aula/aula.sqlite", contentDirectory: "/srv/aula")

    private func code(_ name: String, directory: String = "/srv/aula/exports") -> String? {
        if case .failure(let refusal) = ExportTarget.check(name: name, directory: directory, protected: protected) {
            return refusal.code
        }
        return nil
    }

    @Test func exportsAreFileNamesEndingInCSV() {
        #expect(code("scores-3b.csv") == nil)
        #expect(code("Notas 3B.CSV") == nil)
        #expect(code("../x.csv") == "export_name_invalid")
        #expect(code("/tmp/x.csv") == "export_name_invalid")
        #expect(code("sub/x.csv") == "export_name_invalid")
        #expect(code("..\\x.csv") == "export_name_invalid")
        #expect(code(".hidden.csv") == "export_name_invalid")
        #expect(code("~x.csv") == "export_name_invalid")
        #expect(code("aula.sqlite") == "export_not_csv")
        #expect(code(".csv") == "export_name_invalid")
        #expect(code("x.csv.txt") == "export_not_csv")
    }

    @Test func theDatabaseItsJournalsAndTheContentAreNeverTargets() {
        // An export folder pointed at the database's own folder or the content.
        #expect(code("aula.sqlite-wal.csv", directory: "/srv/aula") == nil)
        let odd = ExportTarget.protectedPaths(databasePath: "/srv/aula/data.csv", contentDirectory: "/srv/aula")
        if case .failure(let refusal) = ExportTarget.check(name: "data.csv", directory: "/srv/aula", protected: odd) {
            #expect(refusal.code == "export_protected")
        } else {
            Issue.record("the database was accepted as an export target")
        }
        #expect(code("x.csv", directory: "/srv/aula/Decks") == "export_protected")
        #expect(code("x.csv", directory: "/srv/aula/Levels/w1") == "export_protected")
    }

    @Test func theExportFolderIsBesideTheDatabaseUnlessGiven() {
        #expect(ExportTarget.directory(exportDirectory: nil, databasePath: "/srv/aula/aula.sqlite") == "/srv/aula/exports")
        #expect(ExportTarget.directory(exportDirectory: "/mnt/usb", databasePath: "/srv/aula/aula.sqlite") == "/mnt/usb")
    }
}
