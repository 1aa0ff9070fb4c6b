import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

@Suite("Score export", .lab)
struct ExportTests {
    @Test func fieldsWithCommasQuotesAndLineBreaksAreQuoted() {
        let row = ExportRow(group: "3B, tarde", session: 4, student: "Ana \"la rápida\"", game: .hangman,
                            room: "sala\n2", round: 17, points: 60, outcome: .unknown("won"), finishedAt: 0)
        #expect(row.csvLine == "\"3B, tarde\",4,\"Ana \"\"la rápida\"\"\",hangman,\"sala\n2\",17,60,won,1970-01-01T00:00:00Z,,,")
        #expect(ExportRow.csvHeader == "group,session,student,game,room,round,points,outcome,finished_at,content,correct,questions")
        let plain = ExportRow(group: "3B", session: nil, student: "Bo", game: .quiz, room: "q",
                              round: 1, points: 0, outcome: .quizType(""), finishedAt: 1_700_000_000)
        #expect(plain.csvLine == "3B,,Bo,quiz,q,1,0,,2023-11-14T22:13:20Z,,,")
        #expect(ExportRow.csvDocument([plain]) == ExportRow.csvHeader + "\r\n" + plain.csvLine + "\r\n")
    }

    /// `--excel` (a play test, session 12): Spanish Excel splits cells at `;` and read
    /// `2026-12-02T05:56:32Z` as text; the file is `;`-separated, with local times and a BOM.
    @Test func theExcelStyleSplitsAtSemicolonsWithLocalTimesAndABOM() {
        setenv("TZ", "Europe/Madrid", 1)
        tzset()
        defer { unsetenv("TZ"); tzset() }
        let row = ExportRow(group: "3ºB", session: 4, student: "Núñez; José", game: .hangman, room: "h",
                            round: 17, points: 60, outcome: .unknown("won"), finishedAt: 1_796_190_992, content: "1,5")
        #expect(row.csvLine(.excel) == "3ºB;4;\"Núñez; José\";hangman;h;17;60;won;2026-12-02 06:56:32;\"1,5\";;")
        #expect(row.csvLine == "3ºB,4,Núñez; José,hangman,h,17,60,won,2026-12-02T05:56:32Z,\"1,5\",,", "the default is as it was")
        let document = ExportRow.csvDocument([row], style: .excel)
        #expect(document.hasPrefix("\u{FEFF}group;session;student;game;room;round;points;outcome;finished_at;content;correct;questions\r\n"))
        let summary = SummaryRow(group: "3ºB", student: "Ana", hangman: 1, quiz: 2, level: 3, total: 6, levelsSolved: 1, stars: 2,
                                 quizCorrect: 1, quizAsked: 2, rounds: 3, firstSeen: 1_796_190_992, lastSeen: 1_796_190_992)
        #expect(summary.csvLine(.excel) == "3ºB;Ana;1;2;3;6;1;2;1;2;3;2026-12-02 06:56:32;2026-12-02 06:56:32")
    }

    @Test func exportFiltersByGroupAndTime() throws {
        try withDatabase { db, _ throws in
            let a = try db.ensureGroup(name: "3B", at: 0)
            let b = try db.ensureGroup(name: "4C", at: 0)
            let ana = try db.ensureStudent(groupID: a, name: "Ana", at: 0)
            let bea = try db.ensureStudent(groupID: b, name: "Bea", at: 0)
            let session = try db.openSession(groupID: a, joinCode: "ABCDEF", at: 0)
            for (group, student, end) in [(a, ana, 100.0), (b, bea, 200.0), (a, ana, 300.0)] {
                try db.saveRound(RoundRecord(sessionID: group == a ? session : nil, groupID: group, game: .hangman,
                                             room: "r", subject: "d", detail: "", startedAt: end - 10, endedAt: end,
                                             scores: [ScoreRecord(studentID: student, points: Int(end), outcome: .unknown("won"))]))
            }
            #expect(try db.exportScores(groupName: nil, since: nil).map(\.points) == [100, 200, 300])
            let only3b = try db.exportScores(groupName: "3b", since: nil)
            #expect(only3b.map(\.student) == ["Ana", "Ana"])
            #expect(only3b.allSatisfy { $0.group == "3B" && $0.session == session })
            #expect(try db.exportScores(groupName: nil, since: 150).map(\.points) == [200, 300])
            #expect(try db.exportScores(groupName: "nobody", since: nil).isEmpty)
        }
    }
}

@Suite("Export dates", .lab)
struct ExportDateTests {
    @Test func sinceAcceptsADayOrAnInstantInUTC() {
        #expect(ExportRow.parseDate("2023-11-14") == 1_699_920_000)
        #expect(ExportRow.parseDate("2023-11-14T22:13:20Z") == 1_700_000_000)
        #expect(ExportRow.parseDate("2025-02-30") == nil)
        #expect(ExportRow.parseDate("yesterday") == nil)
        #expect(ExportRow.parseDate("2023-13-01") == nil)
    }
}

/// Issue 12, defect 12: CSV injection. SPEC §12: a cell starting with `=`, `+`,
/// `-`, `@`, tab or CR is written with a leading `'`.
@Suite("CSV cells that look like formulas", .lab)
struct CSVInjectionTests {
    @Test func formulaStartsAreNeutralised() {
        #expect(ExportRow.csvField("=1+1") == "'=1+1")
        #expect(ExportRow.csvField("+1") == "'+1")
        #expect(ExportRow.csvField("-2+3") == "'-2+3")
        #expect(ExportRow.csvField("-Ana") == "'-Ana")
        #expect(ExportRow.csvField("@SUM(A1)") == "'@SUM(A1)")
        #expect(ExportRow.csvField("\tx") == "'\tx")
        #expect(ExportRow.csvField("\rx") == "\"'\rx\"")
        #expect(ExportRow.csvField("=HYPERLINK(\"x\",\"y\")") == "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\"")
    }

    @Test func ordinaryCellsAndPlainNumbersStayAsTheyAre() {
        #expect(ExportRow.csvField("Ana") == "Ana")
        #expect(ExportRow.csvField("Jean-Luc") == "Jean-Luc")
        #expect(ExportRow.csvField("-5") == "-5")
        #expect(ExportRow.csvField("-2.5") == "-2.5")
        #expect(ExportRow.csvField("-") == "'-")
    }

    @Test func aWholeRowIsNeutralised() {
        let row = ExportRow(group: "=cmd", session: nil, student: "-Bo", game: .quiz, room: "@r",
                            round: 1, points: 0, outcome: .quizType("+"), finishedAt: 0)
        #expect(row.csvLine == "'=cmd,,'-Bo,quiz,'@r,1,0,'+,1970-01-01T00:00:00Z,,,")
    }
}
