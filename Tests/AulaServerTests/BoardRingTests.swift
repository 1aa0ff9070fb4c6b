import Testing
import AulaTestSupport
@testable import AulaServer

/// The board's replay (session 10): a broadcast kept for its time only,
/// entries taken out on purpose (a class closed, a student forgotten) without
/// making resuming pages reload, and the challenge panel's own rules.
@Suite(.lab) struct BoardRingTests {
    static func json(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func anExpiredEntryIsNoLongerGivenToAPageThatLoadsOrResumes() {
        var ring = BoardRing(capacity: 8)
        ring.append(room: nil, json: Self.json(#"{"ev":"broadcast"}"#), expires: 20)
        ring.append(room: "quiz-1", json: Self.json(#"{"ev":"quiz.tally"}"#))
        #expect(ring.current(now: 19.9).count == 2)
        #expect(ring.current(now: 20).map(\.id) == [2])
        #expect(ring.after(0, now: 25)?.map(\.id) == [2])
    }

    @Test func takingEntriesOutIsNoGapButDroppingForRoomIs() {
        var ring = BoardRing(capacity: 3)
        for index in 1...3 { ring.append(room: nil, json: Self.json("{\"n\":\(index)}")) }
        ring.removeAll { $0.id == 2 }
        #expect(ring.all.map(\.id) == [1, 3])
        #expect(ring.after(1)?.map(\.id) == [3])  // 2 was taken out: nothing to reload for
        ring.append(room: nil, json: Self.json("{}"))
        ring.append(room: nil, json: Self.json("{}"))  // 1 falls out for room
        #expect(ring.all.map(\.id) == [3, 4, 5])
        #expect(ring.after(0) == nil)
        #expect(ring.after(1)?.map(\.id) == [3, 4, 5])
        ring.removeAll { _ in true }
        #expect(ring.count == 0 && ring.lastID == 5)
        #expect(ring.after(5)?.isEmpty == true)
        #expect(ring.append(room: nil, json: []).id == 6)
    }

    @Test func aNameIsFoundAsAWholeJSONString() {
        let event = Self.json(#"{"rows":[{"name":"Cristina","points":3},{"name":"Ana"}]}"#)
        #expect(Board.contains(event, JSON.string("Ana").serializedBytes))
        #expect(!Board.contains(event, JSON.string("Cris").serializedBytes))
        #expect(!Board.contains([], JSON.string("Ana").serializedBytes))
    }

    @Test func thePanelIsTheSameWhenOnlyItsClockMovedALittle() {
        let row = BoardChallengeSnapshot.Row(name: "Ana", room: "level-1", state: .working, stars: 0)
        let panel = BoardChallengeSnapshot(id: 1, level: "t-02", secondsLeft: 100, paused: false, ended: false,
                                           rows: [row], leaderboard: nil)
        var later = panel
        later.secondsLeft = 99.2
        #expect(panel.sameButClock(later))
        later.secondsLeft = 160  // extended
        #expect(!panel.sameButClock(later))
        var solved = panel
        solved.rows[0].state = .solved
        #expect(!panel.sameButClock(solved))
        var forgot = panel
        forgot.remove(name: "Ana")
        #expect(forgot.rows.isEmpty)
    }
}
