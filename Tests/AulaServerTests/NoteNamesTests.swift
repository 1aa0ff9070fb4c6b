import Foundation
import Testing
import AulaTestSupport
import AulaGames
import AulaContent
@testable import AulaServer
@testable import AulaLevelRoom

/// Session 12 (Spanish, reader mode): notes were named by their English id
/// on Spanish screens (`léelo ya con: apuntes sequence`), and the Spanish
/// title the screen showed (`Apunte nuevo: Girar`) did not open them.
@Suite(.lab) struct NoteNamesTests {
    let library: LevelLibrary = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return LevelLoader.load(contentDirectory: root).0
    }()

    func context(_ language: Language) -> TextContext {
        TextContext(language: language, reader: true, color: false, width: 40)
    }

    @Test func everyShippedNoteHasAShortSpanishNameAndEveryNameOpensIt() {
        let entries = library.noteIDs.map { NoteEntry(id: $0, library: library) }
        #expect(entries.count > 10)
        var names: [String: String] = [:]
        for entry in entries {
            #expect(!entry.esName.isEmpty && entry.esName.count <= 20, "\(entry.id): \(entry.esName)")
            for name in [entry.id, entry.esName] {
                #expect(names[name] == nil || names[name] == entry.id, "\(name): \(entry.id) and \(names[name] ?? "")")
                names[name] = entry.id
            }
            for typed in [entry.id, entry.esName, entry.en, entry.es, entry.es.uppercased(), entry.typed(context(.es))] {
                #expect(entry.isNamed(typed), "\(entry.id) by \(typed)")
                // Only this note answers to it.
                #expect(entries.filter { $0.isNamed(typed) }.map(\.id) == [entry.id], "\(typed)")
            }
        }
    }

    @Test func theSpanishScreensNameTheNoteInSpanish() {
        let turning = NoteEntry(id: "turning", library: library)
        #expect(turning.typed(context(.es)) == "girar")
        #expect(turning.typed(context(.en)) == "turning")
        for typed in ["girar", "Girar", "GIRAR", "turning", "Turning"] { #expect(turning.isNamed(typed), "\(typed)") }
        #expect(NoteEntry(id: "repeat", library: library).isNamed("repetir"))
        #expect(NoteEntry(id: "sequence", library: library).typed(context(.es)) == "secuencias")
        let progress = LevelProgressEvent(room: "r", xp: 10, xpGained: 10, unlocked: [], notes: [.init(id: "turning", en: turning.en, es: turning.es, esName: turning.esName)])
        #expect(progress.text(context(.es)).contains { $0.contains("Girar") && $0.contains("apuntes girar") },
                "\(progress.text(context(.es)))")
        let level = library.level(id: "w1-01")
        #expect(level != nil)
        if let level {
            let opened = LevelOpenedEvent(room: "r", level: level, timeLimit: 60, challenge: false, spelling: "c",
                                          newNote: LevelOpenedEvent.newNote(level, library))
            let lines = opened.text(context(.es))
            #expect(lines.contains { $0.contains("apuntes secuencias") }, "\(lines)")
            #expect(!lines.contains { $0.contains("apuntes sequence") }, "\(lines)")
        }
    }
}
