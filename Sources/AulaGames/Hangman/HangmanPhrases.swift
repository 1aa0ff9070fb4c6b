/// The catalog keys hangman speaks with, so a test can check that the message
/// catalogs (en and es) have every one of them.
public enum HangmanPhrases {
    /// Refusal codes of a round (`error.<code>` keys).
    public static let roundRefusalCodes = [
        "not_your_turn", "not_a_letter", "one_letter_only", "already_tried",
        "not_playing", "round_over", "solve_needs_word", "no_players",
    ]

    /// Keys of the phrases events stand for (see `HangmanEvent.phrase`).
    public static let eventKeys = HangmanDifficulty.allCases.map { "hangman.round_started.\($0.rawValue)" } + [
        "hangman.turn", "hangman.hit", "hangman.miss", "hangman.solve_right", "hangman.solve_wrong",
        "hangman.life_lost", "hangman.life_lost.one", "hangman.life_lost.none", "hangman.player_out", "hangman.out_of_lives", "hangman.last_chance", "hangman.timed_out",
        "hangman.spectator", "hangman.spectator.you", "hangman.player_left", "hangman.points.letters",
        "hangman.points.completion", "hangman.points.lives", "hangman.word_completed",
        "hangman.round_over.solved", "hangman.round_over.lost", "hangman.round_over.skipped",
        "hangman.round_over.everyone_benched", "hangman.round_over.time_up", "hangman.round_over.benched_or_out",
    ]

    /// Keys for drawing the state in text and reader mode (used by the renderers).
    public static let stateKeys = HangmanDifficulty.allCases.map(\.phraseKey) + [
        "hangman.state.word", "hangman.state.hint", "hangman.state.tried", "hangman.state.hits",
        "hangman.state.misses", "hangman.state.none", "hangman.state.lives", "hangman.state.your_turn",
        "hangman.state.turn_seconds", "hangman.reader.turn_seconds", "hangman.reader.turn_seconds_one",
        "hangman.state.turn", "hangman.state.watching", "hangman.state.points",
        "hangman.reader.lives", "hangman.reader.word", "hangman.reader.blank",
        "hangman.reader.gallows", "hangman.reader.out", "hangman.reader.gallows_full",
        "hangman.turn_warning", "hangman.turn_warning.you", "hangman.bell.on", "hangman.bell.off",
        "hangman.race.about", "hangman.race.how", "hangman.race.started", "hangman.race.completed",
        "hangman.race.header", "hangman.race.row", "hangman.race.row.done", "hangman.race.row.out", "hangman.race.go",
        "hangman.race.row.reader", "hangman.race.row.done.reader",
        // Session 10: a race read by a screen reader, words said compactly.
        "hangman.reader.blanks", "hangman.race.done_wait", "hangman.race.out_wait", "hangman.race.completed.you",
        "hangman.race.lives.reader", "hangman.race.lives.reader.none", "hangman.waiting.you", "hangman.next_round.you",
        // Session 10: who is benched, in every state.
        "hangman.state.benched_mark", "hangman.reader.benched",
    ]

    /// Every key the hangman rules, word rules and renderers use.
    public static let allKeys: [String] =
        (roundRefusalCodes + WordRules.refusalCodes).map { "error.\($0)" } + eventKeys + stateKeys
}

extension HangmanEvent {
    /// The event as one line for the room, in catalog terms. Renderers may
    /// draw more (the gallows, the mask); JSON mode uses the typed values instead.
    public var phrase: Phrase {
        switch self {
        case .roundStarted(_, let lives, let letterCount, let difficulty):
            return Phrase("hangman.round_started.\(difficulty.rawValue)", arguments: [.text(String(letterCount)), .text(String(lives))])
        case .turnPassed(_, let to):
            return Phrase("hangman.turn", arguments: [.text(to)])
        case .guessed(let player, let letter, let hit, let revealed):
            return hit ? Phrase("hangman.hit", arguments: [.text(player), .text(String(letter)), .text(String(revealed))])
                       : Phrase("hangman.miss", arguments: [.text(player), .text(String(letter))])
        case .solveTried(let player, let text, let correct, _):
            return Phrase(correct ? "hangman.solve_right" : "hangman.solve_wrong", arguments: [.text(player), .text(text)])
        case .lifeLost(let player, let livesLeft, let maxLives):
            // "le queda 1", "no le quedan vidas" (a play test read "le quedan 1 de 3", "le quedan 0 de 3").
            let key = livesLeft == 1 ? "hangman.life_lost.one" : (livesLeft <= 0 ? "hangman.life_lost.none" : "hangman.life_lost")
            return Phrase(key, arguments: [.text(player), .text(String(livesLeft)), .text(String(maxLives))])
        case .playerOut(let player):
            return Phrase("hangman.player_out", arguments: [.text(player)])
        case .lastChance(let player):
            return Phrase("hangman.last_chance", arguments: [.text(player)])
        case .timedOut(let player, let inARow):
            return Phrase("hangman.timed_out",
                          arguments: [.text(player), .text(String(inARow)), .text(String(HangmanRound.timeoutsToSpectate))])
        case .becameSpectator(let player):
            return Phrase("hangman.spectator", arguments: [.text(player)])
        case .playerLeft(let player):
            return Phrase("hangman.player_left", arguments: [.text(player)])
        case .scored(let player, let points, .letters(let count)):
            return Phrase("hangman.points.letters", arguments: [.text(player), .text(String(points)), .text(String(count))])
        case .scored(let player, let points, .completion):
            return Phrase("hangman.points.completion", arguments: [.text(player), .text(String(points))])
        case .scored(let player, let points, .livesLeft(let count)):
            return Phrase("hangman.points.lives", arguments: [.text(player), .text(String(points)), .text(String(count))])
        case .wordCompleted(let player, let word):
            return Phrase("hangman.word_completed", arguments: [.text(player), .text(word)])
        case .roundOver(let result):
            switch result.outcome {
            case .solved: return Phrase("hangman.round_over.solved", arguments: [.text(result.word), .text(result.completedBy ?? "")])
            case .noLives: return Phrase("hangman.round_over.lost", arguments: [.text(result.word)])
            case .everyoneBenched:
                return Phrase(result.someOutOfLives ? "hangman.round_over.benched_or_out" : "hangman.round_over.everyone_benched",
                              arguments: [.text(result.word)])
            case .skipped: return Phrase("hangman.round_over.skipped", arguments: [.text(result.word)])
            case .timeUp: return Phrase("hangman.round_over.time_up", arguments: [.text(result.word)])
            }
        }
    }
}
