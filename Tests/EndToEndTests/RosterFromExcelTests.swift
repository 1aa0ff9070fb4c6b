import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// A roster as Excel on Windows saves it (a play test, session 12): Windows-1252,
/// not UTF-8, was "Cannot read the file … (it must exist …)" although it was
/// there; two students of one name got no hint how to tell them apart.
@Suite(.lab) struct RosterFromExcelTests {
    @Test func aRosterNotInUTF8SaysSoAndHowToSaveIt() throws {
        let server = try TestServer()
        defer { server.stop() }
        let admin = try server.admin()
        let file = server.directory.appendingPathComponent("3b-excel.csv")
        // "José Ñúñez" in Windows-1252: é = E9, Ñ = D1, ú = FA, ñ = F1.
        try Data("name;pin\r\nJos\u{E9} \u{D1}\u{FA}\u{F1}ez;1234\r\n".unicodeScalars.map { UInt8($0.value) }).write(to: file)
        let said = admin.run("roster import 3B \(file.path)").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(said.contains("is not saved as UTF-8") && said.contains("CSV UTF-8"), "\(said)")
        #expect(!said.contains("it must exist"), "\(said)")
        _ = admin.run("lang es")
        // One line whatever the console's width wrapped.
        let es = admin.run("roster import 3B \(file.path)").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(es.contains("no está guardado en UTF-8") && es.contains("«CSV UTF-8"), "\(es)")
    }

    @Test func twoRowsOfOneNameHintHowToTellThemApart() throws {
        let server = try TestServer()
        defer { server.stop() }
        let admin = try server.admin()
        let file = server.directory.appendingPathComponent("3b.csv")
        try "name\nLucía\nPablo\nLucía\n".write(to: file, atomically: true, encoding: .utf8)
        let said = admin.run("roster import 3B \(file.path)").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(said.contains("Lucía is already on line 2") && said.contains("Add an initial") && said.contains("Lucía R"), "\(said)")
    }
}
