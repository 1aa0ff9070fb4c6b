import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// Forgetting a student takes their name out of the rows that keep naming them
/// (session 9: "completed_by":"Ana" and a quiz team's members stayed, and came
/// out in a classmate's `export student`).
@Suite(.lab) struct ForgetNamesTests {
    private func setUp(_ db: Database) throws -> (group: Int64, other: Int64, ana: Int64, carla: Int64) {
        let g = try db.ensureGroup(name: "3A", at: 0)
        let h = try db.ensureGroup(name: "3B", at: 0)
        let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
        let carla = try db.ensureStudent(groupID: g, name: "Carla", at: 0)
        let otherAna = try db.ensureStudent(groupID: h, name: "Ana", at: 0)
        try db.saveRound(RoundRecord(sessionID: nil, groupID: g, game: .hangman, room: "hangman-1", subject: "animals-es",
                                     detail: #"{"word":"gato","completed_by":"Ana"}"#, startedAt: 0, endedAt: 1,
                                     scores: [ScoreRecord(studentID: ana, points: 10, outcome: .solved),
                                              ScoreRecord(studentID: carla, points: 5, outcome: .played)]))
        try db.saveRound(RoundRecord(sessionID: nil, groupID: g, game: .quiz, room: "quiz-2", subject: "geo",
                                     detail: #"{"teams":[{"team":"Owls","members":["Carla","Ana"]}],"word":"anabel"}"#,
                                     startedAt: 2, endedAt: 3, scores: [ScoreRecord(studentID: carla, points: 7, outcome: .graded)]))
        try db.saveRound(RoundRecord(sessionID: nil, groupID: h, game: .hangman, room: "hangman-3", subject: "animals-es",
                                     detail: #"{"completed_by":"Ana"}"#, startedAt: 4, endedAt: 5,
                                     scores: [ScoreRecord(studentID: otherAna, points: 3, outcome: .solved)]))
        try db.appendAudit(at: 6, teacher: "rosa", command: "room create Ana hangman easy", outcome: "ok")
        try db.appendAudit(at: 7, teacher: "rosa", command: "kick Anabel", outcome: "ok")
        return (g, h, ana, carla)
    }

    @Test func forgettingAStudentTakesTheirNameOutOfTheirGroupsRoundsAndTheAuditLog() throws {
        try withDatabase { db, _ throws in
            let (g, h, ana, _) = try setUp(db)
            #expect(try db.forgetStudent(id: ana))
            let details = try db.query("SELECT detail FROM rounds WHERE group_id = ? ORDER BY id", [.integer(g)])
                .map { try $0.string("detail") }
            #expect(details == [#"{"word":"gato","completed_by":"(forgotten)"}"#,
                                #"{"teams":[{"team":"Owls","members":["Carla","(forgotten)"]}],"word":"anabel"}"#])
            // The other group's Ana is someone else.
            #expect(try db.query("SELECT detail FROM rounds WHERE group_id = ?", [.integer(h)]).map { try $0.string("detail") }
                    == [#"{"completed_by":"Ana"}"#])
            let commands = try db.query("SELECT command FROM audit ORDER BY id").map { try $0.string("command") }
            #expect(commands.contains("room create (forgotten) hangman easy"), "\(commands)")
            #expect(commands.contains("kick Anabel"), "\(commands)")
            #expect(!commands.contains { $0.contains("create Ana ") }, "\(commands)")
        }
    }

    @Test func pruningDoesTheSame() throws {
        try withDatabase { db, _ throws in
            let (g, _, _, _) = try setUp(db)
            // 3A's Ana was last seen at 1, Carla at 3, 3B's Ana at 5: only the first goes.
            #expect(try db.pruneInactive(before: 1.5) == 1)
            let details = try db.query("SELECT detail FROM rounds WHERE group_id = ? ORDER BY id", [.integer(g)])
                .map { try $0.string("detail") }
            #expect(details.first == #"{"word":"gato","completed_by":"(forgotten)"}"#, "\(details)")
        }
    }

    /// A parent's request shows their child's data, not the classmates' (session 9),
    /// and every time also as a date.
    @Test func aStudentsRecordNamesNoClassmateAndSaysTimesAsDates() throws {
        try withDatabase { db, _ throws in
            let (_, _, _, carla) = try setUp(db)
            let record = try #require(try db.studentRecord(id: carla))
            let rounds = try #require(record["rounds"] as? [[String: Any]])
            let details = rounds.compactMap { $0["detail"] as? String }
            #expect(details == [#"{"word":"gato","completed_by":"(classmate)"}"#,
                                #"{"teams":[{"team":"Owls","members":["Carla","(classmate)"]}],"word":"anabel"}"#])
            #expect(rounds.first?["ended_at_utc"] as? String == "1970-01-01T00:00:01Z")
            #expect((record["student"] as? [String: Any])?["created_at_utc"] as? String == "1970-01-01T00:00:00Z")
            try db.recordLevelAttempt(LevelAttemptRecord(studentID: carla, levelID: "w1-01", at: 61, kind: "run", ok: false,
                                                         statements: 1, result: "program_ended", seed: nil))
            let attempts = try #require(try db.studentRecord(id: carla)?["level_attempts"] as? [[String: Any]])
            #expect(attempts.first?["at_utc"] as? String == "1970-01-01T00:01:01Z")
        }
    }

    @Test func aWholeWordIsReplacedNotPartOfOne() {
        #expect(Database.replacingWord("Ana", in: "Ana, Anabel and Ana-María met Ana", with: "X") == "X, Anabel and Ana-María met X")
        #expect(Database.replacingWord("Ana", in: "nothing here", with: "X") == "nothing here")
    }
}
