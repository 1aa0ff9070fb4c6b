import AulaServer
import AulaGames
import AulaStore

/// The quiz's flow on the event loop: the game's events become what each
/// connection sees; countdowns, reminders and the pause after each tally are
/// timers; the finished quiz is saved, and only then its leaderboards printed.
extension QuizRoom {
    /// Shows the game's events to the room, in order, and keeps the timers in step.
    func apply(_ events: [QuizEvent]) {
        guard let room else { return }
        for event in events {
            switch event {
            case .rejoined:
                break  // the room's "is back in room quiz-6 and plays on" says it (RoomGame.takesBack)
            case .joined, .left, .teamPicked, .scoringSet, .started:
                if let phrase = event.phrase { room.broadcast(InfoEvent(phrases: [phrase])) }
                if case .started(_, let teams) = event, !teams.isEmpty {
                    room.broadcast(QuizTeamsEvent(room: room.id, teams: teams))
                }
            case .teamsAssigned(let teams):
                if let phrase = event.phrase { room.broadcast(InfoEvent(phrases: [phrase])) }
                // At the start the full list follows with `.started`.
                if !game.isStarted { room.broadcast(QuizTeamsEvent(room: room.id, teams: teams)) }
            case .timeMultiplierSet(let player, _):
                // An accommodation is nobody else's business.
                if let phrase = event.phrase { room.members.first { $0.name == player }?.send(InfoEvent(phrases: [phrase])) }
            case .questionOpened:
                for player in roomPlayers { syncMultiplier(player) }
                for member in room.members { sendQuestion(to: member, resent: false) }
                if let view = game.currentQuestion {
                    // The consoles and the board watch: no "Answer with…" line (session 11).
                    var watched = QuizQuestionEvent(room: room.id, question: view, seconds: view.seconds)
                    watched.watching = true
                    for watcher in room.watchers { watcher.send(watched) }
                    if room.hasBoard { room.showBoard(watched) }
                }
                scheduleReminders()
                scheduleTick()
            case .answered(let player, let number, _, _, let answered, let players):
                if let phrase = event.phrase { room.members.first { $0.name == player }?.send(InfoEvent(phrases: [phrase])) }
                // Who answered what stays private; the board shows only how many have.
                if room.hasBoard { room.showBoard(BoardAnsweredEvent(room: room.id, index: number, answered: answered, players: players)) }
                scheduleTick()
                answerCounted(position: number - 1)
            case .questionClosed(let tally, let reason):
                cancelQuestionTimers()
                room.broadcast(tallyEvent(tally, reason: reason))
                scheduleAdvance()
            case .feedback(let all):
                // Each player sees only their own result and rank.
                for f in all { room.members.first { $0.name == f.player }?.send(QuizFeedbackEvent(room: room.id, feedback: f)) }
                // The room sees the top five so far, like a quiz show between questions.
                let top = game.computeResults().leaderboard.prefix(5)
                if !top.isEmpty {
                    room.broadcast(InfoEvent(phrases: [Phrase("quiz.top.header", [String(top.count)])]
                        + top.map { Phrase("quiz.leaderboard.row", [String($0.rank), $0.name, String($0.points)]) }))
                }
            case .finished(let results):
                cancelQuestionTimers()
                finish(results)
            }
        }
    }

    /// Runs a rule and shows its events, or tells the player why not.
    func attempt(_ player: Player, _ body: (inout QuizGame) throws(Refusal) -> [QuizEvent]) {
        do {
            let events = try body(&game)
            apply(events)
        } catch {
            player.send(ErrorEvent(error))
        }
    }

    /// An answer typed bare (`2`, `1 3 4`, `7`) or with `answer`.
    func answer(_ text: String, from player: Player) {
        let now = server.loop.now
        attempt(player) { (game: inout QuizGame) throws(Refusal) in try game.answer(text, from: player.name, now: now) }
    }

    // MARK: Questions

