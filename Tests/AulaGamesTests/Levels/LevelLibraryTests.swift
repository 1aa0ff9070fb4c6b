import Testing
import AulaTestSupport
@testable import AulaGames

@Suite(.lab) struct LevelLibraryTests {
    func library() -> LevelLibrary {
        var a = TestLevels.corridor(); a.id = "a"; a.notesUnlocked = ["loops"]; a.xpReward = 10
        var b = TestLevels.corridor(); b.id = "b"; b.xpRequired = 10
        var c = TestLevels.corridor(); c.id = "c"
        return LevelLibrary(worlds: [World(id: "w1", title: "One", levels: ["a", "b"]),
                                     World(id: "w2", title: "Two", xpRequired: 30, levels: ["c"])],
                            levels: [a, b, c], notes: ["loops": ["en": "Loops", "es": "Bucles"]])
    }

    @Test func xpOpensLevelsAndWorlds() {
        let lib = library()
        #expect(lib.status(of: "a", xp: 0, solved: []) == .open)
        #expect(lib.status(of: "b", xp: 0, solved: []) == .locked(xpRequired: 10))
        #expect(lib.status(of: "b", xp: 10, solved: ["a"]) == .open)
        #expect(lib.status(of: "a", xp: 10, solved: ["a"]) == .solved)
        #expect(lib.status(of: "c", xp: 20, solved: ["a", "b"]) == .locked(xpRequired: 30))
        let map = lib.map(xp: 10, solved: ["a"])
        #expect(map.map(\.unlocked) == [true, false])
        #expect(map[0].levels.map(\.status) == [.solved, .open])
    }

    @Test func solvingALevelUnlocksItsNotes() {
        let lib = library()
        #expect(lib.unlockedNotes(solved: []).isEmpty)
        #expect(lib.unlockedNotes(solved: ["a"]) == ["loops"])
        #expect(lib.note(id: "loops", language: "es") == "Bucles")
        #expect(lib.note(id: "loops", language: "fr") == "Loops")
    }
}
