import Testing
import AulaTestSupport
@testable import AulaServer

/// The console's `progress` grid on a screen narrower than the course: the
/// level columns that fit, then the next ones in a block of their own, each
/// under its own header (a play test: 35 levels wrapped on a 120-column
/// console, and the wrapped cells no longer lined up with the levels).
@Suite(.lab) struct ProgressGridTests {
    static let levels = (1...35).map { "w\(($0 - 1) / 7 + 1)-0\(($0 - 1) % 7 + 1)" }

    static func event() -> AdminProgressEvent {
        func row(_ name: String, solvedUpTo: Int) -> AdminProgressEvent.Row {
            .init(name: name, cells: levels.enumerated().map { i, id in
                .init(level: id, solved: i < solvedUpTo, stars: 3, attempts: i < solvedUpTo ? 1 : (i == solvedUpTo ? 6 : 0),
                      stuck: i == solvedUpTo)
            })
        }
        return AdminProgressEvent(group: "3B", levels: levels, rows: [row("Ana María", solvedUpTo: 30), row("Luis", solvedUpTo: 2)])
    }

    @Test(arguments: [40, 80, 120])
    func everyLineFitsAndEveryCellSitsUnderItsLevel(width: Int) {
        var renderer = Renderer()
        renderer.color = false
        renderer.width = width
        let lines = renderer.render(Self.event()).split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
        // Every level is a column header once, and Ana's cell under w5-03 (her 31st level, stuck) reads 6!.
        let headers = lines.filter { $0.hasPrefix("          ") && $0.contains("w") }
        #expect(headers.flatMap { $0.split(separator: " ") }.map(String.init) == Self.levels, "\(lines)")
        guard let header = headers.first(where: { $0.contains("w5-03") }),
              let column = header.range(of: "w5-03")?.lowerBound,
              let headerIndex = lines.firstIndex(of: header),
              let anaRow = lines[headerIndex...].first(where: { $0.hasPrefix("Ana María") }) else {
            Issue.record("no block holds w5-03: \(lines)")
            return
        }
        let offset = header.distance(from: header.startIndex, to: column)
        #expect(String(anaRow.dropFirst(offset).prefix(2)) == "6!", "\(lines)")
    }
}
