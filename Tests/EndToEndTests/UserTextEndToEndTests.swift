import Foundation
import Testing
import AulaTestSupport

/// Issue 18, typed phrase arguments: a student who says a real catalog key is
/// heard saying exactly that, never the message behind the key.
@Suite(.lab) struct UserTextEndToEndTests {
    @Test func chatEqualToACatalogKeyReachesClassmatesAsTyped() throws {
        let server = try TestServer()
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        let ben = try TestClient.loggedIn(port: server.port, name: "Ben")
        ben.send("say error.server_full")
        #expect(ana.waitFor("says: error.server_full")?.contains("Ben") == true)
        ben.send("say usage.say")
        #expect(ana.waitFor("says: usage.say")?.contains("Ben") == true)
    }
}
