import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaContent
import AulaBench

/// Issue 20 made the judge faster (a new lexer path, flat step-machine code,
/// the board reused between layouts). This test proves nothing a player sees
/// changed: for a corpus — every shipped level's reference, Java and wrong
/// programs, the fuzzers' language inputs, the bench program, seeded random
/// programs and texts — it records what the parser, the compiler, a run to
/// the end (reason, steps, operations, where Ada ended, the board), the step
/// trace (every `StepOutcome`) and the judge's `Verdict` give, and compares
/// that with `Tests/Golden/judge-equivalence.txt`, written by the interpreter
/// as it was before issue 20 (`AULA_WRITE_GOLDEN=1` writes it anew — only
/// when a change of behaviour is meant).
@Suite(.slow) struct JudgeEquivalenceTests {
    static let golden = repositoryRoot.appendingPathComponent("Tests/Golden/judge-equivalence.txt")

    /// The corpus in parts, each a test case of its own, so the parts run at
    /// once on both cores (issue 18: together they were one 26-second test).
    /// Each part is compared with the golden lines of its own ids; every
    /// golden line belongs to exactly one part (`Part(line:)`).
    enum Part: String, CaseIterable, Sendable {
        case levels, fuzz, bench, judged0, judged1, judged2, judged3, random1, random2, texts

        /// The parts with the judged and traced random programs: about 20 of the
        /// 26 CPU seconds in a debug build (17 judged layouts, twice, and a
        /// description of every step), so they run with `AULA_BENCH_ROWS` (CI).
        static let judged: [Part] = [.judged0, .judged1, .judged2, .judged3]
        static let everyRun = allCases.filter { !judged.contains($0) }

        /// Which random programs (by number) the part records.
        var programs: Range<Int> {
            switch self {
            case .judged0: 0..<25
            case .judged1: 25..<50
            case .judged2: 50..<75
            case .judged3: 75..<100
            case .random1: 100..<200
            case .random2: 200..<300
            default: 0..<0
            }
        }

        /// The part a recorded line belongs to, by the id before its first space.
        init(line: Substring) {
            let id = line.prefix { $0 != " " }
            if id.hasPrefix("fuzz/") || id.hasPrefix("fuzz-rich/") {
                self = .fuzz
            } else if id == "bench" {
                self = .bench
            } else if id.hasPrefix("text/") {
                self = .texts
            } else if let slash = id.firstIndex(of: "/"), ["random", "decorated", "strict"].contains(id[..<slash]) {
                let n = Int(id[id.index(after: slash)...]) ?? 0
                self = Part.allCases.first { $0.programs.contains(n) } ?? .random2
            } else {
                self = .levels
            }
        }
    }

