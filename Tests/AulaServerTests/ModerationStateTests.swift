import Testing
import AulaTestSupport
@testable import AulaServer

/// Issue 13: the in-memory state behind `chat off|on` and kicks that hold.
@Suite(.lab) struct ModerationStateTests {
    @Test func chatSwitchRoomsLobbyAndEverywhere() {
        var chat = ChatSwitch()
        #expect(!chat.isOff(room: "quiz-1") && !chat.isOff(room: nil))
        chat.set(room: "quiz-1", off: true, openRooms: ["quiz-1", "hangman-2"])
        #expect(chat.isOff(room: "quiz-1") && !chat.isOff(room: "hangman-2") && !chat.isOff(room: nil))
        chat.set(room: nil, off: true, openRooms: [])
        #expect(chat.isOff(room: nil))
        chat.setAll(off: false)
        #expect(!chat.isOff(room: "quiz-1") && !chat.isOff(room: nil))
        // Everything off covers rooms opened later; then one room on: the others and the lobby stay off.
        chat.setAll(off: true)
        #expect(chat.isOff(room: "later-9"))
        chat.set(room: "quiz-1", off: false, openRooms: ["quiz-1", "hangman-2"])
        #expect(!chat.isOff(room: "quiz-1") && chat.isOff(room: "hangman-2") && chat.isOff(room: nil))
        // Switching one room off while everything is off changes nothing.
        chat.setAll(off: true)
        chat.set(room: "quiz-1", off: true, openRooms: ["quiz-1"])
        #expect(chat.isOff(room: "quiz-1") && chat.isOff(room: "other"))
    }

    @Test func kicksHoldByNameAndByAddressForNamesWithoutAPIN() {
        let kicks = KickList()
        let hold = KickList.Hold(name: "Ben", groupKey: "open", reason: nil, until: 600)
        kicks.add(hold, key: "open\u{0}ben", address: "10.0.0.7")
        #expect(kicks.hold(key: "open\u{0}ben", address: "10.0.0.8", withPIN: true, now: 0)?.name == "Ben")
        #expect(kicks.hold(key: "open\u{0}dora", address: "10.0.0.7", withPIN: false, now: 0)?.name == "Ben")
        #expect(kicks.hold(key: "open\u{0}dora", address: "10.0.0.7", withPIN: true, now: 0) == nil)
        #expect(kicks.hold(key: "3b\u{0}ben", address: "10.0.0.8", withPIN: false, now: 0) == nil)
        // Over at its time.
        #expect(kicks.hold(key: "open\u{0}ben", address: "10.0.0.7", withPIN: false, now: 600) == nil)
        #expect(kicks.names.isEmpty && kicks.addresses.isEmpty)
    }

    @Test func thisMachineIsNeverHeldByAddress() {
        let kicks = KickList()
        kicks.add(KickList.Hold(name: "Ben", groupKey: "open", reason: "x", until: 600), key: "open\u{0}ben",
                  address: "127.0.0.1")
        #expect(kicks.addresses.isEmpty)
        #expect(kicks.hold(key: "open\u{0}dora", address: "127.0.0.1", withPIN: false, now: 0) == nil)
    }

    @Test func unkickAndClassCloseLiftTheirHolds() {
        let kicks = KickList()
        kicks.add(KickList.Hold(name: "Ben", groupKey: "3b", reason: nil, until: 600), key: "3b\u{0}ben", address: "10.0.0.7")
        kicks.add(KickList.Hold(name: "Ben", groupKey: "4a", reason: nil, until: 600), key: "4a\u{0}ben", address: "10.0.0.9")
        kicks.add(KickList.Hold(name: "Eva", groupKey: "3b", reason: nil, until: 600), key: "3b\u{0}eva", address: "10.0.0.5")
        #expect(kicks.lift(nameKey: "ben") == ["Ben", "Ben"])
        #expect(kicks.names.keys.sorted() == ["3b\u{0}eva"])
        #expect(kicks.addresses.keys.sorted() == ["10.0.0.5"])
        kicks.lift(groupKey: "3b")
        #expect(kicks.names.isEmpty && kicks.addresses.isEmpty)
        #expect(kicks.lift(nameKey: "ben").isEmpty)
    }

    /// Two kicked students of one name are said with their groups, and `unkick 3B/Ben`
    /// lifts that group's only (session 9: "Ben, Ben", both lifted).
    @Test func unkickByGroupAndNamesSaidApart() {
        let kicks = KickList()
        for group in ["3B", "4A"] {
            kicks.add(KickList.Hold(name: "Ben", groupKey: group.lowercased(), groupName: group, reason: nil, until: 600),
                      key: group.lowercased() + "\u{0}ben", address: nil)
        }
        #expect(kicks.lift(nameKey: "ben", groupKey: "3b") == ["Ben"])
        #expect(kicks.names.keys.sorted() == ["4a\u{0}ben"])
        kicks.add(KickList.Hold(name: "Ben", groupKey: "3b", groupName: "3B", reason: nil, until: 600), key: "3b\u{0}ben", address: nil)
        #expect(kicks.lift(nameKey: "ben") == ["3B/Ben", "4A/Ben"])
    }

    @Test func minutesLeftRoundUpToAtLeastOne() {
        #expect(KickList.minutes(1) == 1)
        #expect(KickList.minutes(60) == 1)
        #expect(KickList.minutes(61) == 2)
        #expect(KickList.minutes(600) == 10)
    }
}
