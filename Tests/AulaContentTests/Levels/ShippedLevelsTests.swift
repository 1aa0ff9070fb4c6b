import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaContent

/// The repository's own content folder (the one holding `Levels/`).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let shipped = LevelLoader.load(contentDirectory: repositoryRoot)

@Suite(.lab) struct ShippedLevelsTests {
    @Test func shippedContentHasNoProblems() {
        #expect(shipped.1.isEmpty, "\(shipped.1)")
        #expect(shipped.0.worlds.count >= 4)
        #expect(shipped.0.levels.count >= 24)
    }

    @Test func everyShippedLevelHasAReferenceSolutionAndAWrongProgram() {
        for level in shipped.0.levels {
            #expect(referencePrograms[level.id] != nil, "no reference program for \(level.id)")
        }
    }

    @Test(arguments: referencePrograms.keys.sorted())
    func referenceSolutionSolvesEveryLayoutInBothSpellings(id: String) throws {
        let level = try #require(shipped.0.level(id: id))
        let c = referencePrograms[id]!.solution
        let java = javaSpelling(c)
        #expect(!java.contains("repeat") && java != c, "\(id): the Java spelling is not Java")
        for (spelling, source) in [("C", c), ("Java", java)] {
            let program = try LevelProgram.compile(source, for: level).get()
            let verdict = Judge.judge(program: program, level: level, timeLeft: 60, timeLimit: Double(level.timeLimit))
            #expect(verdict.solved, "\(id) \(spelling): \(String(describing: verdict.reason)) on seed \(String(describing: verdict.firstFailingLayout?.seed))")
            #expect(verdict.seedsPassed == verdict.seedsTotal)
            #expect(verdict.seedsTotal == level.judgedLayoutCount)
            // At par, exactly: par is what the reference solution needs.
            #expect(program.statementCount == level.parStatements,
                    "\(id) \(spelling): \(program.statementCount) statements, par \(level.parStatements)")
            #expect(level.parStatements <= level.maxStatements)
        }
    }

    @Test(arguments: referencePrograms.keys.sorted())
    func wrongProgramFails(id: String) throws {
        let level = try #require(shipped.0.level(id: id))
        let source = try referencePrograms[id]!.wrong ?? hardCoded(level)
        let program = try LevelProgram.compile(source, rules: .everything).get()
        let verdict = Judge.judge(program: program, level: level, timeLeft: 60, timeLimit: Double(level.timeLimit))
        #expect(!verdict.solved, "\(id): the wrong program solved it")
        #expect(verdict.firstFailingLayout != nil)
    }

    /// Issue 14: on every level whose layouts vary (random items or board
    /// variants), a program written for the shown layout solves it there and
    /// fails on another layout.
    @Test func aHardCodedProgramFailsOnEveryLevelThatVaries() throws {
        let varying = shipped.0.levels.filter(\.hasRandomItems)
        #expect(varying.count >= 10, "\(varying.map(\.id))")
        for level in varying {
            let source = try hardCoded(level)
            let program = try LevelProgram.compile(source, rules: .everything).get()
            var shown = LevelRun(level: level, program: program)
            #expect(shown.runToEnd().solved, "\(level.id): the hard-coded program should solve the shown layout")
            let verdict = Judge.judge(program: program, level: level, timeLeft: 60, timeLimit: Double(level.timeLimit))
            #expect(!verdict.solved, "\(level.id): a hard-coded program passed every layout")
        }
    }

    /// Where `if` or `while` is available the boards vary, so looking is
    /// needed — except the two counting levels, whose lesson is a known length.
    @Test func levelsWithConditionsHaveBoardsThatVary() {
        let counting: Set<String> = ["w2-05", "w2-06"]
        for level in shipped.0.levels where !Set(level.commands).isDisjoint(with: ["if", "while"]) {
            #expect(level.hasRandomItems || counting.contains(level.id), "\(level.id) never varies")
        }
    }

    /// The shortcuts issue 14 names do not earn three stars.
    @Test(arguments: shortcutPrograms.keys.sorted())
    func shortcutsDoNotEarnThreeStars(id: String) throws {
        let level = try #require(shipped.0.level(id: id))
        let program = try LevelProgram.practice(shortcutPrograms[id]!.source, for: level).get()
        let verdict = Judge.judge(program: program, level: level, timeLeft: 60, timeLimit: Double(level.timeLimit))
        let refused = program.statementCount > level.maxStatements
        #expect(refused || !verdict.solved, "\(id): \(shortcutPrograms[id]!.why) passes")
    }

    /// The course is a ramp: the note of each concept unlocks at the level
    /// that introduces it, each note once, and every note file is used.
    @Test func everyConceptNoteIsIntroducedByExactlyOneLevel() throws {
        let library = shipped.0
        var seen: [String: String] = [:]
        for level in library.levels {
            for note in level.notesUnlocked {
                #expect(seen[note] == nil, "\(note) unlocked by \(seen[note] ?? "") and \(level.id)")
                seen[note] = level.id
            }
        }
        for note in library.noteIDs { #expect(seen[note] != nil, "note \(note) is never unlocked") }
        for concept in ["sequence", "turning", "repeat", "nested-loops", "conditionals", "else", "while",
                        "variables", "keys-doors", "enemies", "health", "maze", "procedures"] {
            #expect(seen[concept] != nil, "no level introduces \(concept)")
        }
        #expect(library.worlds.count == 4)
        #expect(library.levels.count >= 24)
        // No level needs listen() any more, and no board has water.
        for level in library.levels {
            #expect(!level.commands.contains("listen"), "\(level.id)")
            #expect(!level.boards.joined().joined().contains("~"), "\(level.id)")
        }
    }

    /// Not all one-row corridors: at least a third of the levels are boards
    /// of three or more open rows.
    @Test func notAllCorridors() {
        let roomy = shipped.0.levels.filter { level in
            level.board.filter { $0.contains { ch in ch != "#" } }.count >= 3
        }
        #expect(roomy.count * 3 >= shipped.0.levels.count, "\(roomy.map(\.id))")
    }

    @Test func randomLevelsReallyHaveSeveralLayouts() throws {
        for level in shipped.0.levels where level.hasRandomItems {
            let layouts = Set((0..<9).map { level.layout(seed: UInt64($0)) }.map { "\($0.board)\($0.irons)\($0.keys)\($0.enemies)" })
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

/// Issue 14: every note is written for students with a worked example in both
/// spellings, and the examples are real programs (they compile).
@Suite(.lab) struct ShippedNotesTests {
    static func codeBlocks(_ markdown: String) -> [String] {
        let parts = markdown.components(separatedBy: "```")
        return stride(from: 1, to: parts.count, by: 2).map { parts[$0].trimmingCharacters(in: .newlines) }
    }

    @Test func everyNoteHasAWorkedExampleInBothSpellingsThatCompiles() throws {
        let library = shipped.0
        for id in library.noteIDs {
            for language in ["en", "es"] {
                let text = try #require(library.note(id: id, language: language), "\(id).\(language)")
                let blocks = ShippedNotesTests.codeBlocks(text)
                let java = blocks.filter { $0.contains("ada.") }
                let c = blocks.filter { !$0.contains("ada.") && !$0.contains("|") }
                #expect(!java.isEmpty && !c.isEmpty, "\(id).\(language): needs a C and a Java example")
                for block in java + c {
                    let compiled = LevelProgram.compile(block, rules: .everything)
                    if case .failure(let error) = compiled { Issue.record("\(id).\(language): \(error)\n\(block)") }
                }
            }
        }
    }

    @Test func spanishNotesUseTheCourseRegister() throws {
        // Neutral Latin-American Spanish (README "Spanish in Aula"): no "coger", no vosotros forms.
        let library = shipped.0
        for id in library.noteIDs {
            let text = try #require(library.note(id: id, language: "es")).lowercased()
            for word in [" coge", " coger", " cogí", " cogió", "vosotros", " ordenador"] {
                #expect(!text.contains(word), "\(id).es contains \(word)")
            }
            #expect(SpanishRegister.genderedForms(in: text) == [], "\(id).es")
        }
        for level in library.levels {
            let texts = [level.summaryES ?? "", level.titleES ?? ""] + (level.hintsES ?? []) + level.story.map { $0.textES ?? "" }
            for t in texts { #expect(!t.lowercased().contains(" coge") && !t.lowercased().contains("coger"), "\(level.id): \(t)") }
        }
    }
}
