import Testing
import AulaTestSupport
@testable import AulaStore

/// Issue 18: games and outcomes are typed, and their raw values are the strings
/// the database and the exports always held.
@Suite("Game kinds and outcomes", .lab)
struct GameKindTests {
    @Test func rawValuesAreTheStoredStrings() {
        #expect(GameKind.allCases.map(\.rawValue) == ["hangman", "quiz", "level", "challenge"])
        let fixed: [Outcome] = [.solved, .played, .lost, .out, .spectator, .left, .skipped, .timeUp, .unsolved, .graded, .noType]
        #expect(fixed.map(\.rawValue) == ["solved", "played", "lost", "out", "spectator", "left", "skipped", "time_up",
                                          "unsolved", "graded", "none"])
        #expect(Outcome.quizType("sun").rawValue == "sun")
    }

    @Test func storedValuesReadBackInTheirGamesTerms() throws {
        #expect(Outcome(rawValue: "time_up", game: .hangman) == .timeUp)
        #expect(Outcome(rawValue: "unsolved", game: .level) == .unsolved)
        #expect(Outcome(rawValue: "graded", game: .quiz) == .graded)
        #expect(Outcome(rawValue: "none", game: .quiz) == .noType)
        // A personality type may be called anything, even "solved".
        #expect(Outcome(rawValue: "solved", game: .quiz) == .quizType("solved"))
        // An outcome this version does not know is kept as it is, explicitly.
        #expect(Outcome(rawValue: "won", game: .hangman) == .unknown("won"))
        #expect(try GameKind(stored: "quiz") == .quiz)
        #expect(throws: StoreError.self) { try GameKind(stored: "chess") }
    }

    @Test func anExportReadsTheTypedValuesBackUnchanged() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
            try db.saveRound(RoundRecord(sessionID: nil, groupID: g, game: .hangman, room: "h", subject: "d", detail: "",
                                         startedAt: 0, endedAt: 1, scores: [ScoreRecord(studentID: ana, points: 5, outcome: .timeUp)]))
            try db.saveRound(RoundRecord(sessionID: nil, groupID: g, game: .quiz, room: "q", subject: "d", detail: "",
                                         startedAt: 2, endedAt: 3, scores: [ScoreRecord(studentID: ana, points: 9, outcome: .quizType("sun"))]))
            let rows = try db.exportScores(groupName: nil, since: nil)
            #expect(rows.map(\.game) == [.hangman, .quiz])
            #expect(rows.map(\.outcome) == [.timeUp, .quizType("sun")])
            #expect(try db.query("SELECT outcome FROM scores ORDER BY id").map { try $0.string("outcome") } == ["time_up", "sun"])
        }
    }
}
