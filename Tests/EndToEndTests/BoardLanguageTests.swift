import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Every text on the board's screens comes from the catalogs, in English and
/// in Spanish (issue 19): the page's markup has no words of its own, its
/// script shows only catalog texts, and `?lang=es` gives Spanish everywhere.
@Suite(.lab) struct BoardLanguageTests {
    /// Keys the script builds at run time (`"board." + state`, `"board.follow." + mode`).
    static let builtKeys = ["board.solved", "board.working", "board.time_up", "board.left", "board.kicked",
                            "board.follow.challenge", "board.follow.class"]

    static func matches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func everyKeyTheScriptSaysIsInThePageTableInBothLanguages() {
        let said = Set(Self.matches(#"say\("([a-z_.]*[a-z_])""#, in: BoardPage.script))
        #expect(said.count > 20)
        let table = Set(BoardPage.keys)
        #expect(said.subtracting(table).isEmpty, "keys the script says but the page does not carry: \(said.subtracting(table))")
        #expect(Set(Self.builtKeys).subtracting(table).isEmpty)
        let catalog = Catalog.shared
        for key in table {
            #expect(catalog.keys(.en).contains(key), "\(key) missing in English")
            #expect(catalog.keys(.es).contains(key), "\(key) missing in Spanish")
        }
        // Only numbers and signs may be the same in both (`{0} s`).
        let same = table.filter { catalog.text($0, .en) == catalog.text($0, .es) }
        #expect(same == ["board.seconds"], "not translated: \(same)")
        // Nothing shown is a literal word in the script: text is set from say(),
        // names or numbers (and signs: ▲ ▼; `nc` is the command students type).
        let literals = Self.matches(#"textContent\s*=\s*"([^"]+)""#, in: BoardPage.script)
            .filter { $0.rangeOfCharacter(from: .letters) != nil && $0 != "nc " }
        #expect(literals.isEmpty, "\(literals)")
    }

    @Test func thePagesMarkupHasNoWordsOfItsOwn() throws {
        for language in Language.allCases {
            var html = BoardPage.html(language)
            // The strings table is the one place words are, as data.
            if let start = html.range(of: "<script id=\"strings\""), let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex) {
                html.removeSubrange(start.lowerBound..<end.upperBound)
            }
            let texts = Self.matches(#">([^<]*)<"#, in: html).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }
            #expect(texts == [Catalog.shared.text("board.title", language)], "\(language): \(texts)")
            #expect(Self.matches(#"(?:aria-label|title|placeholder|alt)="([^"]*)""#, in: html).isEmpty)
            #expect(html.contains("<html lang=\"\(language.rawValue)\">"))
        }
    }

    @Test func theTeacherPageInSpanishHasNoEnglish() throws {
        let (server, port) = try BoardTests.server()
        defer { server.stop() }
        let student = try TestClient.loggedInJSON(port: server.port, name: "Zoe")
        _ = student
        let catalog = Catalog.shared
        let keys = catalog.keys(.en).filter { $0.hasPrefix("board.teacher.") }
        for (language, other) in [(Language.es, Language.en), (.en, .es)] {
            let page = try BoardTests.get(port, BoardTests.request("/teacher?lang=\(language.rawValue)")).body
            for key in ["board.teacher.title", "board.teacher.readonly", "board.teacher.roster", "board.teacher.legend",
                        "board.teacher.name", "board.teacher.group", "board.teacher.room", "board.teacher.state", "board.teacher.online"] {
                #expect(page.contains(BoardTeacherPage.escape(catalog.text(key, language))), "\(language) \(key)")
            }
            for key in keys {
                let foreign = catalog.text(key, other)
                // A template's fixed words ("Levels — group {0}" → "Levels — group ").
                let fixed = foreign.components(separatedBy: "{0}")[0].trimmingCharacters(in: .whitespaces)
                guard fixed.count >= 4, fixed != catalog.text(key, language).components(separatedBy: "{0}")[0].trimmingCharacters(in: .whitespaces)
                else { continue }
                #expect(!page.contains(BoardTeacherPage.escape(fixed)), "\(language) page shows \(other) \(key): \(fixed)")
            }
        }
    }
}
