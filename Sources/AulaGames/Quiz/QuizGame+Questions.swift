/// Starting, asking, answering and closing questions.
extension QuizGame {
    /// `start`: fix the question order (shuffled from `random` when the deck
    /// says so, else file order), put players without a team into the
    /// smallest teams, and open the first question at `now`.
    public mutating func start(now: Double, random: inout SeededRandom) throws(Refusal) -> [QuizEvent] {
        // Same code as a late setting, its own words: "you can change this before
        // the next quiz" answered a second `start` (a play test).
        guard !isStarted else { throw Refusal("quiz_started", Phrase("error.quiz_started.start")) }
        guard !players.isEmpty else { throw Refusal("no_players", Phrase("error.no_players.quiz")) }
        guard !deck.questions.isEmpty else { throw Refusal(code: "quiz_no_questions") }
        order = Array(deck.questions.indices)
        if deck.shuffle { order.shuffle(using: &random) }
        answerOrders = order.map { index in
            let question = deck.questions[index]
            var shown = Array(question.answers.indices)
            if deck.shufflesAnswers && question.kind != .ranged { shown.shuffle(using: &random) }
            return shown
        }
        var events: [QuizEvent] = []
        let unteamed = players.filter { team(of: $0) == nil }
        if !teams.isEmpty && !unteamed.isEmpty {
            for p in unteamed {
                // Smallest team first; `min` keeps the earliest team on a tie.
                if let i = teams.indices.min(by: { teams[$0].members.count < teams[$1].members.count }) {
                    teams[i].members.append(p)
                }
            }
            events.append(.teamsAssigned(teams))
        }
        events.append(.started(questions: order.count, teams: teams))
        events += open(position: 0, now: now)
        return events
    }

    /// A player's answer to the open question, as typed (`2`, `1 3 4`, `7`).
    /// Answering again replaces the earlier answer, until the question closes.
    public mutating func answer(_ text: String, from player: String, now: Double) throws(Refusal) -> [QuizEvent] {
        guard case .asking(let position) = phase else {
            if phase == .lobby { throw Refusal(code: "quiz_not_started") }
            // Closed because everyone answered, or by the teacher, as often as by the
            // clock: not "time is up" (session 10, a play test during the tally).
            throw Refusal("question_closed", Phrase("error.question_closed.between"))
        }
        guard players.contains(player), !absent.contains(player) else { throw Refusal("not_playing", Phrase("error.not_playing.quiz")) }
        let round = rounds[position]
        guard !round.clock.isPaused else { throw Refusal(code: "paused") }
        if let deadline = deadline(for: player), now > deadline { throw Refusal(code: "question_closed") }
        let question = deck.questions[round.deckIndex]
        let choice: QuizChoice
        switch QuizAnswerParser.parse(text, kind: question.kind, answerCount: question.answers.count) {
        // The player typed the numbers they saw: store the deck's answers.
        case .success(let c): choice = QuizChoice(answers: deckAnswers(c.answers, position: position), scale: c.scale)
        case .failure(let refusal): throw refusal
        }
        let previous = round.answers[player]
        let given = QuizGivenAnswer(choice: choice, at: now, elapsed: round.clock.elapsed(now: now),
                                    changes: previous.map { $0.changes + 1 } ?? 0)
        rounds[position].answers[player] = given
        let present = presentPlayers
        let answeredCount = present.filter { rounds[position].answers[$0] != nil }.count
        var events: [QuizEvent] = [.answered(player: player, number: position + 1, choice: choice,
                                             changed: previous != nil, answeredCount: answeredCount,
                                             playerCount: present.count)]
        events += closeIfDone(now: now, reason: nil)
        return events
    }

    /// Call from the room's timer: closes the open question once every player
    /// has answered or is past their own deadline.
    public mutating func tick(now: Double) -> [QuizEvent] {
        closeIfDone(now: now, reason: nil)
    }

