import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Issue 12, defect 12: a binary `Decks/blocklist.txt` used to leave the server
/// with no blocklist at all (fail open). Now its readable words are kept and
/// the file is reported as a content problem.
@Suite(.lab) struct BlocklistFileTests {
    private func load(_ bytes: [UInt8]) throws -> (ContentLibrary, [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("aula-blocklist-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Decks"), withIntermediateDirectories: true)
        try Data(bytes).write(to: root.appendingPathComponent("Decks/blocklist.txt"))
        let (library, problems) = ContentLibrary.load(directory: root.path)
        return (library, problems.filter { $0.file == "Decks/blocklist.txt" }.map(\.reason.key))
    }

    @Test func aBinaryFileKeepsItsWordsAndIsReported() throws {
        let bytes: [UInt8] = [0x00, 0xFF, 0xFE, 0x9C] + Array("\n*shit\nhitler\n".utf8) + [0xC0, 0xAF, 0x0A]
        let (library, problems) = try load(bytes)
        #expect(library.blocklist.count > 0)
        #expect(library.blocklist.blocks("ShitHead"))
        #expect(library.blocklist.blocks("Hitler"))
        #expect(problems == ["content.blocklist_lenient"])
    }

    @Test func pureGarbageIsReportedAsHavingNoWords() throws {
        let (_, problems) = try load([0xFF, 0xFE, 0xFD, 0x00, 0x01])
        // UTF-16 BOM then one odd byte: read as UTF-16, reported.
        #expect(problems.contains("content.blocklist_lenient"))
    }

    @Test func theShippedBlocklistCatchesTheIssuesExamples() throws {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let text = try String(contentsOf: url.appendingPathComponent("Decks/blocklist.txt"), encoding: .utf8)
        let list = Blocklist(fileContents: text)
        #expect(list.blocks("ShitHead"))
        #expect(list.blocks("Hitler99"))
        #expect(!list.blocks("Scunthorpe"))
        #expect(!list.blocks("Cassandra"))
        #expect(!list.blocks("Analía"))
    }
}
