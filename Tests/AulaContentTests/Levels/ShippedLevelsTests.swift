import Foundation
import Testing
import AulaGames
@testable import AulaContent

/// The repository's own content folder (the one holding `Levels/`).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let shipped = LevelLoader.load(contentDirectory: repositoryRoot)

/// A reference solution and a plausible wrong program for every shipped level.
/// `nil` as the wrong program means "a fixed list of moves written for the
/// shown layout", built by the test from that layout.
let referencePrograms: [String: (solution: String, wrong: String?)] = [
    "w1-01": ("walk();\nwalk();\nwalk();\nwalk();", "walk();\nwalk();\nwalk();"),
    "w1-02": ("walk();\nwalk();\nturnRight();\nwalk();\nwalk();\nturnLeft();\nwalk();\nwalk();",
              "walk();\nwalk();\nturnLeft();\nwalk();\nwalk();\nturnRight();\nwalk();\nwalk();"),
    "w1-03": ("ada.walk();\nada.hit();\nada.walk();\nada.walk();\nada.walk();\nada.walk();",
              "walk();\nwalk();\nwalk();\nwalk();\nwalk();"),
    "w1-04": ("repeat (10) {\n    walk();\n}", "for (int i = 0; i < 9; i++) {\n    ada.walk();\n}"),
    "w1-05": ("repeat (4) {\n    walk();\n    turnLeft();\n    walk();\n    turnRight();\n}",
              "repeat (4) {\n    walk();\n    turnRight();\n    walk();\n    turnLeft();\n}"),
    "w2-01": ("repeat (7) {\n    if (look() == IRON) {\n        hit();\n    }\n    walk();\n}",
              "repeat (7) {\n    hit();\n    walk();\n}"),
    "w2-02": ("repeat (12) {\n    if (look() == WALL) {\n        turnRight();\n    } else {\n        walk();\n    }\n}",
              "repeat (12) {\n    if (look() == WALL) {\n        turnLeft();\n    } else {\n        walk();\n    }\n}"),
    "w2-03": ("while (look() != WALL) {\n    walk();\n}\nturnRight();\nwhile (look() != WALL) {\n    walk();\n}",
              "while (look() != WALL) {\n    walk();\n}\nturnLeft();\nwhile (look() != WALL) {\n    walk();\n}"),
    "w2-04": ("while (ada.look() != Tile.GOAL) {\n    if (ada.look() == Tile.IRON) {\n        ada.hit();\n    } else {\n        ada.walk();\n    }\n}\nada.walk();",
              "while (look() != GOAL) {\n    walk();\n}\nwalk();"),
    "w2-05": ("int n = 1;\nwhile (n <= 5) {\n    repeat (n) { walk(); }\n    turnRight();\n    n++;\n}",
              "int n = 1;\nwhile (n <= 5) {\n    repeat (n) { walk(); }\n    turnRight();\n}"),
    "w3-01": ("walk();\npick();\nwalk();\nuse();\nwalk();\nwalk();\nwalk();\nwalk();",
              "walk();\nwalk();\nuse();\nwalk();\nwalk();\nwalk();\nwalk();"),
    "w3-02": ("repeat (3) {\n    walk();\n    pick();\n    walk();\n    use();\n    walk();\n}\nwalk();",
              "repeat (3) {\n    walk();\n    walk();\n    pick();\n    use();\n    walk();\n}\nwalk();"),
    "w3-03": ("while (look() != ENEMY) {\n    walk();\n}\nhit();\nwhile (look() != GOAL) {\n    walk();\n}\nwalk();",
              "while (look() != GOAL) {\n    walk();\n}\nwalk();"),
    "w3-04": ("while (look() != GOAL) {\n    if (look() == ENEMY) {\n        hit();\n    } else {\n        walk();\n    }\n}\nwalk();",
              "while (look() != GOAL) {\n    walk();\n}\nwalk();"),
    "w3-05": ("while (look() != GOAL) {\n    if (look() == IRON) {\n        hit();\n    } else {\n        walk();\n    }\n}\nwalk();", nil),
    "w3-06": ("while (ada.look() != Tile.DOOR) {\n    if (ada.look() == Tile.KEY) {\n        ada.walk();\n        ada.pick();\n    } else {\n        ada.walk();\n    }\n}\nada.use();\nada.walk();\nada.walk();\nada.walk();", nil),
    "w3-07": ("while (look() != GOAL) {\n    if (look() == IRON || look() == ENEMY) {\n        hit();\n    } else {\n        walk();\n    }\n}\nwalk();",
              "while (look() != GOAL) {\n    if (look() == IRON) {\n        hit();\n    } else {\n        walk();\n    }\n}\nwalk();"),
]

