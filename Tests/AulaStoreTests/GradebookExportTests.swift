import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// Issue 13: the export is a gradebook — which level or deck each round was
/// (`content`), graded quizzes' answers right out of questions asked, and a
/// summary with one line per student.
@Suite("Gradebook export", .lab)
struct GradebookExportTests {
    /// A class period saved the way the games save it: a hangman round (deck
    /// `animales-es`), a graded quiz (`facts`, two questions, answers with
    /// points when right), a personality quiz (`trip`) and a level solve (`w1-03`).
    static func playedPeriod(_ db: Database) throws -> (ana: Int64, bo: Int64, formula: Int64, at: Int64) {
        let group = try db.ensureGroup(name: "3B", at: 0)
        let ana = try db.ensureStudent(groupID: group, name: "Ana", at: 10)
        let bo = try db.ensureStudent(groupID: group, name: "Bo", at: 20)
        let formula = try db.ensureStudent(groupID: group, name: "=1+1", at: 30)
        let at = try db.ensureStudent(groupID: group, name: "@SUM(A1)", at: 40)
        try db.saveRound(RoundRecord(sessionID: nil, groupID: group, game: .hangman, room: "hangman-1", subject: "animales-es",
                                     detail: #"{"word":"gato"}"#, startedAt: 90, endedAt: 100,
                                     scores: [ScoreRecord(studentID: ana, points: 30, outcome: .solved),
                                              ScoreRecord(studentID: formula, points: 10, outcome: .played)]))
        let graded = try db.saveRound(RoundRecord(
            sessionID: nil, groupID: group, game: .quiz, room: "quiz-2", subject: "facts",
            detail: #"{"style":"graded","scoring":"accuracy","questions":2,"order":[0,1],"teams":[]}"#,
            startedAt: 190, endedAt: 200,
            scores: [ScoreRecord(studentID: ana, points: 10, outcome: .graded),
                     ScoreRecord(studentID: bo, points: 20, outcome: .graded),
                     ScoreRecord(studentID: at, points: 0, outcome: .graded)]))
        try db.saveQuizAnswers(roundID: graded, answers: [
            QuizAnswerRecord(studentID: ana, questionIndex: 0, answer: "2", elapsed: 1, points: 10),
            QuizAnswerRecord(studentID: ana, questionIndex: 1, answer: "1", elapsed: 2, points: 0),
            QuizAnswerRecord(studentID: bo, questionIndex: 0, answer: "2", elapsed: 1, points: 10),
            QuizAnswerRecord(studentID: bo, questionIndex: 1, answer: "1 3", elapsed: 2, points: 10),
            // @SUM(A1) answered nothing: 0 right out of 2 asked.
        ])
        let personality = try db.saveRound(RoundRecord(
            sessionID: nil, groupID: group, game: .quiz, room: "quiz-3", subject: "trip",
            detail: #"{"style":"personality","scoring":"speed","questions":3,"order":[0,1,2],"teams":[]}"#,
            startedAt: 290, endedAt: 300, scores: [ScoreRecord(studentID: bo, points: 300, outcome: .quizType("sun"))]))
        try db.saveQuizAnswers(roundID: personality, answers: [
            QuizAnswerRecord(studentID: bo, questionIndex: 0, answer: "1", elapsed: 1, points: 100)])
        _ = try db.recordLevelResult(studentID: ana, levelID: "w1-03", score: 500, stars: 2, solvedAt: 400, xpReward: 10)
        try db.saveRound(RoundRecord(sessionID: nil, groupID: group, game: .level, room: "level-4", subject: "w1-03",
                                     detail: "{}", startedAt: 390, endedAt: 400,
                                     scores: [ScoreRecord(studentID: ana, points: 500, outcome: .solved)]))
        return (ana, bo, formula, at)
    }

