import AulaServer
import AulaGames

/// The commands of a hangman room (tried before the lobby's; `leave` is the
/// lobby's). Usage and help live in the catalog under `usage.hangman.<name>`
/// and `help.hangman.<name>`. A bare letter is a guess too (`bareInput`).
enum HangmanCommands {
    static let table = CommandTable<GameCall>([
        Command("hangman.start", "start", aliases: ["empezar", "comenzar", "iniciar"]) { call, _ in
            game(call)?.start(by: call.player)
        },
        Command("hangman.guess", "guess", aliases: ["adivinar", "letra"]) { call, args in
            guard !args.isEmpty else {
                call.player.refuse(Refusal.usage("missing_argument", "hangman.guess"))
                return
            }
            game(call)?.guess(args.text, by: call.player)
        },
        Command("hangman.solve", "solve", aliases: ["resolver"]) { call, args in
            guard !args.isEmpty else {
                call.player.refuse(Refusal.usage("missing_argument", "hangman.solve"))
                return
            }
            game(call)?.solve(args.text, by: call.player)
        },
        Command("hangman.hint", "hint", aliases: ["pista"]) { call, _ in game(call)?.showHint(to: call.player) },
        Command("hangman.letters", "letters", aliases: ["letras"]) { call, _ in game(call)?.showLetters(to: call.player) },
        Command("hangman.state", "state", aliases: ["estado", "ver"]) { call, _ in game(call)?.showState(to: call.player) },
        Command("hangman.set", "set", aliases: ["poner", "ajustar"]) { call, args in
            game(call)?.set(args, by: call.player)
        },
        Command("hangman.bell", "bell", aliases: ["campana", "timbre"]) { call, args in
            game(call)?.setBell(args[0], by: call.player)
        },
    ])

    private static func game(_ call: GameCall) -> HangmanGame? { call.room.game as? HangmanGame }
}

extension HangmanGame {
    /// `set turn N` / `set difficulty D` / `set deck ID` (host, between rounds),
    /// Spanish `poner turno N` / `poner dificultad D` / `poner mazo ID`.
    func set(_ args: Arguments, by player: Player) {
        guard let room, let server else { return }
        guard room.isHost(player) else {
            player.refuse(Refusal(code: "not_host", args: [room.host.name]))
            return
        }
        guard let what = args[0], let value = args[1] else {
            player.refuse(Refusal.usage("missing_argument", "hangman.set"))
            return
        }
        guard !isPlaying, !saving else {
            player.refuse(Refusal(code: "round_in_progress"))
            return
        }
        let phrase: Phrase
        switch HangmanLetters.comparisonKey(what) {
        case "turn", "turno", "time", "tiempo":
            switch HangmanSettings.turnSeconds(value) {
            case .failure(let refusal):
                player.refuse(refusal)
                return
            case .success(let seconds):
                settings.turnSeconds = seconds
                phrase = Phrase("hangman.set.turn", [player.name, String(seconds)])
            }
        case "difficulty", "dificultad", "level", "nivel":
            guard let difficulty = HangmanDifficulty(word: value) else {
                player.refuse(Refusal(code: "bad_difficulty", args: [String(value.prefix(24))]))
                return
            }
            settings.difficulty = difficulty
            phrase = Phrase("hangman.set.difficulty", [player.name, Phrase.entry(difficulty.phraseKey)])
        case "deck", "mazo", "baraja":
            switch HangmanSettings.findDeck(value, in: server.content.wordDecks) {
            case .failure(let refusal):
                player.refuse(refusal)
                return
            case .success(let id):
                settings.deckID = id
                phrase = Phrase("hangman.set.deck", [player.name, id])
            }
        default:
            player.refuse(Refusal.usage("bad_argument", "hangman.set"))
            return
        }
        room.broadcast(InfoEvent(phrases: [phrase, settingsPhrase]))
    }
}