    @Test(arguments: Part.everyRun)
    func everyRecordedProgramGivesTheSameResultsAsBefore(_ part: Part) throws {
        if ProcessInfo.processInfo.environment["AULA_WRITE_GOLDEN"] == "1" {
            guard part == .levels else { return }  // one case writes the whole record
            let lines = Self.record()
            try FileManager.default.createDirectory(at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (lines.joined(separator: "\n") + "\n").write(to: Self.golden, atomically: true, encoding: .utf8)
            return
        }
        try Self.check(part)
    }

    @Test(.enabled(if: BenchFlag.isSet, "the judged random programs: set AULA_BENCH_ROWS=1 to run them (.ci/run does)"),
          arguments: Part.judged)
    func theJudgedRandomProgramsGiveTheSameResultsAsBefore(_ part: Part) throws {
        guard ProcessInfo.processInfo.environment["AULA_WRITE_GOLDEN"] != "1" else { return }
        try Self.check(part)
    }

    static func check(_ part: Part) throws {
        let lines = record(part)
        let all = try String(contentsOf: golden, encoding: .utf8).split(separator: "\n")
        let expected = all.filter { Part(line: $0) == part }.map(String.init)
        #expect(lines.allSatisfy { Part(line: $0[...]) == part }, "a line of \(part) was recorded under another part's id")
        #expect(lines.count == expected.count)
        var differences: [String] = []
        for (got, want) in zip(lines, expected) where got != want {
            differences.append("want: \(want)\n got: \(got)")
        }
        #expect(differences.isEmpty, "\(part): \(differences.count) differ; first:\n\(differences.prefix(4).joined(separator: "\n"))")
        #expect(all.count > 3000)
    }

    // MARK: - The record

    /// The whole record, in the golden file's order.
    static func record() -> [String] {
        Part.allCases.flatMap { record($0) }
    }

    static func record(_ part: Part) -> [String] {
        var out: [String] = []
        let levels = shipped.0.levels.sorted { $0.id < $1.id }
        switch part {
        case .levels:
            for level in levels {
                guard let programs = referencePrograms[level.id] else { continue }
                var sources = [("ref", programs.solution), ("java", javaSpelling(programs.solution))]
                if let wrong = programs.wrong { sources.append(("wrong", wrong)) }
                if let shortcut = shortcutPrograms[level.id] { sources.append(("shortcut", shortcut.source)) }
                for (name, source) in sources {
                    out += cases("\(level.id)/\(name)", source, level: level, rules: ProgramRules(level: level), runs: .max, verdict: true)
                }
            }
        case .fuzz:
            let fuzzLevel = JudgeCorpus.corridorLevel
            for (name, source) in fuzzInputs() {
                out += cases("fuzz/\(name)", source, level: fuzzLevel, rules: .everything, runs: 1, verdict: true)
                out += cases("fuzz-rich/\(name)", source, level: JudgeCorpus.richLevel, rules: .everything, runs: 2, verdict: false)
            }
        case .bench:
            let bench = LevelBench.level()
            out += cases("bench", LevelBench.program(), level: bench, rules: ProgramRules(level: bench), runs: 9, verdict: true)
        case .judged0, .judged1, .judged2, .judged3, .random1, .random2:
            let programs = JudgeCorpus.programs(count: 300, seed: 2026)
            for n in part.programs where n < programs.count {
                let source = programs[n]
                // Traces (a description of every step) are the slow part in a debug
                // build: a third of the random programs keep theirs.
                out += cases("random/\(n)", source, level: JudgeCorpus.richLevel, rules: .everything, runs: 3, verdict: n < 100,
                             trace: n < 100)
                if n < 80 {
                    out += cases("decorated/\(n)", JudgeCorpus.decorated(source, n), level: JudgeCorpus.richLevel, rules: .everything,
                                 runs: 1, verdict: false, trace: false)
                }
                if n < 60 {
                    out += cases("strict/\(n)", source, level: JudgeCorpus.strictLevel, rules: ProgramRules(level: JudgeCorpus.strictLevel),
                                 runs: 1, verdict: false)
                }
            }
        case .texts:
            for (n, text) in JudgeCorpus.texts(count: 600, seed: 77).enumerated() {
                out.append("text/\(n) " + parsed(text))
                if case .success(let program) = LevelProgram.compile(text, rules: .everything) {
                    out.append("text/\(n) " + runLine(JudgeCorpus.richLevel, JudgeCorpus.richLevel.layout(seed: 0), program))
                }
            }
        }
        return out
    }

    /// The parse, the compile, runs on the first `runs` judged layouts, the
    /// trace on the shown one, the verdict, and a run whose deadline has passed.
    static func cases(_ id: String, _ source: String, level: Level, rules: ProgramRules, runs: Int, verdict: Bool,
                      trace: Bool = true) -> [String] {
        var out = ["\(id) " + parsed(source)]
        let program: LevelProgram
        switch LevelProgram.compile(source, rules: rules) {
        case .failure(let e):
            out.append("\(id) compile \(describe(e))")
            return out
        case .success(let p):
            program = p
            out.append("\(id) compiled statements=\(p.statementCount) lines=\(LevelProgram.statementLines(p.statements))")
        }
        let layouts = level.judgeLayouts(shown: level.layout(seed: Level.shownSeed), freshSeed: 5).layouts
        for (n, layout) in layouts.prefix(runs).enumerated() {
            out.append("\(id) run \(n) " + runLine(level, layout, program))
        }
        if trace { out.append("\(id) trace " + traceLine(level, layouts[0], program)) }
        out.append("\(id) late " + runLine(level, layouts[0], program, deadline: RunDeadline { true }))
        if verdict {
            let v = Judge.judge(program: program, level: level, freshSeed: 5, timeLeft: 30, timeLimit: 60)
            out.append("\(id) verdict \(v.solved) \(v.seedsPassed)/\(v.seedsTotal) \(v.reason ?? "-") steps=\(v.steps) "
                       + "stars=\(v.stars) points=\(v.points) failing=\(v.firstFailingLayout?.seed ?? 999) #\(digest(String(describing: v)))")
            let late = Judge.judge(program: program, level: level, freshSeed: 5, timeLeft: 30, timeLimit: 60, deadline: RunDeadline { true })
            out.append("\(id) verdict-late #\(digest(String(describing: late)))")
        }
        return out
    }

    static func parsed(_ source: String) -> String {
        switch LevelProgram.parse(source) {
        case .failure(let e): return "parse " + describe(e)
        case .success(let tree): return "tree \(tree.count) \(tree.canonicalForm.count) #\(digest(String(describing: tree)))"
        }
    }

    static func describe(_ e: SyntaxError) -> String { "\(e.line):\(e.column) \(e.code) \(e.phrase)" }

    static func runLine(_ level: Level, _ layout: LevelLayout, _ program: LevelProgram, deadline: RunDeadline? = nil) -> String {
        var run = LevelRun(level: level, layout: layout, program: program, deadline: deadline)
        let end = run.runToEnd()
        return "\(end.reason.rawValue) steps=\(end.steps) ops=\(run.operations) \(end.phrase) unmet=\(end.unmet.count) "
            + "ada=\(run.ada.row),\(run.ada.col),\(run.ada.facing.rawValue) hp=\(run.health) #\(digest(String(describing: end)))"
            + " board#\(digest(String(describing: run.board)))"
    }

    static func traceLine(_ level: Level, _ layout: LevelLayout, _ program: LevelProgram) -> String {
        var run = LevelRun(level: level, layout: layout, program: program)
        var hash = Digest()
        var count = 0
        let first = String(describing: run.board)
        hash.add(first)
        while let outcome = run.step() {
            count += 1
            hash.add(String(describing: outcome))
        }
        return "\(count) ops=\(run.operations) #\(hash.hex)"
    }

    /// FNV-1a, 64 bits: a short, stable fingerprint of a long description.
    struct Digest {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func add(_ s: String) {
            for b in s.utf8 { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 }
            value = (value ^ 0xff) &* 0x100_0000_01b3
        }
        var hex: String { String(value, radix: 16) }
    }

    static func digest(_ s: String) -> String {
        var d = Digest()
        d.add(s)
        return d.hex
    }

    static func fuzzInputs() -> [(String, String)] {
        var out: [(String, String)] = []
        for folder in ["fuzz/regressions/language", "fuzz/seeds/language"] {
            let url = repositoryRoot.appendingPathComponent(folder)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
            for name in names {
                if let data = FileManager.default.contents(atPath: url.appendingPathComponent(name).path) {
                    out.append(("\(folder.split(separator: "/")[1])/\(name)", String(decoding: data, as: UTF8.self)))
                }
            }
        }
        return out
    }
}
