import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
import AulaStore

/// Session 11: a roster import says what it read differently (a quote inside a
/// name, a column it skips), counts one problem as one, and tells an unchanged
/// re-import from a first import — in English and in Spanish.
@Suite(.lab) struct RosterImportNotesTests {
    private func write(_ server: TestServer, _ name: String, _ text: String) throws -> String {
        let url = server.directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test(.slow) func anImportSaysWhatItChangedAndWhatItSkipped() throws {
        let server = try TestServer()
        defer { server.stop() }
        let admin = try server.admin()
        let file = try write(server, "3b.csv", "name,pin,email\nAna,1234,ana@example.org\nBob \"B\",5678,\n")
        let first = admin.text("roster import 3B \(file)")
        #expect(first.contains("2 students imported into 3B"), "\(first)")
        #expect(first.contains("line 3: Bob \"B\" is imported as Bob B"), "\(first)")
        #expect(first.contains("Columns not read: email"), "\(first)")

        let again = admin.text("roster import 3B \(file)")
        #expect(again.contains("Nothing changed: the 2 students of the file are already on the roster of 3B"), "\(again)")
        #expect(!again.contains("students imported"), "\(again)")

        let changed = try write(server, "3b-new.csv", "name,pin\nAna,4321\nBob B,5678\nCarla,1111\n")
        let mixed = admin.text("roster import 3B \(changed)")
        #expect(mixed.contains("Roster of 3B imported: 1 new, 1 with a new PIN, 1 unchanged."), "\(mixed)")

        let broken = try write(server, "bad.csv", "name,pin\nDani,12\n")
        let one = admin.text("roster import 3B \(broken)")
        #expect(one.contains("fix the problem above"), "\(one)")
        #expect(!one.contains("1 problems"), "\(one)")

        _ = admin.run("lang es")
        let es = admin.text("roster import 3B \(file)")
        #expect(es.contains("línea 3: Bob \"B\" se importa como Bob B"), "\(es)")
        #expect(es.contains("Columnas que no se leen: email"), "\(es)")
        #expect(es.contains("Lista de 3B importada: 0 nuevas, 1 con PIN nuevo, 1 sin cambios."), "\(es)")
        let unoEs = admin.text("roster import 3B \(broken)")
        #expect(unoEs.contains("corrige el problema de arriba"), "\(unoEs)")
    }

    /// `group rename` / `group del` (session 11): a typo's group renamed, then deleted;
    /// a group with students kept, with its counts; an open class's group left alone.
    @Test(.slow) func groupsAreRenamedAndEmptyOnesDeleted() throws {
        let server = try TestServer()
        defer { server.stop() }
        let admin = try server.admin()
        #expect(admin.text("group add 3BB").contains("3BB"))
        let renamed = admin.text("group rename 3BB 4C")
        #expect(renamed.contains("Group 3BB is now called 4C"), "\(renamed)")
        #expect(admin.text("groups").contains("4C"))
        let file = try write(server, "3b.csv", "name,pin\nAna,1234\nBea,5678\n")
        _ = admin.run("roster import 3B \(file)")
        let taken = admin.text("group rename 4C 3b")
        #expect(taken.contains("There is already a group 3B"), "\(taken)")
        let full = admin.text("group del 3B")
        #expect(full.contains("Group 3B still has 2 students and 0 rounds"), "\(full)")
        _ = admin.run("class open 4C")
        let busy = admin.text("group del 4C")
        #expect(busy.contains("Group 4C is in use"), "\(busy)")
        _ = admin.run("class close")
        let deleted = admin.text("group del 4C")
        #expect(deleted.contains("Group 4C deleted."), "\(deleted)")
        #expect(!admin.text("groups").contains("4C"))
        #expect(try server.store { db in try db.group(name: "4C") } == nil)

        _ = admin.run("lang es")
        #expect(admin.text("grupo añadir 5Z").contains("5Z"))
        let es = admin.text("grupo renombrar 5Z 6A")
        #expect(es.contains("El grupo 5Z ahora se llama 6A"), "\(es)")
        let lleno = admin.text("grupo borrar 3B")
        #expect(lleno.contains("El grupo 3B todavía tiene 2 estudiantes y 0 rondas"), "\(lleno)")
        #expect(admin.text("grupo borrar 6A").contains("Grupo 6A borrado."))
    }
}