    @Test func scoresSayWhatWasPlayedAndGradedAnswersRight() throws {
        try withDatabase { db, _ throws in
            _ = try Self.playedPeriod(db)
            let rows = try db.exportScores(groupName: nil, since: nil)
            let cells = rows.map { "\($0.student) \($0.game) \($0.content) \($0.correct.map(String.init) ?? "-")/\($0.questions.map(String.init) ?? "-")" }
            #expect(cells == ["Ana hangman animales-es -/-", "=1+1 hangman animales-es -/-",
                              "Ana quiz facts 1/2", "Bo quiz facts 2/2", "@SUM(A1) quiz facts 0/2",
                              "Bo quiz trip -/-", "Ana level w1-03 -/-"])
            let csv = ExportRow.csvDocument(rows)
            let lines = csv.components(separatedBy: "\r\n")
            #expect(lines[0] == "group,session,student,game,room,round,points,outcome,finished_at,content,correct,questions")
            #expect(lines[3].hasSuffix(",graded,1970-01-01T00:03:20Z,facts,1,2"))
            #expect(lines[6].hasSuffix(",sun,1970-01-01T00:05:00Z,trip,,"))
            // The students' names come out inert: a spreadsheet shows them, never runs them.
            #expect(lines[2].hasPrefix("3B,,'=1+1,hangman,"))
            #expect(lines[5].hasPrefix("3B,,'@SUM(A1),quiz,"))
            #expect(!csv.contains(",=1+1,") && !csv.contains(",@SUM"))
        }
    }

    @Test func theSummaryHasOneLinePerStudent() throws {
        try withDatabase { db, _ throws in
            _ = try Self.playedPeriod(db)
            let quiet = try db.ensureGroup(name: "4C", at: 0)
            _ = try db.ensureStudent(groupID: quiet, name: "Cy", at: 50)
            let rows = try db.exportSummary(groupName: nil)
            #expect(rows.map(\.student) == ["=1+1", "@SUM(A1)", "Ana", "Bo", "Cy"])
            let ana = try #require(rows.first { $0.student == "Ana" })
            #expect(ana == SummaryRow(group: "3B", student: "Ana", hangman: 30, quiz: 10, level: 500, total: 540,
                                      levelsSolved: 1, stars: 2, quizCorrect: 1, quizAsked: 2, rounds: 3,
                                      firstSeen: 10, lastSeen: 400))
            let bo = try #require(rows.first { $0.student == "Bo" })
            // The personality quiz counts for points and rounds, not for answers right.
            #expect((bo.quiz, bo.quizCorrect, bo.quizAsked, bo.rounds, bo.lastSeen) == (320, 2, 2, 2, 300))
            let cy = try #require(rows.first { $0.student == "Cy" })
            #expect((cy.group, cy.total, cy.rounds, cy.firstSeen, cy.lastSeen) == ("4C", 0, 0, 50, 50))
            // Cy never logged in nor played (a roster name): no time is said for her (session 9).
            #expect(!cy.everSeen)
            #expect(cy.csvLine == "4C,Cy,0,0,0,0,0,0,0,0,0,,")
            #expect(try db.exportSummary(groupName: "4c").map(\.student) == ["Cy"])

            let csv = SummaryRow.csvDocument(rows, bom: true)
            #expect(csv.hasPrefix("\u{FEFF}group,student,hangman,quiz,level,total,levels_solved,stars,quiz_correct,quiz_asked,rounds,first_seen,last_seen\r\n"))
            #expect(Array(csv.utf8.prefix(3)) == [0xEF, 0xBB, 0xBF])
            let lines = csv.components(separatedBy: "\r\n")
            #expect(lines[1] == "3B,'=1+1,10,0,0,10,0,0,0,0,1,1970-01-01T00:00:30Z,1970-01-01T00:01:40Z")
            #expect(lines[2].hasPrefix("3B,'@SUM(A1),0,0,0,0,0,0,0,2,1,"))
            #expect(lines[3] == "3B,Ana,30,10,500,540,1,2,1,2,3,1970-01-01T00:00:10Z,1970-01-01T00:06:40Z")
            #expect(!SummaryRow.csvDocument(rows).hasPrefix("\u{FEFF}"))
        }
    }

    /// A group's name is a bound parameter, never SQL: a quote in it finds nothing and breaks nothing.
    @Test func aGroupNameIsOnlyEverAValue() throws {
        try withDatabase { db, _ throws in
            _ = try Self.playedPeriod(db)
            #expect(try db.exportSummary(groupName: "3B' OR '1'='1").isEmpty)
            #expect(try db.exportScores(groupName: "x'); DROP TABLE scores; --", since: nil).isEmpty)
            #expect(try db.exportScores(groupName: nil, since: nil).count == 7)
        }
    }
}