    /// The open question for one person, with their own seconds (left).
    func sendQuestion(to member: Player, resent: Bool) {
        guard let room, let view = game.currentQuestion else { return }
        let seconds: Int?
        if game.players.contains(member.name) {
            let own = resent ? game.secondsLeft(for: member.name, now: server.loop.now)
                             : game.secondsAllowed(for: member.name)
            seconds = own.map { Int($0.rounded(.up)) }
        } else {
            let left = game.standardSecondsLeft(now: server.loop.now) ?? 0
            seconds = resent ? Int(max(0, left).rounded(.up)) : view.seconds
        }
        var event = QuizQuestionEvent(room: room.id, question: view, seconds: seconds, resent: resent)
        // Someone who watches this quiz (joined late) is not told to answer (session 11).
        event.watching = !game.players.contains(member.name)
        // Shown again after they answered: with their answer (session 11).
        if resent { event.yourAnswer = game.shownAnswer(of: member.name) }
        event.paused = game.isPaused
        member.send(event)
    }

    func tallyEvent(_ tally: QuizTally, reason: QuizCloseReason) -> QuizTallyEvent {
        let position = tally.number - 1
        let deckIndex = game.rounds.indices.contains(position) ? game.rounds[position].deckIndex : 0
        let question = game.deck.questions[deckIndex]
        // Everything in the order the answers were shown.
        let shown = game.shownOrder(position: position)
        let texts = shown.map { question.answers.indices.contains($0) ? question.answers[$0].text : "" }
        let correct = game.rightAnswers(position: position).map { $0.number - 1 }
        var event = QuizTallyEvent(room: room?.id ?? "", tally: tally, answers: texts,
                                   reason: reason, correct: correct)
        // A scale keeps its order (never shuffled): each count is a range of it.
        if question.kind == .ranged { event.bands = QuizAnswerParser.bands(answerCount: question.answers.count) }
        return event
    }

    // MARK: Timers

    /// A tick when the open question would close on time alone (answers may close it sooner).
    func scheduleTick() {
        if let t = tickTimer { server.loop.cancel(t); tickTimer = nil }
        guard let at = game.closesAt else { return }
        // A hair late, so the tick never lands just before a deadline.
        tickTimer = server.loop.schedule(after: at - server.loop.now + 0.005) { [weak self] in
            guard let self else { return }
            self.tickTimer = nil
            self.apply(self.game.tick(now: self.server.loop.now))
            if case .asking = self.game.phase { self.scheduleTick() }
        }
    }

    /// `timer {seconds_left: 10}` at 10 s left on each person's own clock.
    func scheduleReminders() {
        guard let room, case .asking(let position) = game.phase else { return }
        let now = server.loop.now
        // Paused: no deadlines, no reminders (they are scheduled again at `resume`).
        let standard = game.standardDeadline
        var deadlines: Set<Double> = standard.map { [$0] } ?? []
        for player in game.presentPlayers { if let d = game.deadline(for: player) { deadlines.insert(d) } }
        for deadline in deadlines where deadline - QuizRoom.reminderAt > now {
            let timer = server.loop.schedule(after: deadline - QuizRoom.reminderAt - now) { [weak self] in
                guard let self, case .asking(position) = self.game.phase else { return }
                let event = QuizTimerEvent(room: room.id, secondsLeft: Int(QuizRoom.reminderAt))
                for member in room.members where self.deadline(of: member.name) == deadline { member.send(event) }
                if standard == deadline {
                    for watcher in room.watchers { watcher.send(event) }
                    room.showBoard(event)
                }
            }
            reminderTimers.append(timer)
        }
        scheduleWaitingNotice()
    }

    /// A person's deadline on the open question: their own if they play, else the standard one.
    func deadline(of name: String) -> Double? {
        guard game.currentQuestion != nil else { return nil }
        if game.players.contains(name) { return game.deadline(for: name) }
        return game.standardDeadline
    }

    /// The next question (or the results) after the tally's pause.
    func scheduleAdvance() {
        if let t = advanceTimer { server.loop.cancel(t) }
        advanceTimer = server.loop.schedule(after: reviewPause) { [weak self] in
            guard let self else { return }
            self.advanceTimer = nil
            self.advanceNow()
        }
    }

