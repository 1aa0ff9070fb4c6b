import Testing
import AulaTestSupport
import AulaGames
import AulaContent
@testable import AulaServer
@testable import AulaHangmanRoom

@Suite(.lab) struct HangmanRoomRenderTests {
    private func round(_ word: String, players: [String] = ["Ana", "Ben"], seed: UInt64 = 1) throws -> HangmanRound {
        var random = SeededRandom(seed: seed)
        let started = HangmanRound.start(word: WordEntry(word: word, hint: "Una pista"), players: players,
                                         difficulty: .medium, random: &random, now: 0)
        return try started.get().round
    }

    private func render(_ event: Event, mode: Renderer.Mode = .text, reader: Bool = false, language: Language = .en,
                        width: Int = 80) -> String {
        var renderer = Renderer(language: language)
        renderer.width = width
        renderer.mode = mode
        renderer.reader = reader
        renderer.color = false
        return renderer.render(event)
    }

    // MARK: Gallows

    @Test func gallowsIsEmptyBeforeTheFirstMissAndWholeAtTheLast() {
        let empty = GallowsArt.lines(misses: 0, maxLives: 5)
        #expect(empty.count == GallowsArt.height)
        #expect(empty.allSatisfy { $0.trimmingCharacters(in: " ") == "" })
        let full = GallowsArt.lines(misses: 5, maxLives: 5)
        #expect(full.allSatisfy { $0.count == GallowsArt.width })
        #expect(full[0].contains("+----+"))
        #expect(full[2].contains("O"))
        #expect(full[3].contains("/|\\"))
        #expect(full[4].contains("/ \\"))
        #expect(full[6] == "==========")
        // It grows with every miss, whatever the lives.
        for lives in 1...8 {
            let strokes = (0...lives).map { GallowsArt.strokesShown(misses: $0, maxLives: lives) }
            #expect(strokes == strokes.sorted())
            #expect(strokes.last == GallowsArt.strokes)
        }
    }

    // MARK: Catalogs

    /// Session 10 (a bot from protocol.md): a benched player showed "Ben 5/7" like
    /// anyone still playing; JSON had no way to tell.
    @Test func aBenchedPlayerIsMarkedInEveryWayOfReading() {
        let view = HangmanView(mask: "g__a", letterCount: 4, maxLives: 7,
                               lives: [.init(name: "Ana", lives: 7, misses: 0), .init(name: "Ben", lives: 5, misses: 2, benched: true)],
                               turn: "Ana", tried: [], misses: [], hint: nil)
        let event = HangmanStateEvent(room: "hangman-1", view: view, viewer: "Ana")
        #expect(render(event, mode: .json).contains(#""benched":["Ben"]"#))
        #expect(render(event).contains("Ben 5/7 (benched)"))
        #expect(render(event, language: .es).contains("Ben 5/7 (en el banquillo)"))
        #expect(render(event, reader: true).contains("Ben is benched for missing three turns in a row, with 5 of 7 lives."))
        // Nobody benched: no field.
        let plain = HangmanStateEvent(room: "hangman-1", view: HangmanView(mask: "g__a", letterCount: 4, maxLives: 7,
            lives: [.init(name: "Ana", lives: 7, misses: 0)], turn: "Ana", tried: [], misses: [], hint: nil), viewer: nil)
        #expect(!render(plain, mode: .json).contains("benched"))
    }

    @Test func everyHangmanKeyExistsInEnglishAndSpanish() {
        let keys = HangmanPhrases.allKeys + WordDeckLoader.problemKeys + [
            "hangman.about", "hangman.settings", "hangman.waiting", "hangman.next_round", "hangman.hint_asked",
            "hangman.set.turn", "hangman.set.difficulty", "hangman.set.deck", "hangman.not_saved",
            "hangman.not_saved_yet", "hangman.end.round", "hangman.end.total", "hangman.end.reader_row",
            "hangman.reader.space", "hangman.reader.hyphen", "check.word_decks",
            "error.no_round", "error.round_starting", "error.round_in_progress", "error.unknown_deck",
            "error.no_decks", "error.bad_turn_time", "error.bad_difficulty", "error.deck_unavailable",
            "error.deck_empty", "error.not_host",
        ]
        for key in keys {
            for language in Language.allCases {
                #expect(Catalog.shared.template(key, language) != nil, "\(key) missing in \(language)")
            }
        }
    }

