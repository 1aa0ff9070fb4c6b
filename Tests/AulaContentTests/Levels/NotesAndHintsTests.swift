import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaContent

/// Session 11 (play-test): notes explain a concept and hints nudge; neither
/// may hand out a program that solves a shipped level. A note's worked example
/// is about a different situation, and the hints, put together, leave part of
/// the program to the student.
@Suite(.lab) struct NotesAndHintsTests {
    /// Every code block of every note (both languages), with where it came from.
    static func noteExamples() -> [(from: String, code: String)] {
        var out: [(String, String)] = []
        for id in shipped.0.noteIDs {
            for language in ["en", "es"] {
                let text = shipped.0.note(id: id, language: language) ?? ""
                for block in ShippedNotesTests.codeBlocks(text) where !block.contains("|") {
                    out.append(("\(id).\(language)", block))
                }
            }
        }
        return out
    }

    /// Pasting a note's example into any level never solves it at par (the
    /// judge runs every layout of the level, as `submit` does).
    @Test(arguments: referencePrograms.keys.sorted())
    func noNoteExampleSolvesALevelWithinPar(id: String) throws {
        let level = try #require(shipped.0.level(id: id))
        let examples = NotesAndHintsTests.noteExamples()
        #expect(examples.count >= 2 * 2 * shipped.0.noteIDs.count, "every note has a C and a Java example in en and es")
        for example in examples {
            // As `submit` would take it: a command the level lacks is refused there.
            guard case .success(let program) = LevelProgram.compile(example.code, for: level) else { continue }
            let verdict = Judge.judge(program: program, level: level, timeLeft: 60, timeLimit: Double(level.timeLimit))
            #expect(!(verdict.solved && program.statementCount <= level.parStatements),
                    "\(example.from) solves \(id) at par (\(program.statementCount) statements):\n\(example.code)")
        }
    }

    /// The code written in a hint: the longest pieces that parse, read left
    /// to right ("..." in a hint is a gap to fill, kept as a comment).
    static func codePieces(_ hint: String) -> [String] {
        let text = Array(hint.replacingOccurrences(of: "...", with: "/*gap*/").replacingOccurrences(of: "…", with: "/*gap*/"))
        var pieces: [String] = []
        var i = 0
        while i < text.count {
            let wordStart = text[i].isLetter && (i == 0 || !(text[i - 1].isLetter || text[i - 1].isNumber || text[i - 1] == "."))
            if wordStart, let end = stride(from: text.count, to: i, by: -1).first(where: { j in
                (text[j - 1] == ";" || text[j - 1] == "}") && isStatements(String(text[i..<j]))
            }) {
                pieces.append(String(text[i..<end]))
                i = end
            } else {
                i += 1
            }
        }
        return pieces
    }

    static func isStatements(_ code: String) -> Bool {
        if case .success(let statements) = LevelProgram.parse(code) { return !statements.isEmpty }
        return false
    }

    /// Every way of putting the pieces together in order: each piece either
    /// fills the first gap left open by an earlier piece or follows at the end.
    static func assemblies(_ pieces: [String]) -> [String] {
        var programs = [""]
        for piece in pieces {
            var next: [String] = []
            for p in programs {
                next.append(p.isEmpty ? piece : p + "\n" + piece)
                if let gap = p.range(of: "/*gap*/") { next.append(p.replacingCharacters(in: gap, with: piece)) }
            }
            programs = Array(next.prefix(256))
        }
        return programs.filter { !$0.isEmpty }
    }

    /// All of a level's hints, read together, are not the program: at least
    /// one piece is left for the student. In English and in Spanish.
    @Test(arguments: referencePrograms.keys.sorted())
    func theHintsTogetherDoNotSolveTheLevel(id: String) throws {
        let level = try #require(shipped.0.level(id: id))
        for language in ["en", "es"] {
            let hints = level.hints(language)
            let pieces = hints.flatMap(NotesAndHintsTests.codePieces)
            var candidates = NotesAndHintsTests.assemblies(pieces)
            candidates.append(hints.joined(separator: "\n"))
            for source in candidates {
                guard case .success(let program) = LevelProgram.compile(source, rules: .everything) else { continue }
                let verdict = Judge.judge(program: program, level: level, timeLeft: 60, timeLimit: Double(level.timeLimit))
                #expect(!verdict.solved, "\(id).\(language): the hints put together solve it:\n\(source)")
            }
        }
    }

    @Test func theHintReaderFindsTheCodeInAHint() {
        // The session-10 hints of w2-05, which wrote the whole program out.
        let old = ["int steps = 0; makes a variable called steps that holds 0.",
                   "while (steps < 11) { ... } runs while steps is less than 11.",
                   "Inside the loop: walk(); steps++;"]
        let pieces = old.flatMap(NotesAndHintsTests.codePieces)
        #expect(pieces == ["int steps = 0;", "while (steps < 11) { /*gap*/ }", "walk(); steps++;"])
        #expect(NotesAndHintsTests.assemblies(pieces).contains("int steps = 0;\nwhile (steps < 11) { walk(); steps++; }"))
    }

    /// w2-05 needs its counter: a loop whose variable never changes never
    /// reaches the turn, and the reference solution earns three stars.
    @Test func w205NeedsTheCounter() throws {
        let level = try #require(shipped.0.level(id: "w2-05"))
        for endless in ["int n = 0;\nwhile (n < 10) {\n    walk();\n}\nturnLeft();\nwalk();\nwalk();",
                        "int n = 0;\nwhile (n < 11) {\n    walk();\n}"] {
            let program = try LevelProgram.compile(endless, for: level).get()
            let verdict = Judge.judge(program: program, level: level, timeLeft: 60, timeLimit: Double(level.timeLimit))
            #expect(!verdict.solved, "the endless loop solved w2-05")
        }
        // Walking on to the end of the corridor misses the side passage.
        let tooFar = try LevelProgram.compile("int n = 0;\nwhile (n < 20) {\n    walk();\n    n++;\n}\nturnLeft();\nwalk();\nwalk();", for: level).get()
        #expect(!Judge.judge(program: tooFar, level: level, timeLeft: 60, timeLimit: Double(level.timeLimit)).solved)
        let reference = try LevelProgram.compile(referencePrograms["w2-05"]!.solution, for: level).get()
        let verdict = Judge.judge(program: reference, level: level, timeLeft: 60, timeLimit: Double(level.timeLimit))
        #expect(verdict.solved && verdict.stars == 3, "\(verdict)")
    }
}
