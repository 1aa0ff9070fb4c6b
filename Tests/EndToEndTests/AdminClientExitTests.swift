import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
#if canImport(Glibc)
import Glibc
#endif

/// Session 11, `aula admin` itself: a long `--script` ran into the console's
/// lines-per-second limit after ~19 lines ("Too many lines at once", then
/// `no answer to "decks"`, exit 1); and when the server died (kill -9) the
/// console ended silently with exit status 0.
@Suite(.lab, .slow, .serialized) struct AdminClientExitTests {
    /// Runs the built `aula` with `args` and `environment`; stdin stays open
    /// until it exits when `holdStdin` (a teacher still at the keyboard).
    static func run(_ args: [String], environment: [String: String] = [:], input: String = "",
                    holdStdin: Bool = false, timeout: Double = 60) throws -> (status: Int32, out: String, err: String) {
        guard let binary = AdminClientBinaryTests.binary else { throw TestError("no aula binary") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aula-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files, not pipes: 60 answers are more than a pipe holds before someone reads it.
        let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = binary
        process.arguments = args
        process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        if !holdStdin { try? stdin.fileHandleForWriting.close() }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? stdin.fileHandleForWriting.close()
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return (process.terminationStatus, out, err)
    }

    @Test func aSixtyLineScriptRunsToTheEnd() throws {
        guard AdminClientBinaryTests.binary != nil else {
            print("AdminClientExitTests: skipped — no built aula binary (run swift build)")
            return
        }
        let server = try TestServer()  // the console's usual limit: 20 lines a second
        try server.addTeacher()
        var lines = ["# a class period, quick commands one after another"]
        for i in 0..<60 { lines.append(["decks", "groups", "players"][i % 3]) }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("aula-script-\(UUID().uuidString).txt")
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let run = try Self.run(["admin", "--admin-port", String(server.adminPort), "--script", script.path],
                               environment: ["AULA_TEACHER": "garcia", "AULA_PASSWORD": AdminConsole.password])
        #expect(run.status == 0, "\(run.err)\n\(run.out.suffix(600))")
        #expect(run.out.components(separatedBy: "\n").filter { $0.hasPrefix("admin> ") }.count == 60)
        #expect(!run.out.contains("Too many lines") && !run.err.contains("no answer"), "\(run.err)")
    }

    /// A server that goes without a word: accepts, greets, and closes (as kill -9 leaves it).
    static func vanishingServer() throws -> (port: Int, thread: Thread) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestError("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw TestError("bind") }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread {
            // One connection, bounded: accept, say hello, wait a moment, vanish.
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 10_000) > 0 {
                let client = accept(fd, nil, nil)
                if client >= 0 {
                    let hello = Array("Aula\r\nTeacher: ".utf8)
                    _ = hello.withUnsafeBufferPointer { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    usleep(300_000)
                    close(client)
                }
            }
            close(fd)
        }
        thread.start()
        return (port, thread)
    }

    @Test(arguments: [("en", "The server closed the connection."), ("es", "El servidor ha cerrado la conexión.")])
    func theServerVanishingIsSaidWithStatusOne(language: String, said: String) throws {
        guard AdminClientBinaryTests.binary != nil else { return }
        let (port, _) = try Self.vanishingServer()
        let run = try Self.run(["admin", "--admin-port", String(port), "--lang", language], holdStdin: true, timeout: 15)
        #expect(run.status == 1, "\(run.out)\n\(run.err)")
        #expect(run.err.contains(said), "\(run.err)")
    }

    @Test func aScriptWhoseServerVanishesSaysSo() throws {
        guard AdminClientBinaryTests.binary != nil else { return }
        let (port, _) = try Self.vanishingServer()
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("aula-script-\(UUID().uuidString).txt")
        try "groups\n".write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let run = try Self.run(["admin", "--admin-port", String(port), "--script", script.path],
                               environment: ["AULA_TEACHER": "garcia", "AULA_PASSWORD": "x"], timeout: 15)
        #expect(run.status == 1)
        #expect(run.err.contains("The server closed the connection."), "\(run.err)")
    }

    /// Leaving on purpose is still status 0, the server's goodbye included.
    @Test func quitAndAShutdownGoodbyeAreStatusZero() throws {
        guard AdminClientBinaryTests.binary != nil else { return }
        let server = try TestServer()
        try server.addTeacher()
        let quit = try Self.run(["admin", "--admin-port", String(server.adminPort)],
                                input: "garcia\n\(AdminConsole.password)\ngroups\nquit\n", holdStdin: true, timeout: 15)
        #expect(quit.status == 0, "\(quit.err)")
        #expect(!quit.err.contains("closed the connection"))
        let stop = try Self.run(["admin", "--admin-port", String(server.adminPort)],
                                input: "garcia\n\(AdminConsole.password)\nshutdown now\n", holdStdin: true, timeout: 15)
        #expect(stop.status == 0, "\(stop.err)")
    }

    /// A student called "-Ana" is named after `--`; the error for `-Ana` alone says so.
    @Test func aNameStartingWithADashIsNamedAfterTwoDashes() throws {
        guard AdminClientBinaryTests.binary != nil else { return }
        let run = try Self.run(["forget", "-Ana", "--db", "/nonexistent/aula.sqlite"], timeout: 15)
        #expect(run.status != 0)
        #expect(run.err.contains("unknown option -Ana") && run.err.contains("-- -Ana"), "\(run.err)")
        let help = try Self.run(["forget", "--help"], timeout: 15)
        #expect(help.out.contains("aula forget -- -Ana"))
        let exportHelp = try Self.run(["export", "student", "--help"], timeout: 15)
        #expect(exportHelp.out.contains("aula export student -- -Ana"), "\(exportHelp.out)")
    }
}
