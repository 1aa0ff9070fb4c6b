import Foundation
import Testing
import AulaTestSupport
import AulaNet
import AulaGames
import AulaContent

/// Replays the fuzzers' seeds and every crashing input they ever found
/// (`fuzz/seeds/<target>/`, `fuzz/regressions/<target>/`) through the same
/// code the fuzz targets drive, so a fixed crash stays fixed.
@Suite(.lab) struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fuzz")

    static func inputs(_ target: String) -> [Data] {
        ["seeds", "regressions"].flatMap { folder -> [Data] in
            let dir = root.appendingPathComponent(folder).appendingPathComponent(target)
            let files = (try? FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)) ?? []
            return files.sorted { $0.path < $1.path }.compactMap { try? Data(contentsOf: $0) }
        }
    }

    @Test func clientInputNeverLeavesControlCharacters() {
        let cases = Self.inputs("input")
        #expect(!cases.isEmpty)
        for data in cases {
            var decoder = TelnetDecoder()
            var negotiator = TelnetNegotiator()
            var framer = LineFramer()
            let (text, commands) = decoder.feed(Array(data))
            for command in commands { _ = negotiator.handle(command) }
            for case .line(let raw) in framer.feed(text, maxLineBytes: 1024) {
                let clean = TextCleaner.clean(raw)
                #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            }
        }
    }

    @Test(.slow) func programsCompileOrRefuseAndRunsStop() throws {
        let cases = Self.inputs("language")
        #expect(!cases.isEmpty)
        let level = try #require(try? JSONDecoder().decode(Level.self, from: Data(contentsOf:
            Self.root.deletingLastPathComponent().appendingPathComponent("Levels/w2/w2-05.json"))))
        for data in cases {
            let source = String(decoding: data, as: UTF8.self)
            _ = LevelProgram.parse(source)
            if case .success(let program) = LevelProgram.compile(source, rules: .everything) {
                var run = LevelRun(level: level, program: program)
                #expect(run.runToEnd().steps <= LevelRun.stepLimit)
            }
        }
    }

    /// Every language input, however long (the 13,000-operator chain, deep
    /// unary runs, parentheses and blocks in fuzz/regressions/language), goes
    /// through lexer, parser, compiler and — when it compiles — the judge with
    /// its operation budget: a clean error with a place, or a clean result.
    @Test(.slow) func longProgramsEndInACleanErrorOrResult() throws {
        let level = try #require(try? JSONDecoder().decode(Level.self, from: Data(contentsOf:
            Self.root.deletingLastPathComponent().appendingPathComponent("Levels/w1/w1-05.json"))))
        let known: Set<String> = ["syntax_error", "program_too_big", "command_locked", "spelling_not_allowed", "too_many_lines", "too_many_statements"]
        let reasons: Set<String> = RunReasonWords.all
        let cases = Self.inputs("language")
        #expect(cases.count >= 20)
        for data in cases {
            let source = String(decoding: data, as: UTF8.self)
            switch LevelProgram.compile(source, rules: .everything) {
            case .failure(let error):
                #expect(known.contains(error.code))
                #expect(error.line >= 1 && error.column >= 1)
            case .success(let program):
                var run = LevelRun(level: level, program: program)
                let end = run.runToEnd()
                #expect(end.steps <= LevelRun.stepLimit)
                #expect(run.operations <= ProgramLimits.maxOperations + 2 * ProgramLimits.maxExpressionNodes + 8)
                let verdict = Judge.judge(program: program, level: level, timeLeft: 1, timeLimit: 1)
                #expect(verdict.solved || reasons.contains(verdict.reason ?? ""))
            }
            // The level's own rules (w1-05 allows few commands) refuse cleanly too.
            if case .failure(let error) = LevelProgram.compile(source, for: level) {
                #expect(known.contains(error.code))
            }
        }
    }

    @Test func contentDecodersAcceptOrReport() {
        let cases = Self.inputs("content")
        #expect(!cases.isEmpty)
        for data in cases {
            _ = WordDeckLoader.decode(data, file: "Decks/words/fuzz.json")
            _ = QuizDeckLoader.decode(data, file: "Decks/quizzes/fuzz.json", fileStem: "fuzz")
            if let level = try? JSONDecoder().decode(Level.self, from: data) {
                _ = LevelValidation.check(level, file: "Levels/w1/fuzz.json", expectedID: "fuzz", notes: [])
            }
        }
    }

    /// The board's HTTP heads: fed in two pieces or whole, the same answer
    /// (the crash the fuzzer found: a NUL seen early gave 400, whole gave 505).
    @Test func httpHeadsSplitOrWholeAgree() {
        let cases = Self.inputs("http")
        #expect(!cases.isEmpty)
        for data in cases {
            let bytes = Array(data)
            let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
            var split = HTTPHeadParser(maxBytes: 1024)
            var answers: [HTTPHeadParser.Result] = []
            for piece in [Array(bytes[..<cut]), Array(bytes[cut...])] where !piece.isEmpty {
                answers.append(split.feed(piece))
            }
            var whole = HTTPHeadParser(maxBytes: 1024)
            let once = bytes.isEmpty ? .needMore : whole.feed(bytes)
            if let first = answers.first(where: { $0 != .needMore }) { #expect(first == once) }
        }
    }
}

/// The reason words a failed run may give.
private enum RunReasonWords {
    static let all: Set<String> = ["no_health", "program_ended", "too_many_steps", "runtime_error", "too_slow", "time_up"]
}
