import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Two students of one name online in two groups with no class open (session 9,
/// a re-play: `kick Ana` said "open the class of the one you mean", and
/// `kick 3A/Ana 1 test` found nobody — neither could be kicked or muted).
@Suite(.lab) struct SameNameConsoleTests {
    private func anaOf(_ group: String, _ server: TestServer, _ admin: AdminConsole) throws -> TestClient {
        let code = try #require(joinCode(in: admin.run("class open \(group)")))
        let ana = try TestClient.loggedInClass(port: server.port, name: "Ana", code: code)
        _ = admin.run("class close")
        return ana
    }

    /// Two consoles opening classes at once: one class opens, the other console is
    /// told so (a re-play: both said "open", and one code was refused to students).
    @Test func twoConsolesOpeningAtOnceOpenOneClass() throws {
        let server = try TestServer()
        let first = try server.admin()
        let second = try AdminConsole(server)
        first.client.send("class open 3A")
        second.client.send("class open 3B")
        let said = [first, second].map { console -> String in
            var lines: [String] = []
            while let line = console.client.readLine(timeout: 5), line != "admin>" { lines.append(line) }
            return lines.joined(separator: " ")
        }
        #expect(said.filter { $0.contains("Join code:") }.count == 1, "\(said)")
        #expect(said.filter { $0.contains("error:") }.count == 1, "\(said)")
    }

    @Test func groupSlashNameTellsThemApart() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let fromB = try anaOf("3B", server, admin)
        let fromA = try anaOf("3A", server, admin)
        _ = fromB
        // The console wraps long lines: read them as one.
        let flat = { (line: String) in admin.run(line).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
        let which = flat("kick Ana")
        #expect(which.contains("More than one student called Ana is online (groups 3A, 3B): put the group before the name, as in 3A/Ana."),
                "\(which)")
        #expect(flat("kick 3C/Ana").contains("\"3C/Ana\""), "the group typed is said back")
        // `accommodate 3A/Ana` is for 3A's Ana only (a re-play: both Anas got 1.5).
        #expect(!flat("accommodate 3A/Ana time 2").contains("error:"))
        let multipliers = server.running.onLoop { server in
            Dictionary(uniqueKeysWithValues: server.players.values.map { ($0.group.name, $0.timeMultiplier ?? 1) })
        }
        #expect(multipliers == ["3A": 2, "3B": 1], "\(multipliers)")
        #expect(flat("kick 3A/").contains("error:"))
        #expect(flat("kick 3A/Ana 1 test").contains("3A/Ana was removed and cannot log in again for 1 minute"))
        #expect(fromA.waitFor("test") != nil)
        #expect(fromA.waitForClose())
        // A name in quotes is that name exactly: "Ana María" is not online, Ana (3B) is.
        let quoted = flat("hint \"Ana María\" well done")
        #expect(quoted.contains("\"Ana María\"") && quoted.contains("error:"), "\(quoted)")
        #expect(flat("hint \"Ana\" well done").contains("Hint sent to Ana."))
        let stored = flat("reset Ana")
        #expect(stored.contains("More than one student is called Ana (groups 3A, 3B): put the group before the name, as in 3A/Ana."),
                "\(stored)")
    }

    /// Muted and kicked, each said with the group while another Ana is online; `unkick
    /// 3B/Ana` lifts that group's kick only. (A test of its own: the console's
    /// 20-lines-a-second limit is for teachers too.)
    @Test func kickAndUnkickByGroup() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let fromB = try anaOf("3B", server, admin)
        let fromA = try anaOf("3A", server, admin)
        let flat = { (line: String) in admin.run(line).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
        #expect(flat("mute 3B/Ana").contains("3B/Ana"))
        #expect(!flat("unmute 3B/Ana").contains("error:"))
        #expect(flat("kick 3A/Ana 1 test").contains("3A/Ana was removed and cannot log in again for 1 minute"))
        #expect(fromA.waitForClose())
        #expect(!flat("kick 3B/Ana 1 again").contains("error:"))
        #expect(fromB.waitForClose())
        #expect(flat("unkick 3B/Ana").contains("Ana may log in again"))
        #expect(flat("unkick 3B/Ana").contains("error:"), "3B's Ana is no longer kicked")
        #expect(flat("unkick Ana").contains("Ana may log in again"), "3A's Ana still was")
    }
}
