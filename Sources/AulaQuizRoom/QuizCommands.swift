import AulaServer
import AulaGames

/// The commands of a quiz room (tried before the lobby's). Help and usage
/// live in the catalogs under `help.quiz.<name>` / `usage.quiz.<name>`.
/// Answers are usually typed bare (`2`, `1 3 4`, `7`); `answer` is the long form.
enum QuizCommands {
    static let table = CommandTable<GameCall>([
        Command("quiz.team", "team", aliases: ["equipo"]) { call, args in
            quiz(call)?.pickTeam(args.text, by: call.player)
        },
        Command("quiz.teams", "teams", aliases: ["equipos"]) { call, args in
            quiz(call)?.teams(args, by: call.player)
        },
        Command("quiz.start", "start", aliases: ["empezar", "comenzar"]) { call, _ in
            quiz(call)?.start(by: call.player)
        },
        Command("quiz.set", "set", aliases: ["fijar", "ajustar"]) { call, args in
            quiz(call)?.set(args, by: call.player)
        },
        Command("quiz.next", "next", aliases: ["skip", "siguiente", "saltar"]) { call, _ in
            quiz(call)?.next(by: call.player)
        },
        Command("quiz.answer", "answer", aliases: ["responder", "respuesta"]) { call, args in
            guard !args.isEmpty else {
                call.player.send(ErrorEvent(Refusal.usage("missing_argument", "quiz.answer")))
                return
            }
            quiz(call)?.answer(args.text, from: call.player)
        },
        Command("quiz.question", "question", aliases: ["pregunta"]) { call, _ in
            quiz(call)?.showQuestion(to: call.player)
        },
    ])

    static func quiz(_ call: GameCall) -> QuizRoom? { call.room.game as? QuizRoom }
}

/// What each quiz command does.
extension QuizRoom {
    /// `team NAME` — pick or switch team before the start.
    func pickTeam(_ name: String, by player: Player) {
        guard !name.isEmpty else {
            player.send(ErrorEvent(Refusal.usage("missing_argument", "quiz.team")))
            return
        }
        // Shown to the room and the board: a student's name rules (Session/ShownNames.swift).
        if let refusal = server.teamNameRefusal(name) { return player.send(ErrorEvent(refusal)) }
        attempt(player) { (game: inout QuizGame) throws(Refusal) in try game.pickTeam(name, for: player.name) }
    }

    /// `teams` lists the teams; the host's `teams auto N` deals the players into N teams.
    func teams(_ args: Arguments, by player: Player) {
        guard let word = args[0]?.lowercased() else {
            player.send(QuizTeamsEvent(room: room?.id ?? "", teams: game.teams))
            return
        }
        guard ["auto", "automatico", "automático", "automaticos", "automáticos"].contains(word),
              let count = args[1].flatMap({ Int($0) }) else {
            player.send(ErrorEvent(Refusal.usage("bad_argument", "quiz.teams")))
            return
        }
        guard isHost(player) else { return player.send(ErrorEvent(notHost())) }
        // A student's room speaks its host's language (Comets, Owls… or Cometas, Búhos…).
        let names = teamNames(in: player.language)
        attempt(player) { [self] (game: inout QuizGame) throws(Refusal) in
            try game.autoTeams(count, names: names, random: &random)
        }
    }

    /// `start` (host): the quiz begins; those without a team join the smallest.
    func start(by player: Player) {
        guard isHost(player) else { return player.send(ErrorEvent(notHost())) }
        for p in roomPlayers { syncMultiplier(p) }
        let now = server.loop.now
        let before = game
        attempt(player) { [self] (game: inout QuizGame) throws(Refusal) in try game.start(now: now, random: &random) }
        guard before.phase == .lobby, game.isStarted else { return }
        startedAt = server.wallClock()
        participants = [:]
        for member in room?.members ?? [] where game.players.contains(member.name) { participants[member.name] = member }
    }

    /// `set scoring speed|accuracy` (host, graded decks, before the start).
    func set(_ args: Arguments, by player: Player) {
        let what = args[0]?.lowercased() ?? ""
        guard ["scoring", "puntuacion", "puntuación"].contains(what),
              let scoring = args[1].flatMap({ QuizScoring.parse($0) }) else {
            player.send(ErrorEvent(Refusal.usage("bad_argument", "quiz.set")))
            return
        }
        guard isHost(player) else { return player.send(ErrorEvent(notHost())) }
        attempt(player) { (game: inout QuizGame) throws(Refusal) in try game.setScoring(scoring) }
    }

    /// `next` (host): closes the open question now, or skips the pause after a tally.
    /// Not while a teacher has paused the room (a question's clock or a held
    /// tally): the host's `next` had moved the quiz on and undone the pause,
    /// so the console's `resume` found nothing paused. Only the console's
    /// `resume`/`skip` end a teacher's pause.
    func next(by player: Player) {
        guard isHost(player) else { return player.send(ErrorEvent(notHost())) }
        guard !isTeacherPaused else { return player.send(ErrorEvent(code: "paused")) }
        switch game.phase {
        case .asking:
            // Not a moment after it opened: a double press threw a question away (session 11).
            do throws(Refusal) { try refuseIfJustOpened(console: false) } catch { return player.send(ErrorEvent(error)) }
            let now = server.loop.now
            attempt(player) { (game: inout QuizGame) throws(Refusal) in try game.closeQuestion(now: now) }
        case .reviewing:
            advanceNow()
        case .lobby:
            player.send(ErrorEvent(code: "quiz_not_started"))
        case .finished:
            player.send(ErrorEvent(code: "quiz_finished"))
        }
    }

    /// `question` — shows the open question again, with your seconds left.
    func showQuestion(to player: Player) {
        switch game.phase {
        case .asking: sendQuestion(to: player, resent: true)
        case .lobby: player.send(ErrorEvent(code: "quiz_not_started"))
        case .reviewing: player.send(ErrorEvent(code: "question_closed"))
        case .finished: player.send(ErrorEvent(code: "quiz_finished"))
        }
    }
}