    @Test func everyHangmanCommandHasUsageAndHelpInBothLanguages() {
        let entries = HangmanCommands.table.entries
        #expect(entries.map(\.name) == ["start", "guess", "solve", "hint", "letters", "state", "set", "bell"])
        for entry in entries {
            #expect(!entry.aliases.isEmpty, "\(entry.name) needs a Spanish alias")
            for language in Language.allCases {
                #expect(Catalog.shared.template("usage.\(entry.id)", language) != nil, "usage.\(entry.id) \(language)")
                #expect(Catalog.shared.template("help.\(entry.id)", language) != nil, "help.\(entry.id) \(language)")
            }
        }
        // Room commands don't hide the lobby's `leave`.
        #expect(HangmanCommands.table.find("leave") == nil)
        #expect(HangmanCommands.table.find("RESOLVER")?.name == "solve")
    }

    // MARK: Events

    @Test func stateJSONHasTheDocumentedFieldsInOrder() throws {
        var r = try round("año-luz")
        let first = try #require(r.turn)
        _ = r.apply(.guess(first, "á"), now: 1)
        _ = r.apply(.guess(first, "x"), now: 2)
        let event = HangmanStateEvent(room: "hangman-1", view: HangmanView(round: r, hintShown: false), viewer: nil)
        let turn = try #require(r.turn)
        let lives = r.players.map { "\"\($0.name)\":\($0.lives)" }.joined(separator: ",")
        #expect(render(event, mode: .json) ==
            "{\"ev\":\"hangman.state\",\"room\":\"hangman-1\",\"mask\":\"a__-___\",\"lives\":{\(lives)},"
            + "\"turn\":\"\(turn)\",\"tried\":[\"a\",\"x\"],\"misses\":[\"x\"],\"turn_seconds_left\":null}\r\n")
        // The hint appears once someone asked for it.
        let hinted = HangmanStateEvent(room: "hangman-1", view: HangmanView(round: r, hintShown: true), viewer: nil)
        #expect(render(hinted, mode: .json).hasSuffix(",\"misses\":[\"x\"],\"hint\":\"Una pista\",\"turn_seconds_left\":null}\r\n"))
    }

    @Test func maskShowsRealLettersAndAlwaysShowsHyphens() throws {
        var r = try round("pingüino", players: ["Ana"])
        #expect(r.mask == "________")
        _ = r.apply(.guess("Ana", "u"), now: 1)
        #expect(r.mask == "____ü___")
        let view = HangmanView(round: r, hintShown: false)
        let text = render(HangmanStateEvent(room: "hangman-1", view: view, viewer: "Ana"))
        #expect(text.contains("Word: _ _ _ _ ü _ _ _\r\n"))
        #expect(text.contains("Your turn"))
    }

    @Test func textStateDrawsTheTurnPlayersGallowsAndReaderModeDescribesIt() throws {
        var r = try round("gato", players: ["Ana"])
        _ = r.apply(.guess("Ana", "z"), now: 1)
        _ = r.apply(.guess("Ana", "g"), now: 2)
        let view = HangmanView(round: r, hintShown: false)
        let text = render(HangmanStateEvent(room: "hangman-1", view: view, viewer: "Ben"))
        #expect(text.contains("=========="))
        #expect(text.contains("Word: g _ _ _"))
        #expect(text.contains("Ana 5/6"))
        #expect(text.contains("Waiting for Ana to play."))
        let reader = render(HangmanStateEvent(room: "hangman-1", view: view, viewer: "Ana"), reader: true)
        #expect(!reader.contains("="))
        #expect(!reader.contains("|"))
        // Session 10: a run of blanks is counted, and the gallows line (the
        // lives line again) is not read.
        #expect(reader.contains("The word has 4 letters: g, 3 blanks."))
        #expect(reader.contains("Ana has 5 of 6 lives."))
        #expect(!reader.contains("gallows"))
        let spanish = render(HangmanStateEvent(room: "hangman-1", view: view, viewer: "Ana"), reader: true, language: .es)
        #expect(spanish.contains("La palabra tiene 4 letras: g, 3 huecos."))
        #expect(spanish.contains("Ana tiene 5 de 6 vidas."))
    }

    /// A play test: the README promised everyone sees the turn's seconds left,
    /// and only JSON had them. Text and reader mode say them with the turn now.
    @Test func theTurnLineSaysTheTurnsSecondsLeft() throws {
        let r = try round("gato", players: ["Ana", "Ben"])
        var view = HangmanView(round: r, hintShown: false)
        view.turnSecondsLeft = 27
        let turn = try #require(view.turn)
        let other = turn == "Ana" ? "Ben" : "Ana"
        #expect(render(HangmanStateEvent(room: "hangman-1", view: view, viewer: turn)).contains("Your turn: type a letter, or solve WORD. (27\u{00A0}s\u{00A0}left)"))
        #expect(render(HangmanStateEvent(room: "hangman-1", view: view, viewer: other)).contains("Waiting for \(turn) to play. (27\u{00A0}s\u{00A0}left)"))
        #expect(render(HangmanStateEvent(room: "hangman-1", view: view, viewer: other), reader: true).contains("Waiting for \(turn) to play. 27 seconds left."))
        #expect(render(HangmanStateEvent(room: "hangman-1", view: view, viewer: other), language: .es).contains("Esperando a que juegue \(turn). (quedan\u{00A0}27\u{00A0}s)"))
        // At 40 columns the seconds stay in one piece.
        let narrow = render(HangmanStateEvent(room: "hangman-1", view: view, viewer: other), language: .es, width: 40)
        #expect(narrow.contains("(quedan\u{00A0}27\u{00A0}s)"), "\(narrow)")
        view.turnSecondsLeft = 1
        #expect(render(HangmanStateEvent(room: "hangman-1", view: view, viewer: other), reader: true, language: .es).contains("Queda 1 segundo."))
        view.turnSecondsLeft = nil  // no clock running (a teacher's pause): nothing said
        #expect(!render(HangmanStateEvent(room: "hangman-1", view: view, viewer: other)).contains("s\u{00A0}left)"))
    }

    @Test func guessAndRoundEndJSONShapes() {
        let guess = HangmanGuessEvent(room: "hangman-2", player: "Ana", guess: "a", hit: true, revealed: 2,
                                      phrase: Phrase("hangman.hit", ["Ana", "a", "2"]))
        #expect(render(guess, mode: .json) ==
            "{\"ev\":\"hangman.guess\",\"room\":\"hangman-2\",\"player\":\"Ana\",\"guess\":\"a\",\"hit\":true,\"revealed\":2}\r\n")
        let result = HangmanResult(outcome: .solved, word: "gato", hint: "Maúlla", completedBy: "Ben",
                                   scores: [HangmanScore(name: "Ana", points: 10), HangmanScore(name: "Ben", points: 105)])
        let end = HangmanRoundEndEvent(room: "hangman-2", result: result,
                                       totals: [("Ana", 130), ("Ben", 105), ("Cy", 130)])
        #expect(render(end, mode: .json) ==
            "{\"ev\":\"round.end\",\"room\":\"hangman-2\",\"kind\":\"hangman\",\"outcome\":\"solved\","
            // This round's points sorted, with ranks (SPEC §12); equal totals share a rank.
            + "\"round\":[{\"name\":\"Ben\",\"points\":105,\"rank\":1},{\"name\":\"Ana\",\"points\":10,\"rank\":2}],"
            + "\"leaderboard\":[{\"name\":\"Ana\",\"points\":130,\"rank\":1},{\"name\":\"Cy\",\"points\":130,\"rank\":1},"
            + "{\"name\":\"Ben\",\"points\":105,\"rank\":3}],"
            + "\"word\":\"gato\"}\r\n")
        let text = render(end)
        #expect(text.contains("Round over! The word was gato, completed by Ben."))
        #expect(text.contains("Room total:"))
        let reader = render(end, reader: true, language: .es)
        #expect(reader.contains("Puesto 1: Ben, 105 puntos."))
    }

    // MARK: Settings

    @Test func createArgumentsPickDifficultyAndDeckInAnyOrder() throws {
        let decks = [
            WordDeck(id: "animals-en", title: "Animals", lang: "en", words: []),
            WordDeck(id: "animales-es", title: "Animales", lang: "es", words: []),
            WordDeck(id: "frutas-es", title: "Frutas", lang: "es", words: []),
        ]
        let spanish = try HangmanSettings.parse(["frutas-es", "difícil"], decks: decks, language: "es").get()
        #expect(spanish == HangmanSettings(difficulty: .hard, deckID: "frutas-es"))
        let byLanguage = try HangmanSettings.parse([], decks: decks, language: "es").get()
        #expect(byLanguage == HangmanSettings(difficulty: .medium, deckID: "animales-es"))
        #expect(try HangmanSettings.parse(["easy"], decks: decks, language: "en").get().deckID == "animals-en")
        #expect(try HangmanSettings.parse([], decks: decks, language: "fr").get().deckID == "animales-es")
        guard case .failure(let unknown) = HangmanSettings.parse(["planetas"], decks: decks, language: "es") else {
            Issue.record("an unknown deck must be refused")
            return
        }
        #expect(unknown.code == "unknown_deck")
        #expect(unknown.phrase.args == ["planetas", "animales-es, animals-en, frutas-es"])
        guard case .failure(let none) = HangmanSettings.parse([], decks: [], language: "es") else {
            Issue.record("no decks must be refused")
            return
        }
        #expect(none.code == "no_decks")
        #expect((try? HangmanSettings.turnSeconds("4").get()) == nil)
        #expect((try? HangmanSettings.turnSeconds("301").get()) == nil)
        #expect((try? HangmanSettings.turnSeconds("5").get()) == 5)
    }
}

