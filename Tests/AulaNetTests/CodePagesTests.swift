import Foundation
import Testing
import AulaTestSupport
@testable import AulaNet

/// `CodePages.releaseStartupPages()` (issue 20): the process's read-only file
/// mappings are let go and come back when used; nothing it computed is lost.
@Suite(.lab) struct CodePagesTests {
    private func fileResidentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("RssFile:") {
            return Int(line.split(separator: " ")[1]) ?? 0
        }
        return 0
    }

    @Test func releasingTheCodePagesLosesNothing() throws {
        // Work done before: data the process wrote (heap, relocated pointers) must survive.
        var framer = LineFramer()
        let before = framer.feed(Array("ab\u{08}c\r\nnext".utf8), maxLineBytes: 100)
        let table = Telnet.self  // static data read through relocations
        let filePagesBefore = fileResidentKilobytes()
        let released = CodePages.releaseStartupPages()
        #if os(Linux)
        #expect(released > 0)
        #expect(fileResidentKilobytes() < filePagesBefore)
        #endif
        // The same work after: the code is mapped back from the page cache.
        let after = framer.feed(Array("\n".utf8), maxLineBytes: 100)
        #expect(before == [.line(Array("ac".utf8))])
        #expect(after == [.line(Array("next".utf8))])
        #expect(table.iac == 255)
        #expect(TextCleaner.cleanReportingChanges(Array("niña".utf8)).text == "niña")
    }
}
