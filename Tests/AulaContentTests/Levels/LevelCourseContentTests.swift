import Foundation
import Testing
import AulaGames
@testable import AulaContent

/// A straight list of moves that solves the shown layout only — what a
/// student writes by hand instead of a loop or a condition: the actions the
/// reference solution takes there, one statement each (on one line, as in
/// the one-liners).
func hardCoded(_ level: Level) throws -> String {
    let program = try LevelProgram.compile(referencePrograms[level.id]!.solution, rules: .everything).get()
    var run = LevelRun(level: level, layout: level.layout(seed: Level.shownSeed), program: program)
    var moves: [String] = []
    let actions = Set(Action.allCases.map(\.rawValue))
    while let outcome = run.step() {
        let word = outcome.action.replacingOccurrences(of: "ada.", with: "").replacingOccurrences(of: "()", with: "")
        if actions.contains(word) { moves.append(word + "();") }
    }
    return moves.joined(separator: " ")
}

@Suite struct LevelCourseContentTests {
    @Test func printCounts() throws {
        for level in shipped.0.levels {
            let ref = try LevelProgram.compile(referencePrograms[level.id]!.solution, rules: .everything).get()
            let hard = try LevelProgram.compile(try hardCoded(level), rules: .everything).get()
            print("COUNT", level.id, "ref", ref.statementCount, "hard", hard.statementCount, "par", level.parStatements, "max", level.maxStatements, "layouts", level.allLayouts()?.count ?? -1)
        }
    }
}