/// Issue 15 on screen: the guesser's own gallows after a miss (the full figure
/// at 0 lives, in words in reader mode), players who left not listed, the clock.
@Suite(.lab) struct HangmanClarityRenderTests {
    func render(_ event: Event, reader: Bool = false, mode: Renderer.Mode = .text) -> String {
        var r = Renderer(language: .en)
        r.color = false
        r.reader = reader
        r.mode = mode
        return r.render(event)
    }

    func round(_ word: String, _ players: [String], difficulty: HangmanDifficulty = .medium) throws -> HangmanRound {
        for seed in UInt64(0)..<200 {
            var random = SeededRandom(seed: seed)
            if case .success(let s) = HangmanRound.start(word: WordEntry(word: word, hint: "Una pista"), players: players,
                                                          difficulty: difficulty, random: &random, now: 0),
               s.round.turn == players[0] { return s.round }
        }
        throw Refusal(code: "no_seed")
    }

    @Test func afterAMissTheGuesserSeesTheirOwnGallowsAndTheFullFigureAtZero() throws {
        var r = try round("gato", ["Ana", "Ben"], difficulty: .hard)   // 3 lives each
        _ = r.apply(.guess("Ana", "z"), now: 1)
        var view = HangmanView(round: r, hintShown: false)
        let ana = render(HangmanStateEvent(room: "h", view: view, viewer: "Ana"))
        #expect(ana.contains("   Ana"))          // her gallows, labelled with her name
        #expect(!ana.contains("   Ben"))
        let ben = render(HangmanStateEvent(room: "h", view: view, viewer: "Ben"))
        #expect(!ben.contains("=========="))     // Ben has no misses: no gallows for him
        // Ana loses every life: she sees the whole figure, and reader mode says it.
        _ = r.apply(.guess("Ben", "y"), now: 2)
        _ = r.apply(.guess("Ana", "x"), now: 3)
        _ = r.apply(.guess("Ben", "w"), now: 4)
        _ = r.apply(.guess("Ana", "v"), now: 5)
        #expect(r.player(named: "Ana")?.lives == 0)
        view = HangmanView(round: r, hintShown: false)
        let full = render(HangmanStateEvent(room: "h", view: view, viewer: "Ana"))
        #expect(full.contains("   / \\"))
        #expect(full.contains("O"))
        // Reader mode says she has no lives once, never the drawing (session 12).
        let reader = render(HangmanStateEvent(room: "h", view: view, viewer: "Ana"), reader: true)
        #expect(!reader.contains("figure"), "\(reader)")
        #expect(reader.contains("Ana has no lives left."), "\(reader)")
    }

