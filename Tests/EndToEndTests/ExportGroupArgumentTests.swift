import Foundation
import Testing
import AulaTestSupport
import AulaStore

/// A play test, session 12: `aula export scores 3ºB --csv` and `… NONSENSE --csv`
/// both exported every group with exit 0 (a privacy risk), `aula leaderboard 3ºB`
/// printed every group, and `--group 3B` (no such group) wrote only a header
/// with exit 0. A group after the command now counts; an unknown one is refused.
@Suite(.lab) struct ExportGroupArgumentTests {
    /// Ana in 3ºA and Bea in 3ºB, one round each.
    static func twoGroups(in directory: URL) throws {
        let store = try Store(path: directory.appendingPathComponent("aula.sqlite").path)
        defer { store.close() }
        try store.sync { db in
            for (group, name) in [("3ºA", "Ana"), ("3ºB", "Bea")] {
                let g = try db.ensureGroup(name: group, at: 0)
                let student = try db.ensureStudent(groupID: g, name: name, at: 0)
                try db.saveRound(RoundRecord(sessionID: nil, groupID: g, game: .hangman, room: "h", subject: "d", detail: "",
                                             startedAt: 0, endedAt: 1, scores: [ScoreRecord(studentID: student, points: 10, outcome: .solved)]))
            }
        }
    }

    @Test func aGroupAfterTheCommandIsThatGroupOnly() throws {
        let directory = try CommandLineTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.twoGroups(in: directory)
        for command in [["export", "scores", "3ºB", "--csv"], ["export", "summary", "3ºB", "--csv"], ["leaderboard", "3ºB"]] {
            let run = try CommandLineTests.aula(command, in: directory)
            #expect(run.status == 0, "\(command): \(run.err)")
            #expect(run.out.contains("Bea") && !run.out.contains("Ana"), "\(command): \(run.out)")
        }
        // For Excel in Spanish: cells split by ;, a BOM (session 12).
        let excel = try CommandLineTests.aula(["export", "summary", "3ºB", "--excel", "--csv"], in: directory)
        #expect(excel.status == 0 && excel.out.hasPrefix("\u{FEFF}group;student;hangman;"), "\(excel.out)")
        // More than one word, or a word besides --group: the usage, exit 2.
        for command in [["export", "scores", "3ºB", "3ºA", "--csv"], ["export", "scores", "3ºB", "--group", "3ºA", "--csv"],
                        ["leaderboard", "3ºB", "extra"]] {
            let run = try CommandLineTests.aula(command, in: directory)
            #expect(run.status == 2, "\(command)")
            #expect(run.out.isEmpty && run.err.contains("Usage: aula"), "\(command): \(run.err)")
        }
    }

    @Test func anUnknownGroupExits1NamingTheGroupsThereAre() throws {
        let directory = try CommandLineTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.twoGroups(in: directory)
        for command in [["export", "scores", "NONSENSE", "--csv"], ["export", "summary", "--group", "3B", "--csv"],
                        ["export", "scores", "--group", "3B", "--csv"], ["leaderboard", "--group", "3B"], ["leaderboard", "3B"]] {
            let run = try CommandLineTests.aula(command, in: directory)
            #expect(run.status == 1, "\(command)")
            #expect(run.out.isEmpty, "\(command): \(run.out)")
            #expect(run.err.contains("There is no group") && run.err.contains("The groups are: 3ºA, 3ºB."), "\(command): \(run.err)")
            #expect(!run.err.contains("Type groups"), "a console command, not one for the shell: \(run.err)")
        }
        let es = try CommandLineTests.aula(["leaderboard", "3B", "--lang", "es"], in: directory)
        #expect(es.status == 1 && es.err.contains("No existe el grupo «3B». Los grupos son: 3ºA, 3ºB."), "\(es.err)")
    }
}
