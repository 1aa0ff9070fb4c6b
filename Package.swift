// swift-tools-version:6.0
// Aula — a classroom game server. No outside Swift packages: networking is our
// own epoll loop (CShims), storage and hashing come from system libraries.
import PackageDescription

// The room modules call the core on every guess (Room.broadcast, Player.send, renderers): in
// release builds the core's bodies are offered to them for inlining, as they were inside one module.
let cmo: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "Aula",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "aula", targets: ["aula"]),
    ],
    targets: [
        // C shims: epoll, eventfd, sockets, signals — small inline wrappers.
        .target(name: "CShims", path: "Sources/CShims"),
        // System libraries through module maps (libsqlite3-dev, libssl-dev).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite",
                       pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL",
                       pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),

        // Pure game rules: no sockets, no SQLite, no clocks or randomness not given.
        // Optimized in debug builds too: the rules and the judge are pure, hot and covered by
        // their own tests; unoptimized, the judge's corpus tests alone cost ~8 CPU seconds of
        // `swift test` (issue 18: the suite's time). `-enable-testing` still holds for @testable.
        .target(name: "AulaGames", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Decoding and validating Levels/ and Decks/.
        .target(name: "AulaContent", dependencies: ["AulaGames"]),
        // SQLite storage on its own thread, migrations, batched writes.
        .target(name: "AulaStore", dependencies: ["CSQLite", "COpenSSL"],
                exclude: ["Confusables/LICENSE-Unicode.txt", "Confusables/LICENSE-confusable-homoglyphs.txt"]),
        // The epoll event loop, telnet decoding, line framing, write buffers.
        .target(name: "AulaNet", dependencies: ["CShims"]),
        // The server's core: sessions, lobby, rooms, `RoomHost`, command tables, renderers,
        // catalogs. What a room module or the console may use of it is marked `package`.
        .target(name: "AulaServer",
                dependencies: ["AulaGames", "AulaContent", "AulaStore", "AulaNet"],
                swiftSettings: cmo),
        // The hangman rooms (classic and race): see the core only through `RoomHost` and the
        // `package` types a room needs; the core cannot import them (SwiftPM checks both ways).
        .target(name: "AulaHangmanRoom",
                dependencies: ["AulaServer", "AulaGames", "AulaStore", "AulaNet"]),
        // The quiz rooms (student-hosted and teacher-hosted): the console reaches the latter
        // through the core's `HostedQuiz` protocol.
        .target(name: "AulaQuizRoom",
                dependencies: ["AulaServer", "AulaGames", "AulaStore", "AulaNet"]),
        // The level rooms (SPEC §6, §7): the code editor, the judge worker, the class challenge.
        .target(name: "AulaLevelRoom",
                dependencies: ["AulaServer", "AulaGames", "AulaContent", "AulaStore", "AulaNet"]),
        // `Games.registerAll`: the one place that knows every room module (the executable and
        // the end-to-end tests register the games through it).
        .target(name: "AulaGameRooms", dependencies: ["AulaServer", "AulaHangmanRoom", "AulaQuizRoom", "AulaLevelRoom"]),
        // The teachers' console (port 4001) and `aula teacher`/`aula export`'s offline work: sees
        // the core through `package` members; the core reaches it only through its `TeacherConsole`
        // port, and cannot import it (SwiftPM checks both ways).
        .target(name: "AulaAdmin", dependencies: ["AulaServer", "AulaGames", "AulaStore", "AulaNet"]),
        // `aula bench`: the load generator and measurements of SPEC §10 and §12. All bench code lives
        // here (LeaderboardBench and LevelBench too), so the store and content modules carry none.
        .target(name: "AulaBench", dependencies: ["AulaServer", "AulaStore", "AulaContent", "AulaGames", "CShims"]),
        // The executable only parses arguments and wires things together.
        // Release builds link the Swift runtime and Foundation in (issue 20): the shared libraries'
        // pages counted in the server's RSS; linked in, only what runs is paged in. Debug
        // builds and the test bundles stay dynamic (faster links).
        // Session 7 (bench/REPORT.md, "Logins and memory (session 7)"): the release executable is
        // linked at a fixed address (`-no-pie`) and exports no symbols (`--no-export-dynamic`; the
        // static-stdlib arguments ask for `-export-dynamic`, nothing here looks symbols up in it).
        // A position-independent one carried 1.9 MB of relocations the dynamic linker read at every
        // start and dirtied 0.6 MB of pointers to apply them; the exported table (0.5 MB) was read
        // on every symbol the shared libraries resolved. Together about 2 MB of resident memory.
        .executableTarget(name: "aula", dependencies: ["AulaServer", "AulaAdmin", "AulaGameRooms", "AulaNet", "AulaStore", "AulaBench"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "--start-group", "-lFoundation", "-lCoreFoundation", "-l_FoundationCollections", "-lFoundationEssentials", "-lFoundationInternationalization", "-l_FoundationICU", "-l_FoundationCShims", "-lswiftDispatch", "-ldispatch", "-lBlocksRuntime", "-lstdc++", "-Xlinker", "--end-group",
                                                         "-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic"],
                                                        .when(configuration: .release))]),

        .testTarget(name: "AulaGamesTests", dependencies: ["AulaGames"]),
        // AulaBench for `LevelBench`, one of the judge equivalence corpus's programs.
        .testTarget(name: "AulaContentTests", dependencies: ["AulaContent", "AulaBench"]),
        .testTarget(name: "AulaStoreTests", dependencies: ["AulaStore"]),
        .testTarget(name: "AulaNetTests", dependencies: ["AulaNet"]),
        .testTarget(name: "AulaBenchTests", dependencies: ["AulaBench", "AulaGames"]),
        .testTarget(name: "AulaServerTests", dependencies: ["AulaServer", "AulaAdmin", "AulaHangmanRoom", "AulaQuizRoom", "AulaLevelRoom", "AulaNet", "AulaGames", "AulaContent"]),
        .testTarget(name: "EndToEndTests", dependencies: ["AulaServer", "AulaAdmin", "AulaHangmanRoom", "AulaQuizRoom", "AulaLevelRoom", "AulaGameRooms", "AulaBench", "AulaStore"]),
    ],
    swiftLanguageModes: [.v6]
)

// Every test suite runs its tests through `LabTrait` (`@Suite(.lab)`, Tests/AulaTestSupport): each
// test on a thread of its own, a bounded number at once, so a test blocked in `poll` (or busy for
// seconds) does not hold one of the two threads Swift Testing runs tests on here (issue 18;
// README, "How long the tests take").
package.targets.append(.target(name: "AulaTestSupport", dependencies: ["AulaGames"], path: "Tests/AulaTestSupport"))
for target in package.targets where target.type == .test {
    target.dependencies.append("AulaTestSupport")
}
