import Foundation
import Testing
import AulaTestSupport
import AulaStore

/// A teacher's password is re-hashed at the server's configured scrypt cost after a good
/// console login, and only when the stored cost differs (`ServerConfig.passwordHashing`).
@Suite(.lab) struct PasswordUpgradeTests {
    /// The stored hash of `name`, read until it satisfies `done` or 10 s pass.
    private func storedHash(_ server: TestServer, _ name: String, until done: (String) -> Bool) throws -> String? {
        let deadline = Date().addingTimeInterval(10)
        var hash: String?
        repeat {
            hash = try server.store { db in try db.teacher(name: name)?.passwordHash }
            if let hash, done(hash) { return hash }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return hash
    }

    @Test func aPasswordStoredAtACheapCostIsRehashedAtTheStandardCostAfterAGoodLogin() throws {
        let server = try TestServer(configure: { $0.passwordHashing = .standard })
        try server.addTeacher()  // stored at the tests' cheap cost
        let before = try #require(try storedHash(server, "garcia", until: { _ in true }))
        #expect(before.hasPrefix("scrypt$1024$8$1$"))
        let console = try AdminConsole(server)
        _ = console
        let after = try #require(try storedHash(server, "garcia", until: { $0.hasPrefix("scrypt$16384$") }))
        #expect(after.hasPrefix("scrypt$16384$8$1$"), "the password was not re-hashed: \(after.prefix(20))")
        #expect(PasswordHash.verify(AdminConsole.password, against: after))
    }

    @Test func aPasswordAlreadyAtTheConfiguredCostIsLeftAsItIs() throws {
        let server = try TestServer()  // the tests' cheap cost is the configured one
        try server.addTeacher()
        let before = try #require(try storedHash(server, "garcia", until: { _ in true }))
        let console = try AdminConsole(server)
        // A command answered after the login: a re-hash would have been written by now.
        console.client.send("help")
        #expect(console.client.waitFor("admin>") != nil)
        Thread.sleep(forTimeInterval: 0.3)
        let after = try storedHash(server, "garcia", until: { _ in true })
        #expect(after == before)
    }
}