    /// The host moves on (`next`) while the question is still open.
    public mutating func closeQuestion(now: Double) throws(Refusal) -> [QuizEvent] {
        guard case .asking = phase else { throw Refusal(code: "question_closed") }
        return closeIfDone(now: now, reason: .host)
    }

    /// After a question's tally: open the next question, or finish the quiz
    /// with its results.
    public mutating func advance(now: Double) throws(Refusal) -> [QuizEvent] {
        switch phase {
        case .lobby: throw Refusal(code: "quiz_not_started")
        case .asking: throw Refusal(code: "question_open")
        case .finished: throw Refusal(code: "quiz_finished")
        case .reviewing(let position):
            if position + 1 < order.count { return open(position: position + 1, now: now) }
            phase = .finished
            let final = computeResults()
            results = final
            return [.finished(final)]
        }
    }

    // MARK: Questions as the room sees them

    /// The open (or just closed) question.
    public var currentQuestion: QuizQuestionView? {
        switch phase {
        case .asking(let p), .reviewing(let p): return view(position: p)
        case .lobby, .finished: return nil
        }
    }

    /// The seconds a player gets on the current question, a teacher's
    /// extension included (nil: untimed or no question).
    public func secondsAllowed(for player: String) -> Double? {
        guard let q = currentQuestion, let s = multiplier(for: player).seconds(q.seconds) else { return nil }
        return s + (currentRound?.clock.extra ?? 0)
    }

    /// When the current question stops taking this player's answer (nil:
    /// untimed, no question, or paused — nothing runs out while paused).
    public func deadline(for player: String) -> Double? {
        guard let q = currentQuestion, let s = multiplier(for: player).seconds(q.seconds) else { return nil }
        return currentRound?.clock.deadline(of: s)
    }

    /// Seconds left for this player on the open question, never below 0, held
    /// while paused (nil: untimed or none open).
    public func secondsLeft(for player: String, now: Double) -> Double? {
        guard case .asking(let p) = phase, let s = multiplier(for: player).seconds(view(position: p).seconds) else {
            return nil
        }
        return rounds[p].clock.left(of: s, now: now)
    }

    /// The round of the open (or just closed) question.
    var currentRound: QuizRound? {
        switch phase {
        case .asking(let p), .reviewing(let p): return rounds.indices.contains(p) ? rounds[p] : nil
        case .lobby, .finished: return nil
        }
    }

    /// When the open question closes on time alone: the latest deadline of the
    /// present players who have not answered. Nil when no question is open or
    /// an untimed player is still thinking (the host must `closeQuestion`).
    /// Schedule a `tick` for then; answers may close it earlier.
    public var closesAt: Double? {
        guard case .asking(let p) = phase, !rounds[p].clock.isPaused else { return nil }
        var latest: Double? = nil
        for player in presentPlayers where rounds[p].answers[player] == nil {
            guard let d = deadline(for: player) else { return nil }
            latest = max(latest ?? d, d)
        }
        return latest ?? view(position: p).openedAt
    }

    /// The bar chart of the question at this 0-based position so far.
    public func tally(position: Int) -> QuizTally? {
        guard rounds.indices.contains(position) else { return nil }
        let round = rounds[position]
        var counts = Array(repeating: 0, count: deck.questions[round.deckIndex].answers.count)
        for player in players {
            guard let given = round.answers[player] else { continue }
            for a in given.choice.answers where counts.indices.contains(a) { counts[a] += 1 }
        }
        let present = presentPlayers
        // Bars in the order the answers were shown.
        counts = shownOrder(position: position).map { counts.indices.contains($0) ? counts[$0] : 0 }
        return QuizTally(number: position + 1, counts: counts,
                         answered: players.filter { round.answers[$0] != nil }.count,
                         players: present.count)
    }

    // MARK: Inside

