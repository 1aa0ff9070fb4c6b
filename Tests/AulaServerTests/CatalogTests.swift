import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

@Suite(.lab) struct CatalogTests {
    @Test func everyKeyExistsInBothLanguages() {
        let catalog = Catalog.shared
        let en = catalog.keys(.en), es = catalog.keys(.es)
        #expect(en.subtracting(es).sorted() == [])
        #expect(es.subtracting(en).sorted() == [])
    }

    @Test func placeholdersMatchBetweenLanguages() {
        let catalog = Catalog.shared
        for key in catalog.keys(.en) {
            let en = placeholders(catalog.template(key, .en) ?? "")
            let es = placeholders(catalog.template(key, .es) ?? "")
            #expect(en == es, "placeholders differ for \(key)")
        }
    }

    @Test func everyCommandHasUsageAndHelpInBothLanguages() {
        for entry in LobbyCommands.table.entries {
            for lang in Language.allCases {
                #expect(Catalog.shared.template("usage.\(entry.id)", lang) != nil, "usage.\(entry.id) \(lang)")
                #expect(Catalog.shared.template("help.\(entry.id)", lang) != nil, "help.\(entry.id) \(lang)")
            }
        }
    }

    @Test func argumentsFillPlaceholdersAndNestedKeysAreTranslated() {
        let catalog = Catalog.shared
        #expect(catalog.text(Phrase("welcome.text", ["Ana"]), .en) == "Welcome, Ana!")
        #expect(catalog.text(Phrase("welcome.text", ["Ana"]), .es) == "¡Hola, Ana!")
        #expect(catalog.text(Refusal.usage("missing_argument", "join").phrase, .es) == "Uso: unirse SALA")
        // A missing key shows itself rather than a blank line.
        #expect(catalog.text(Phrase("no.such.key"), .en) == "no.such.key")
    }

    private func placeholders(_ template: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let inside = rest[rest.index(after: open)..<close]
            if !inside.isEmpty, inside.allSatisfy(\.isNumber) { found.insert(String(rest[open...close])) }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}
