import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
import AulaStore

/// PIN hashing runs on its own thread with a bounded queue (issue 18, item 6):
/// while a (deliberately slow) hash runs, the store still answers other
/// students' logins; past the queue's bound a PIN is refused with
/// `login_busy`, counts for nothing and is asked again.
@Suite(.lab) struct HashingThreadTests {
    /// Ana and Ben on the 3B roster with PINs; no class open, so their names ask `PIN:`.
    private func server(maxQueued: Int = 64, slowdown: Double) throws -> TestServer {
        let server = try TestServer(configure: { config in
            config.maxQueuedHashes = maxQueued
            config.hashSlowdown = slowdown
        })
        try server.store { db in
            let group = try db.ensureGroup(name: "3B")
            for (name, pin) in [("Ana", "1234"), ("Ben", "5678")] {
                let id = try db.ensureStudent(groupID: group, name: name, at: 0)
                try db.setPinHash(studentID: id, hash: PINHash.make(pin))
            }
        }
        return server
    }

    /// A JSON client that typed `name` and reached `PIN:`.
    private func atPIN(_ server: TestServer, _ name: String) throws -> TestClient {
        let client = try TestClient(port: server.port)
        guard client.waitFor("Name:") != nil else { throw TestError("no Name: prompt") }
        client.send("mode json")
        guard client.waitForEvent("mode") != nil, client.waitForEvent("prompt") != nil else { throw TestError("no mode") }
        client.send(name)
        guard client.waitForEvent("prompt", where: { $0["kind"] as? String == "pin" }) != nil else {
            throw TestError("no PIN prompt for \(name)")
        }
        return client
    }

    private func hashesWaiting(_ server: TestServer) -> Int { server.running.onLoop { $0.hashes.load } ?? -1 }

    private func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard deadline.timeIntervalSinceNow > 0 else { throw TestError("timed out waiting: \(what)") }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    @Test func theStoreAnswersOtherLoginsWhileAHashRuns() throws {
        let server = try server(slowdown: 3)
        let ana = try atPIN(server, "Ana")
        ana.send("1234")
        try waitUntil("Ana's hash to start") { hashesWaiting(server) == 1 }
        // Carla's login needs the store (roster, row, record): answered while Ana's hash runs.
        let carla = try TestClient.loggedInJSON(port: server.port, name: "Carla")
        defer { withExtendedLifetime(carla) {} }
        #expect(hashesWaiting(server) == 1, "Ana's hash still running when Carla is in")
        // And Ana gets in once her hash is done.
        #expect(ana.waitForEvent("welcome", timeout: 15) != nil)
        #expect(hashesWaiting(server) == 0)
    }

    @Test func aFullHashingQueueRefusesThePINWhichCountsForNothing() throws {
        let server = try server(maxQueued: 1, slowdown: 2)
        let ana = try atPIN(server, "Ana")
        let ben = try atPIN(server, "Ben")
        ana.send("1234")
        try waitUntil("Ana's hash to start") { hashesWaiting(server) == 1 }
        ben.send("5678")
        let busy = ben.waitForEvent("error")
        #expect(busy?["code"] as? String == "login_busy")
        #expect((busy?["message"] as? String)?.contains("Type it again") == true)
        #expect(ben.waitForEvent("prompt", where: { $0["kind"] as? String == "pin" }) != nil)
        #expect(ana.waitForEvent("welcome", timeout: 15) != nil)
        // Not a wrong PIN: his PIN works once the queue has room.
        try waitUntil("the queue to empty") { hashesWaiting(server) == 0 }
        ben.send("5678")
        #expect(ben.waitForEvent("welcome", timeout: 15) != nil)
    }
}
