import AulaServer
import AulaGames

/// A quiz a teacher runs from the console (SPEC §12: `quiz host DECK`, `quiz
/// start`, `quiz next`, `quiz end`). The room is an ordinary quiz room whose
/// host is a stand-in for the teacher: it has no connection, plays no part,
/// and no student can take the host role over, so only the console starts,
/// moves on and ends the quiz (students' `start`/`next`/`teams auto` get
/// `not_host`). The teacher's console watches the room, so the questions,
/// tallies and results are echoed to it as `watch` shows them.
///
/// Decisions:
/// - If the console goes away the quiz goes on by itself (questions close on
///   time, the quiz ends and is saved after the last one); any teacher may then
///   name the room (`quiz next quiz-3`) and runs it from then on.
/// - The room stays open when it is empty and after a quiz ends (the same
///   deck can be played again with `quiz start`); `room close ROOM` closes it.
/// - `quiz start` with nobody on a team deals the players into teams of about
///   four (at least two teams when there are two players or more);
///   `quiz start N` deals them into N teams, `quiz start 0` plays without teams.
extension QuizRoom: HostedQuiz {
    /// Like `attach`, without the host joining the quiz: the teacher does not play.
    package func attachHosted(to room: Room) {
        self.room = room
    }

    /// The deck's title (for the console and the lobby's announcement).
    package var deckTitle: String { game.deck.title }

    package var waitsForStart: Bool { game.phase == .lobby }

    /// The deck's language (`lang`: `es`, `es-MX`, `en`…), English when it is neither.
    var deckLanguage: Language {
        Language(rawValue: String(game.deck.lang.lowercased().prefix(2))) ?? .en
    }

    /// Friendly team names from the catalog (Comets, Owls… / Cometas, Búhos…).
    func teamNames(in language: Language) -> [String] {
        Catalog.shared.text(Phrase("quiz.team_names"), language).split(separator: ",").map(String.init)
    }

    /// Teams a hosted quiz deals its players into when nobody picked one:
    /// about four per team, at least two teams, none for a single player.
    static func defaultTeamCount(players: Int) -> Int {
        players < 2 ? 0 : max(2, (players + 3) / 4)
    }

    /// `quiz start [TEAMS]`: deals the teams (see `defaultTeamCount`; TEAMS
    /// overrides, 0 for none) and opens the first question. Returns how many play
    /// and in how many teams. Nothing changes when it is refused. New teams are
    /// named in the deck's language: the console's was the teacher's, so a
    /// Spanish class on geografia-es played as Comets and Owls.
    package func hostStart(teams wanted: Int?) throws(Refusal) -> (players: Int, teams: Int) {
        let names = teamNames(in: deckLanguage)
        guard game.phase == .lobby else { throw Refusal("quiz_started", Phrase("error.quiz_started.start")) }
        guard !game.players.isEmpty else { throw Refusal("no_players", Phrase("error.no_players.quiz")) }
        for p in roomPlayers { syncMultiplier(p) }
        var next = game
        var draw = random
        var events: [QuizEvent] = []
        let count = wanted ?? (game.teams.isEmpty ? QuizRoom.defaultTeamCount(players: game.players.count) : 0)
        // Picked teams stay (played by hand: `quiz start 3` had replaced them with A, B, C).
        if count > 0 { events += try next.dealKeepingPicked(count, names: names, random: &draw) }
        events += try next.start(now: server.loop.now, random: &draw)
        game = next
        random = draw
        startedAt = server.wallClock()
        participants = [:]
        for member in room?.members ?? [] where game.players.contains(member.name) { participants[member.name] = member }
        apply(events)
        return (game.players.count, game.teams.count)
    }

    /// `quiz next`: closes the open question now (tally, then the next one), or
    /// during a tally opens the next question at once.
    package func hostNext() throws(Refusal) {
        // Paused: moving on would start the next question's clock while the room
        // reads "wait for it to resume" (a re-play). Resume first.
        if isTeacherPaused, let room { throw Refusal("paused", Phrase("error.quiz_paused.console", [room.id])) }
        switch game.phase {
        // The student's line says "the host types start"; the teacher types `quiz start`.
        case .lobby: throw Refusal("quiz_not_started", Phrase("error.quiz_not_started.console"))
        case .finished: throw Refusal(code: "quiz_finished")
        // Not a moment after the question opened: a double press threw it away (session 11).
        case .asking:
            try refuseIfJustOpened(console: true)
            _ = skip()
        case .reviewing: _ = skip()
        }
    }

    /// `quiz end`: the quiz ends now with the questions asked so far; results,
    /// saving and `round.end` as at a normal end. Returns how many questions counted.
    package func hostEnd() throws(Refusal) -> Int {
        if case .lobby = game.phase {
            // A second `quiz end` found the room back in its lobby and closed it as
            // "never started", sending the class out (a play test of every control).
            if endCounter > 0, let room {
                // A student's quiz is started again by its host, not from the console (a re-play).
                let key = room.teacherHost == nil ? "error.quiz_already_ended.student_room" : "error.quiz_already_ended.console"
                throw Refusal("quiz_already_ended", Phrase(key, [room.id]))
            }
            throw Refusal("quiz_not_started", Phrase("error.quiz_not_started.console"))
        }
        let events = try game.end(now: server.loop.now)
        reviewHeld = false
        apply(events)
        // The closed question's tally would schedule a next question: there is none.
        if let t = advanceTimer { server.loop.cancel(t); advanceTimer = nil }
        for case .finished(let results) in events { return results.questionsAsked }
        return 0
    }
}
