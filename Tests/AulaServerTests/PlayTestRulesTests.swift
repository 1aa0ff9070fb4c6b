import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaQuizRoom
@testable import AulaHangmanRoom
@testable import AulaLevelRoom

/// The pure parts of the session-8 play-test fixes: the room-command list the
/// lobby names, what "did you mean" may offer, the rooms' listing order, the
/// race's final header, and every new catalog entry in both languages.
@Suite(.lab) struct PlayTestRulesTests {
    @Test func theRoomCommandListIsEveryGamesCommandsMinusTheLobbys() {
        let tables = [QuizCommands.table.allWords, HangmanCommands.table.allWords,
                      HangmanRaceCommands.table.allWords, LevelRoomCommands.table.allWords]
        let lobby = Set(LobbyCommands.table.allWords)
        let fromTables = Set(tables.joined()).subtracting(lobby)
        // A game command added later must be added to RoomCommandWords.all too.
        #expect(fromTables.subtracting(RoomCommandWords.all).sorted() == [])
        #expect(RoomCommandWords.all.subtracting(fromTables).sorted() == [])
    }

    @Test func didYouMeanNeverOffersOneLetterAliasesOrQuitting() {
        let words = RoomCommandWords.guessable(LobbyCommands.table.words(in: .en))
        for left in ["?", "quit", "exit"] { #expect(!words.contains(left)) }
        #expect(!RoomCommandWords.guessable(LobbyCommands.table.words(in: .es)).contains("salir"))
        for typed in ["e", "a", "x", "next", "quitt", "exti"] {
            #expect(Suggestion.closest(to: typed, in: words) == nil, "\(typed)")
        }
        #expect(Suggestion.closest(to: "jion", in: words) == "join")
        #expect(Suggestion.closest(to: "hlep", in: words) == "help")
    }

    @Test func roomsSortByKindThenNumber() {
        let ids = ["quiz-4", "hangman-25", "hangman-5", "level-3", "hangman-20", "hangman-22", "quiz-10", "odd", "hangman-x"]
        #expect(ids.sorted(by: RoomOrder.precedes) ==
                ["hangman-5", "hangman-20", "hangman-22", "hangman-25", "hangman-x", "level-3", "odd", "quiz-4", "quiz-10"])
    }

    @Test func aFinishedRaceShowsNoClock() {
        let racer = HangmanRaceEvent.Racer(name: "Ana", found: 4, lives: 6, done: true)
        let over = HangmanRaceEvent(room: "hangman-1", letterCount: 4, maxLives: 6, secondsLeft: nil, players: [racer])
        let running = HangmanRaceEvent(room: "hangman-1", letterCount: 4, maxLives: 6, secondsLeft: 97, players: [racer])
        let en = TextContext(language: .en, reader: false, color: false, width: 80)
        let es = TextContext(language: .es, reader: false, color: false, width: 80)
        #expect(over.text(en).first == "Race — final standings:")
        #expect(over.text(es).first == "Carrera — clasificación final:")
        #expect(running.text(en).first == "Race — 97 seconds left:")
        // Lives in words for a screen reader; the compact form on screen (a sweep).
        let racing = HangmanRaceEvent.Racer(name: "Bo", found: 1, lives: 7, done: false)
        let race = HangmanRaceEvent(room: "hangman-1", letterCount: 4, maxLives: 8, secondsLeft: 50, players: [racing, racer])
        #expect(race.text(en) == ["Race — 50 seconds left:", "  Bo: 1 of 4 letters, 7/8 lives", "  Ana: done! 4 of 4 letters, 6/8 lives"])
        let reader = TextContext(language: .es, reader: true, color: false, width: 80)
        #expect(Array(race.text(reader).dropFirst()) == ["Bo: 1 de 4 letras, 7 de 8 vidas", "Ana: ¡palabra completa! 4 de 4 letras, 6 de 8 vidas"])
    }

    @Test func everyNewEntryIsInBothCatalogs() {
        let keys = ["error.room_command", "error.program_in_lobby", "hangman.race.header.final", "admin.room_told.extended_other",
                    "admin.rooms.nobody", "error.quiz_not_started.console", "error.quiz_room_needed.start",
                    "error.quiz_room_needed.end"]
        for key in keys {
            for language in Language.allCases { #expect(Catalog.shared.template(key, language) != nil, "\(key) \(language)") }
        }
    }
}