/// For a corridor level: the moves that fit only the shown layout — walk, but
/// hit iron and pick keys where this one layout has them, open the door.
func movesForShownLayout(_ level: Level) -> String {
    let layout = level.layout(seed: Level.shownSeed)
    var lines: [String] = []
    let row = level.ada.row
    let width = level.board[row].count
    for col in (level.ada.col + 1)..<width {
        let p = Position(row: row, col: col)
        if layout.irons.contains(p) { lines.append("hit();") }
        if Array(level.board[row])[col] == "D" { lines.append("use();") }
        lines.append("walk();")
        if layout.keys.contains(p) { lines.append("pick();") }
        if Array(level.board[row])[col] == "G" { break }
    }
    return lines.joined(separator: "\n")
}

@Suite struct ShippedLevelsTests {
    @Test func shippedContentHasNoProblems() {
        #expect(shipped.1.isEmpty, "\(shipped.1)")
        #expect(shipped.0.worlds.count >= 3)
        #expect(shipped.0.levels.count >= 15)
    }

    @Test func everyShippedLevelHasAReferenceSolutionAndAWrongProgram() {
        for level in shipped.0.levels {
            #expect(referencePrograms[level.id] != nil, "no reference program for \(level.id)")
        }
    }

    @Test(arguments: referencePrograms.keys.sorted())
    func referenceSolutionSolvesEverySeed(id: String) throws {
        let level = try #require(shipped.0.level(id: id))
        let program = try LevelProgram.compile(referencePrograms[id]!.solution, for: level).get()
        let verdict = Judge.judge(program: program, level: level, timeLeft: 60, timeLimit: Double(level.timeLimit))
        #expect(verdict.solved, "\(id): \(String(describing: verdict.reason)) on seed \(String(describing: verdict.firstFailingLayout?.seed))")
        #expect(verdict.seedsPassed == verdict.seedsTotal)
        #expect(verdict.seedsTotal == level.judgedLayoutCount)
        #expect(program.statementCount <= level.parStatements,
                "\(id): \(program.statementCount) statements, par \(level.parStatements)")
    }

    @Test(arguments: referencePrograms.keys.sorted())
    func wrongProgramFails(id: String) throws {
        let level = try #require(shipped.0.level(id: id))
        let source = referencePrograms[id]!.wrong ?? movesForShownLayout(level)
        let program = try LevelProgram.compile(source, rules: .everything).get()
        let verdict = Judge.judge(program: program, level: level, timeLeft: 60, timeLimit: Double(level.timeLimit))
        #expect(!verdict.solved, "\(id): the wrong program solved it")
        #expect(verdict.firstFailingLayout != nil)
        if referencePrograms[id]!.wrong == nil {
            // Written for the shown layout: it passes there and fails elsewhere.
            var shown = LevelRun(level: level, program: program)
            #expect(shown.runToEnd().solved, "\(id): the shown-layout program should solve the shown layout")
            #expect(verdict.firstFailingLayout?.layout.samePlaces(as: level.layout(seed: Level.shownSeed)) == false)
        }
    }

    @Test func randomLevelsReallyHaveSeveralLayouts() throws {
        for level in shipped.0.levels where level.hasRandomItems {
            let layouts = Set((0..<9).map { level.layout(seed: UInt64($0)) }.map { "\($0.irons)\($0.keys)\($0.enemies)" })
            #expect(layouts.count > 1, "\(level.id) has one layout only")
        }
    }

    @Test func everyLevelNoteExistsInBothLanguages() throws {
        let library = shipped.0
        for level in library.levels {
            for note in level.notesUnlocked {
                #expect(library.note(id: note, language: "en")?.isEmpty == false)
                #expect(library.note(id: note, language: "es") != library.note(id: note, language: "en"))
            }
        }
    }

    @Test func everyShippedLevelHasSpanishTexts() {
        for level in shipped.0.levels {
            #expect(level.summaryES != nil && level.titleES != nil && level.hintsES?.count == level.hints.count, "\(level.id)")
            #expect(level.story.allSatisfy { $0.textES != nil }, "\(level.id)")
            #expect((2...3).contains(level.hints.count), "\(level.id)")
        }
    }
}
