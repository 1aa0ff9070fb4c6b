import Foundation
import Synchronization
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaLevelRoom
import AulaNet

/// The editor keeps its counts as lines come and go and caps its bytes; the
/// judge worker takes one job per student, in order, off the caller's thread
/// (issue 12).
@Suite(.lab) struct JudgeWorkerAndEditorTests {
    /// What the editor's counts must be, recomputed from scratch.
    private func recount(_ lines: [String]) -> (statements: Int, empty: Bool, bytes: Int) {
        let kinds = lines.map(CodeEditor.classify)
        let statements = zip(lines, kinds).filter { $0.1 == .statement }.map { CodeEditor.statements(inCodeLine: $0.0) }
        return (statements.reduce(0, +), kinds.allSatisfy { $0 == .blank },
                lines.joined(separator: "\n").utf8.count)
    }

    @Test func theEditorsCountsFollowEveryEdit() {
        var editor = CodeEditor(maxLines: 100)
        #expect(editor.isEmpty)
        let typed = ["int n = 0;", "", "  // a comment", "while (n < 3) {", "    walk();", "} else {", "  }", "/* x */",
                     "* more", "\t", "elsewhere();", "n++;", "walk(); walk(); walk();", "for (int i = 0; i < 3; i++) {"]
        for line in typed { _ = editor.append(line) }
        _ = editor.insert("2", "turnLeft();")
        _ = editor.replace("5", "    hit();")
        _ = editor.delete("1")
        _ = editor.insert(String(editor.lines.count + 1), "}")
        _ = editor.delete("3")
        let expected = recount(editor.lines)
        #expect(editor.statementLineEstimate == expected.statements)
        #expect(editor.isEmpty == expected.empty)
        #expect(editor.bytes == expected.bytes)
        #expect(editor.bytes == editor.source.utf8.count)
        // The kinds as the old full rescan counted them.
        #expect(CodeEditor.classify("} else {") == .other)
        #expect(CodeEditor.classify("   ") == .blank)
        #expect(CodeEditor.classify("// walk();") == .other)
        #expect(CodeEditor.classify("elsewhere();") == .statement)
        // Several statements on a line count each (session 10: 700 on 7 lines were "about 7");
        // a `for` header's semicolons are not statements.
        #expect(CodeEditor.statements(inCodeLine: "walk(); walk(); walk();") == 3)
        #expect(CodeEditor.statements(inCodeLine: "for (int i = 0; i < 3; i++) {") == 1)
        #expect(CodeEditor.statements(inCodeLine: "walk()") == 1)
        editor.clear()
        #expect(editor.isEmpty && editor.bytes == 0 && editor.statementLineEstimate == 0)
        _ = editor.append("   ")
        #expect(editor.isEmpty)
    }

    @Test func theEditorHoldsAtMost16KiB() {
        var editor = CodeEditor(maxLines: 200)
        let line = String(repeating: "1+", count: 500) + "1"  // 1,001 bytes
        var taken = 0
        var refusal: Refusal?
        for _ in 0..<20 {
            switch editor.append(line) {
            case .success: taken += 1
            case .failure(let r): refusal = r
            }
        }
        #expect(taken == 16)  // 16 × 1,001 + 15 newlines = 16,031 bytes; one more is over 16,384
        #expect(refusal?.code == "program_too_big")
        #expect(refusal?.phrase == Phrase("error.level.program_too_big", ["16"]))
        #expect(editor.bytes <= CodeEditor.maxBytes)
        // Replacing a line with a longer one is held to the same cap; a short one is fine.
        #expect((try? editor.replace("1", line + String(repeating: "+1", count: 200)).get()) == nil)
        #expect((try? editor.replace("1", "walk();").get()) == 1)
        #expect(editor.bytes == editor.source.utf8.count)
        // A single line over the cap is refused outright.
        var fresh = CodeEditor(maxLines: 10)
        #expect((try? fresh.append(String(repeating: "x", count: 20_000)).get()) == nil)
        #expect(fresh.isEmpty)
    }

    @Test func theWorkerTakesOneJobPerStudentInOrder() {
        let worker = JudgeWorker(workers: 1, maxQueued: 2, budget: 5)
        let order = PThreadMutex<[Int]>([])
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        final class Owner {}
        let (a, b, c, d) = (Owner(), Owner(), Owner(), Owner())
        // a's job holds the one worker until the gate opens.
        #expect(worker.submit(owner: ObjectIdentifier(a)) { _ in gate.wait(); order.withLock { $0.append(1) }; return { done.signal() } } == nil)
        #expect(worker.submit(owner: ObjectIdentifier(a)) { _ in {} } == .busy)
        #expect(worker.isBusy(ObjectIdentifier(a)))
        #expect(worker.submit(owner: ObjectIdentifier(b)) { _ in order.withLock { $0.append(2) }; return { done.signal() } } == nil)
        #expect(worker.submit(owner: ObjectIdentifier(c)) { _ in order.withLock { $0.append(3) }; return { done.signal() } } == nil)
        // Two queued is the most here.
        #expect(worker.submit(owner: ObjectIdentifier(d)) { _ in {} } == .full)
        gate.signal()
        for _ in 0..<3 { #expect(done.wait(timeout: .now() + 10) == .success) }
        #expect(order.withLock { $0 } == [1, 2, 3])
        // The result is handed on only once the owner is free: the next job is taken at once.
        #expect(!worker.isBusy(ObjectIdentifier(a)))
        let again = DispatchSemaphore(value: 0)
        #expect(worker.submit(owner: ObjectIdentifier(a)) { _ in { again.signal() } } == nil)
        #expect(again.wait(timeout: .now() + 10) == .success)
    }

    @Test func aJobsDeadlineComesAfterItsBudget() {
        let worker = JudgeWorker(workers: 1, maxQueued: 4, budget: 0)
        let expired = PThreadMutex<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        final class Owner {}
        let owner = Owner()
        _ = worker.submit(owner: ObjectIdentifier(owner)) { deadline in
            expired.withLock { $0 = deadline.expired() }
            return { done.signal() }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(expired.withLock { $0 } == true)
    }
}
