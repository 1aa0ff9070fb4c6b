import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 12 (a blind student with `nc` at 40 columns): the banner and the
/// prompt's confirmations were wrapped at 80 and the terminal cut them
/// mid-word ("juegos d" / "e clase", "table" / "ros…"). Before a width is
/// known they wrap at 40; once typed (`width 60`), at that width.
@Suite(.lab) struct NarrowBeforeLoginTests {
    @Test func theBannerAndThePromptsConfirmationsFitFortyColumns() throws {
        let server = try TestServer(configure: { $0.language = .es })
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        #expect(client.waitFor("Nombre:") != nil)
        client.send("lector sí")
        #expect(client.waitFor("palabras.") != nil)
        client.send("Sofía")
        #expect(client.waitFor("Sofía") != nil)
        let beforeLogin = client.transcript.prefix { !$0.contains("Hola") }
        #expect(beforeLogin.count > 3)
        #expect(beforeLogin.allSatisfy { $0.count <= 40 }, "\(beforeLogin)")
        // Words whole: the banner's "juegos de clase" and the confirmation's "tableros".
        let joined = beforeLogin.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(joined.contains("juegos de clase") && joined.contains("tableros"), "\(beforeLogin)")
    }

    @Test func aWidthTypedAtThePromptIsUsedAtOnce() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        #expect(client.waitFor("Name:") != nil)
        client.send("width 60")
        #expect(client.waitFor("60 columns") != nil)
        client.send("reader on")
        #expect(client.waitFor("words.") != nil)
        let confirmation = client.transcript.drop { !$0.contains("60 columns") }.dropFirst()
        #expect(confirmation.contains { $0.count > 40 && $0.count <= 60 }, "\(confirmation)")
    }
}
