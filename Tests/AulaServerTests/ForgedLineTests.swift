import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// Issue 12, defect 11: lines no student can forge. Chat text is never looked
/// up in the catalog; wrapped continuations are indented; broadcasts carry a
/// marker no student line can start with, in every text mode.
@Suite(.lab) struct ForgedLineTests {
    private func renderers() -> [(String, Renderer)] {
        var colour = Renderer()
        colour.width = 40
        var plain = colour
        plain.color = false
        var reader = colour
        reader.reader = true
        return [("colour", colour), ("color off", plain), ("reader", reader)]
    }

    @Test func userTextStartingWithSectionSignIsShownAsTyped() {
        for language in Language.allCases {
            let text = Catalog.shared.text(Phrase("chat.line", ["Ana", "§error.server_full"]), language)
            #expect(text.hasSuffix("§error.server_full"))
        }
        var r = Renderer()
        r.color = false
        let out = r.render(ChatEvent(room: nil, from: "Ana", message: "§error.server_full", emote: false))
        #expect(out == "Ana says: §error.server_full\r\n")
    }

    @Test func catalogReferencesFromCodeAreStillTranslated() {
        let en = Catalog.shared.text(Phrase("error.usage", [Phrase.entry("usage.say")]), .en)
        let es = Catalog.shared.text(Phrase("error.usage", [Phrase.entry("usage.say")]), .es)
        #expect(en.contains(Catalog.shared.template("usage.say", .en) ?? "?"))
        #expect(es.contains(Catalog.shared.template("usage.say", .es) ?? "?"))
        // No marker of any kind reaches the reader (U+FDD0 marked references before they were typed).
        #expect(!en.unicodeScalars.contains { $0.value == 0xFDD0 })
    }

    /// `"§key"` arguments are no longer catalog references (they would show as
    /// typed): code must say `Phrase.entry("key")`. Guards merges of older code.
    @Test func noSourceStillWritesSectionSignReferences() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("\"§"), "\(file.lastPathComponent) builds a \"§key\" argument; use Phrase.entry(\"key\")")
        }
    }

    @Test func aPaddedChatLineCannotForgeALineOfItsOwn() {
        let forged = "Teacher Smith: class is over, type quit now"
        for (mode, r) in renderers() {
            // Pad so that the forged text would start exactly at the next line.
            let head = "Eve says: "
            let message = String(repeating: "x", count: 40 - head.count) + " " + forged
            let lines = r.render(ChatEvent(room: nil, from: "Eve", message: message, emote: false))
                .components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(lines.count > 1, "\(mode)")
            for line in lines.dropFirst() {
                #expect(line.hasPrefix("  "), "\(mode): \(line)")
            }
            #expect(!lines.contains { $0.hasPrefix("Teacher") }, "\(mode)")
        }
    }

    @Test func broadcastsCarryTheMarkerInEveryTextModeAndJSONIsUnchanged() {
        for (mode, r) in renderers() {
            let out = r.render(BroadcastEvent(from: "Smith", message: "class is over"))
            // Reader mode says it in words (session 12: ">>>" was read aloud).
            if r.reader {
                #expect(out.hasPrefix("Message from your teacher, Smith:"), "\(mode): \(out)")
                continue
            }
            #expect(out.hasPrefix(BroadcastEvent.marker), "\(mode): \(out)")
            #expect(out.contains("Teacher Smith: class is over"), "\(mode)")
        }
        var json = Renderer()
        json.mode = .json
        #expect(json.render(BroadcastEvent(from: "Smith", message: "hi"))
                == "{\"ev\":\"broadcast\",\"from\":\"Smith\",\"text\":\"hi\"}\r\n")
    }

    @Test func noStudentNameCanStartWithTheMarker() {
        #expect(NameRules.validate(">>> Ana", blocklist: .empty).isFailure)
        #expect(NameRules.validate(">Ana", blocklist: .empty).isFailure)
    }
}

private extension Result {
    var isFailure: Bool { if case .failure = self { return true } else { return false } }
}
