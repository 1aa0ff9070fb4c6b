import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
import AulaStore
import AulaAdmin

/// `aula leaderboard` with no `--group` lists every group together: each name
/// says its group (session 9: "1. Ana 319 … 4. Ana 218", two students of two
/// classes, read as one twice).
@Suite(.lab) struct LeaderboardGroupsTests {
    @Test func everyGroupTogetherNamesEachStudentsGroup() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aula-board-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("aula.sqlite").path
        let store = try Store(path: path)
        try store.sync { db in
            for (group, points) in [("3A", 319), ("3B", 218)] {
                let g = try db.ensureGroup(name: group, at: 0)
                let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
                try db.saveRound(RoundRecord(sessionID: nil, groupID: g, game: .hangman, room: "h", subject: "d", detail: "",
                                             startedAt: 0, endedAt: 1, scores: [ScoreRecord(studentID: ana, points: points, outcome: .solved)]))
            }
        }
        store.close()
        let all = try AdminOffline.leaderboardText(databasePath: path, group: nil, game: nil, language: .en).get()
        #expect(all.contains("Ana (3A)") && all.contains("Ana (3B)"), "\(all)")
        let one = try AdminOffline.leaderboardText(databasePath: path, group: "3A", game: nil, language: .en).get()
        #expect(one.contains("Ana") && !one.contains("(3A)"), "\(one)")
    }
}