    func advanceNow() {
        if let t = advanceTimer { server.loop.cancel(t); advanceTimer = nil }
        reviewHeld = false
        guard case .reviewing = game.phase else { return }
        if let events = try? game.advance(now: server.loop.now) { apply(events) }
    }

    func cancelQuestionTimers() {
        if let t = tickTimer { server.loop.cancel(t); tickTimer = nil }
        for t in reminderTimers { server.loop.cancel(t) }
        reminderTimers.removeAll()
    }

    // MARK: The end

    /// Shows each player's and team's result, gets the room ready for the next
    /// quiz (same deck, teams and scoring; watchers now play) and saves this
    /// one; its leaderboards are printed once the save has committed (SPEC §8).
    /// If the disk does not answer within `saveWait`, they are printed anyway,
    /// marked as not saved, and play goes on (SPEC §11); the write keeps retrying.
    func finish(_ results: QuizResults) {
        guard let room else { return }
        room.broadcast(QuizResultEvent(room: room.id, results: results))
        let host = room.host
        let session = server.classSession.flatMap { $0.group == host.group ? $0.id : nil }
        let save = QuizRoundSave.make(
            game: game, results: results, room: room.id, sessionID: session, groupID: host.group.id,
            startedAt: startedAt, endedAt: server.wallClock()) { [participants] name in
                let player = participants[name]
                return (player?.group.id ?? host.group.id, player?.studentID)
            }
        game = game.playAgain()
        participants = [:]
        room.promoteSpectatorsToPlayers()

        endCounter += 1
        let end = endCounter
        unprintedEnds.insert(end)
        let fallback = server.loop.schedule(after: QuizRoom.saveWait) { [weak self] in
            guard let self, self.unprintedEnds.remove(end) != nil else { return }
            self.printLeaderboards(results, saved: false)
        }
        server.write({ db in try save.save(db) }) { [weak self] result in
            do {
                guard let self else { return }
                if case .failure(let error) = result {
                    self.server.log(.error, "quiz.save_failed", ("room", room.id), ("error", error.description))
                }
                self.server.loop.cancel(fallback)
                guard self.unprintedEnds.remove(end) != nil else { return }
                self.printLeaderboards(results, saved: (try? result.get()) != nil)
            }
        }
    }

    /// `round.end` with this quiz's points, the room's running totals and the team leaderboard.
    func printLeaderboards(_ results: QuizResults, saved: Bool) {
        for p in results.players { roomTotals[p.name, default: 0] += p.points }
        // Running totals: most points first; ties in this quiz's order, then by name.
        let order = Dictionary(uniqueKeysWithValues: results.leaderboard.enumerated().map { ($1.name, $0) })
        let totals = roomTotals.sorted { a, b in
            if a.value != b.value { return a.value > b.value }
            let x = order[a.key] ?? Int.max, y = order[b.key] ?? Int.max
            return x != y ? x < y : QuizRoom.nameOrder(a.key, b.key)
        }
        // Equal totals share a rank only when this quiz could not tell them apart either.
        let thisRank = Dictionary(uniqueKeysWithValues: results.leaderboard.map { ($0.name, $0.rank) })
        let event = QuizRoundEndEvent(
            room: room?.id ?? "", outcome: "finished",
            round: results.leaderboard.map { .init(rank: $0.rank, name: $0.name, points: $0.points) },
            leaderboard: QuizRoundEndEvent.ranked(totals.map { ($0.key, $0.value) }) { a, b in
                thisRank[a] != nil && thisRank[a] == thisRank[b]
            },
            teams: results.teamLeaderboard.map { .init(rank: $0.rank, name: $0.name, points: $0.points) },
            saved: saved, teacherHosted: room?.teacherHost != nil)
        guard let room else { return }
        guard event.teacherHosted, !room.watchers.isEmpty else { return room.broadcast(event) }
        // The teachers watching read how they play it again, not the students' line (session 11).
        for member in room.members { member.send(event) }
        var console = event
        console.console = true
        for watcher in room.watchers { watcher.send(console) }
        room.showBoard(event)
    }
}
