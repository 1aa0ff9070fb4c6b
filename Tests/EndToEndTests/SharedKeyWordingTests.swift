import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// The refusals whose words another part of the catalog had taken (session 9,
/// `CatalogKeyClashTests`), as a student and a teacher meet them.
@Suite(.lab) struct SharedKeyWordingTests {
    @Test func createQuizOnAServerWithoutQuizDecksSpeaksOfQuizDecks() throws {
        let server = try TestServer(content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create quiz geo")
        let refused = try #require(ana.waitForEvent("error"))
        #expect(refused["code"] as? String == "no_decks")
        let message = refused["message"] as? String ?? ""
        #expect(message.contains("quiz decks") && !message.contains("hangman"), "\(message)")
    }

    @Test func aChallengesMinutesThatAreNoNumberAreNamed() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let admin = try server.admin()
        let said = admin.text("challenge start t-01 abc")
        #expect(said.contains("\"abc\" is not a number of minutes (more than 0, at most 180)."), "\(said)")
        #expect(!said.contains("at most abc"), "\(said)")
        #expect(admin.text("challenge start t-01 500").contains("\"500\" is not a number of minutes"))
    }
}
