import Foundation
import Testing
import AulaTestSupport

/// Every suite (and every free `@Test`) names a `LabTrait` (`.lab`, `.slow`,
/// `.labAlone` or `.timed`): without one its tests run on Swift Testing's two
/// pool threads, and a test blocked in `poll` there stalls every other test
/// (README, "How long the tests take"). A suite added without it fails
/// here, naming the file and line.
@Suite(.lab) struct LabTraitCoverageTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func lacking() -> [String] {
        var out: [String] = []
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files where !file.path.contains("/AulaTestSupport/") {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.hasPrefix("@Suite") || line.hasPrefix("@Test") {
                let named = [".lab", ".slow", ".labAlone", ".timed"].contains { line.contains($0) }
                if !named { out.append("\(file.lastPathComponent):\(n + 1): \(line.prefix(60))") }
            }
        }
        return out.sorted()
    }

    @Test func everySuiteRunsThroughTheLabTrait() {
        let missing = Self.lacking()
        #expect(missing.isEmpty, "add .lab (e.g. @Suite(.lab)) to:\n\(missing.joined(separator: "\n"))")
    }

    @Test func theCheckSeesTheSuites() {
        // Guards the check itself: it found the test tree (more than 150 suites carry the trait).
        let files = FileManager.default.enumerator(at: Self.tests, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        let suites = files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
            .flatMap { $0.split(separator: "\n") }.filter { $0.hasPrefix("@Suite") }
        #expect(suites.count > 150)
    }
}