    func view(position: Int) -> QuizQuestionView {
        let deckIndex = order[position]
        let q = deck.questions[deckIndex]
        let openedAt = rounds.indices.contains(position) ? rounds[position].openedAt : 0
        let texts = shownOrder(position: position).compactMap { q.answers[safe: $0]?.text }
        var view = QuizQuestionView(number: position + 1, total: order.count, deckIndex: deckIndex,
                                    kind: q.kind, text: q.text, answers: texts,
                                    seconds: deck.seconds(for: q), openedAt: openedAt)
        if q.kind == .ranged { view.bands = QuizAnswerParser.bands(answerCount: q.answers.count) }
        return view
    }

    /// Shown index → deck index for the question at this position.
    public func shownOrder(position: Int) -> [Int] {
        if answerOrders.indices.contains(position) { return answerOrders[position] }
        guard order.indices.contains(position) else { return [] }
        return Array(deck.questions[order[position]].answers.indices)
    }

    /// The deck indices (ascending) of answers chosen by their shown indices.
    func deckAnswers(_ shown: [Int], position: Int) -> [Int] {
        let map = shownOrder(position: position)
        return shown.compactMap { map[safe: $0] }.sorted()
    }

    /// The shown 1-based numbers and texts of the right answers of a graded
    /// question at this position (empty for personality decks).
    public func rightAnswers(position: Int) -> [(number: Int, text: String)] {
        guard deck.style == .graded, rounds.indices.contains(position) else { return [] }
        let question = deck.questions[rounds[position].deckIndex]
        return shownOrder(position: position).enumerated().compactMap { shown, index in
            guard let a = question.answers[safe: index], a.correct == true else { return nil }
            return (shown + 1, a.text)
        }
    }

    /// Each player's own result on the graded question at this position and
    /// their rank on the leaderboard of the questions asked so far.
    func feedback(position: Int) -> [QuizFeedback] {
        guard deck.style == .graded, rounds.indices.contains(position) else { return [] }
        let standings = computeResults().leaderboard
        let right = rightAnswers(position: position)
        let question = deck.questions[rounds[position].deckIndex]
        return presentPlayers.compactMap { player in
            guard let rank = standings.first(where: { $0.name == player })?.rank else { return nil }
            let given = rounds[position].answers[player]
            return QuizFeedback(player: player, number: position + 1,
                                correct: given.map { isCorrect($0.choice, question) },
                                points: points(of: player, position: position), rank: rank,
                                of: standings.count, rightAnswers: right)
        }
    }

    mutating func open(position: Int, now: Double) -> [QuizEvent] {
        rounds.append(QuizRound(deckIndex: order[position], openedAt: now, closedAt: nil,
                                closeReason: nil, answers: [:], clock: PausableClock(startedAt: now)))
        phase = .asking(position)
        return [.questionOpened(view(position: position))]
    }

    /// Closes the open question when it is done, or always when `reason` is given.
    /// Never on its own while a teacher has paused it: a player who leaves a
    /// paused question that everyone else has answered closed it, and the
    /// next question opened with its clock running (the pause undone); it
    /// now closes at the resume, on the room's next tick.
    mutating func closeIfDone(now: Double, reason forced: QuizCloseReason?) -> [QuizEvent] {
        guard case .asking(let p) = phase else { return [] }
        if forced == nil, rounds[p].clock.isPaused { return [] }
        let present = presentPlayers
        let allAnswered = present.allSatisfy { rounds[p].answers[$0] != nil }
        let done = present.allSatisfy { player in
            if rounds[p].answers[player] != nil { return true }
            guard let d = deadline(for: player) else { return false }
            return now >= d
        }
        let reason: QuizCloseReason
        if let forced { reason = forced }
        else if allAnswered { reason = .allAnswered }
        else if done { reason = .timeUp }
        else { return [] }
        rounds[p].closedAt = now
        rounds[p].closeReason = reason
        // Stopped for good: its elapsed time is now how long the question was open.
        rounds[p].clock.pause(now: now)
        phase = .reviewing(p)
        guard let t = tally(position: p) else { return [] }
        var events: [QuizEvent] = [.questionClosed(t, reason: reason)]
        if deck.style == .graded { events.append(.feedback(feedback(position: p))) }
        return events
    }
}
