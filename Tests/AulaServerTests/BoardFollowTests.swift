import Testing
import AulaTestSupport
@testable import AulaServer

/// What a board page shows: the console's choice, or the page's own
/// (`?follow=`), and the pin counts that keep other rooms' events free.
@Suite(.lab) struct BoardFollowTests {
    @Test func aPagesWordBecomesItsChoice() {
        #expect(Board.pinned(nil) == nil)
        #expect(Board.pinned("") == nil)
        #expect(Board.pinned("auto") == nil)  // auto: what the console says
        #expect(Board.pinned("challenge") == .challenge)
        #expect(Board.pinned("class") == .classOnly)
        #expect(Board.pinned("quiz-2") == .room("quiz-2"))
        #expect(Board.Follow.room("quiz-2").query == "quiz-2" && Board.Follow.classOnly.query == "class")
    }

    @Test func whoSeesWhat() {
        let follows: (Board.Follow, String?, String?, String?) -> Bool = Board.follows(_:autoTarget:room:kind:)
        // Board-wide events (the class, broadcasts) go to every page.
        for follow in [Board.Follow.auto, .room("a"), .challenge, .classOnly] {
            #expect(follows(follow, nil, nil, nil))
        }
        #expect(follows(.room("a"), nil, "a", "quiz") && !follows(.room("a"), nil, "b", "quiz"))
        #expect(follows(.challenge, nil, "level-4", "level") && !follows(.challenge, nil, "quiz-1", "quiz"))
        #expect(!follows(.classOnly, nil, "quiz-1", "quiz"))
        #expect(follows(.auto, "quiz-1", "quiz-1", "quiz") && !follows(.auto, "quiz-1", "quiz-2", "quiz"))
        #expect(follows(.auto, Board.challengeTarget, "level-9", "level"))
        #expect(!follows(.auto, nil, "quiz-1", "quiz"))  // auto before any activity: nothing yet
    }

    @Test func pinsCountStreamsAndLetGo() {
        var pins = BoardPins()
        #expect(pins.isEmpty)
        pins.add(.room("quiz-1"))
        pins.add(.room("quiz-1"))
        pins.add(.challenge)
        pins.add(nil)
        pins.add(.classOnly)  // class pins no room
        #expect(pins.wants(room: "quiz-1", kind: "quiz") && !pins.wants(room: "quiz-2", kind: "quiz"))
        #expect(pins.wants(room: "level-3", kind: "level"))
        pins.remove(.room("quiz-1"))
        #expect(pins.wants(room: "quiz-1", kind: "quiz"))
        pins.remove(.room("quiz-1"))
        pins.remove(.challenge)
        #expect(pins.isEmpty)
        pins.remove(.room("never"))  // a stray remove never goes negative
        pins.remove(.challenge)
        #expect(pins.isEmpty)
    }
}