    @Test func playersWhoLeftAreNotListedAndTheClockIsInTheJSON() throws {
        var r = try round("gato", ["Ana", "Ben", "Cy"])
        _ = r.apply(.leave("Cy"), now: 1)
        var view = HangmanView(round: r, hintShown: false)
        #expect(!render(HangmanStateEvent(room: "h", view: view, viewer: "Ana")).contains("Cy"))
        view.turnSecondsLeft = 17
        let json = render(HangmanStateEvent(room: "h", view: view, viewer: nil), mode: .json)
        #expect(json.contains("\"turn_seconds_left\":17"))
        #expect(!json.contains("Cy"))
    }

    @Test func endReasonsAndTheWarningReadWell() {
        for outcome in [HangmanOutcome.everyoneBenched, .timeUp, .noLives] {
            let end = HangmanRoundEndEvent(room: "h", result: HangmanResult(outcome: outcome, word: "gato", hint: "x",
                                                                             completedBy: nil, scores: []), totals: [])
            let text = render(end)
            #expect(text.contains("gato"))
            if outcome == .everyoneBenched { #expect(text.contains("benched") && !text.contains("nobody has lives")) }
            #expect(render(end, mode: .json).contains("\"outcome\":\"\(outcome.rawValue)\""))
        }
        #expect(render(HangmanTimerEvent(room: "h", secondsLeft: 10)).contains("10 seconds left — your turn!"))
        #expect(render(InfoEvent("hangman.turn_warning", "10", "Sofía")).contains("10 seconds, Sofía!"))
    }
}
