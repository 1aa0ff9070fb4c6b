import Foundation
// libFuzzer target: any text as a level program, in both spellings, then run
// on a small board. It must compile or refuse with a syntax error, and a run
// must stop within the step limit and the operation budget — never crash,
// never hang. fuzz/run.sh feeds it inputs up to 64 KiB.
// Built by fuzz/run.sh together with the AulaGames sources.

private let board: Level? = {
    let json = """
    {"id":"f-01","title":"Fuzz","summary":"Fuzz","board":["#######","#..~..#","#.#D#.#","#....G#","#######"],
     "ada":{"row":1,"col":1,"facing":"E","health":3},
     "items":[{"kind":"iron","row":1,"col":2},{"kind":"key","row":3,"col":1},{"kind":"enemy","row":3,"col":4}],
     "goal":["reach_goal"],"time_limit":60,"max_lines":200,"par_lines":5,
     "commands":["walk","turnLeft","turnRight","hit","pick","use","look","listen","repeat","while","if","var","void"],
     "languages":["c","java"],"xp_required":0,"xp_reward":10}
    """
    return try? JSONDecoder().decode(Level.self, from: Data(json.utf8))
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguage(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = LevelProgram.parse(source)
    guard let level = board, case .success(let program) = LevelProgram.compile(source, for: level) else { return 0 }
    var run = LevelRun(level: level, program: program)
    let end = run.runToEnd()
    if end.steps > LevelRun.stepLimit { fatalError("ran \(end.steps) steps, past the limit") }
    if run.operations > ProgramLimits.maxOperations + 4 * ProgramLimits.maxExpressionNodes {
        fatalError("ran \(run.operations) operations, past the budget")
    }
    return 0
}
