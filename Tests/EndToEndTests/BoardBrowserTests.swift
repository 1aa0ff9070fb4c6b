import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaQuizRoom
@testable import AulaHangmanRoom

/// The board in a real browser (issue 19): headless Chromium, driven by
/// Selenium (Tests/Browser/board_browser.py), loads the page while scripted
/// students play a quiz and a hangman round over TCP. Runs only where
/// `chromium`, `chromedriver` and Python's `selenium` are installed
/// (`.ci/run` installs them); otherwise it is skipped, saying why.
@Suite(.lab, .slow) struct BoardBrowserTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// nil when the browser test can run; else why not.
    static let missing: String? = {
        for path in ["/usr/bin/chromium", "/usr/bin/chromedriver"]
        where !FileManager.default.isExecutableFile(atPath: path) {
            return "\(path) is not installed (apt-get install chromium chromium-driver)"
        }
        let probe = Process()
        // The python3 on PATH (pip's selenium may live in a pyenv, not /usr/bin).
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import selenium"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "python3 does not start" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "Python's selenium is not installed (pip install selenium)"
    }()

    @Test(.enabled(if: missing == nil, "needs chromium, chromium-driver and selenium"))
    func aClassSeesTheQuizAndHangmanOnTheBoard() throws {
        let server = try TestServer(configure: { $0.boardPort = 0 },
                                    content: QuizSupport.content.merging(["Decks/words/prueba-es.json": HangmanFixture.deck]) { a, _ in a }
                                        .merging(LevelTestContent.standard()) { a, _ in a },
                                    games: { server in
                                        QuizRoom.register(server, reviewPause: 2)  // long enough to see (and shoot) the grown bars
                                        HangmanGame.register(server, seed: 42)
                                    })
        defer { server.stop() }
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3b")))
        let url = try #require(server.running.onLoop { $0.boardURL } ?? nil)
        let shots = Self.root.appendingPathComponent(".build/board-screenshots")
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        script.arguments = ["python3", Self.root.appendingPathComponent("Tests/Browser/board_browser.py").path,
                            url, String(server.port), code, shots.path]
        let output = Pipe()
        script.standardOutput = output
        script.standardError = output
        try script.run()
        // Bounded: a stuck browser must not hang the suite.
        let deadline = Date().addingTimeInterval(120)
        while script.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if script.isRunning { script.terminate() }
        script.waitUntilExit()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(script.terminationStatus == 0, "\(said)")
        print(said)
    }

    @Test func saysWhyItWasSkipped() {
        if let reason = Self.missing { print("BoardBrowserTests skipped: \(reason)") }
    }
}
