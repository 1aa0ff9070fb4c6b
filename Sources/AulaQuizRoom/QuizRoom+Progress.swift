import AulaServer
import AulaGames

/// Keeping the class informed while a question is open (session 11's play test):
/// - `next` just after a question opened is refused (a triple press closed
///   Q4, opened Q5 and closed Q5 after 0.2 s: a question thrown away);
/// - the host and the watching consoles get "N of M answered" as answers come
///   in, at most one line every `progressEvery` seconds (students get nothing
///   more: the room stays quiet; the tally says the final count);
/// - at the class's time-up, when the question still waits for someone with
///   extra time, the room is told so (`quiz.waiting`, without names; the
///   consoles read who) instead of a silent "0 s" for as long as the extra time.
extension QuizRoom {
    /// At most one "N of M answered" line this often (seconds).
    static let progressEvery = 5.0

    // MARK: `next` too soon

    /// Throws when the open question opened less than `nextGuard` seconds ago.
    /// `console`: the words name `quiz next ROOM` rather than the host's `next`.
    func refuseIfJustOpened(console: Bool) throws(Refusal) {
        guard case .asking(let position) = game.phase, let view = game.currentQuestion else { return }
        guard server.loop.now - view.openedAt < nextGuard else { return }
        let key = console ? "error.question_just_opened.console" : "error.question_just_opened"
        throw Refusal("question_just_opened", Phrase(key, [String(position + 1), room?.id ?? ""]))
    }

    // MARK: Answers coming in

    /// An answer was counted on the question at this 0-based position. Nothing
    /// when it closed the question (the tally follows with the count).
    func answerCounted(position: Int) {
        guard case .asking(position) = game.phase else { return }
        let now = server.loop.now
        guard let last = progressSent, last.position == position, now - last.at < QuizRoom.progressEvery else {
            return sendProgress()
        }
        // Sent a moment ago: one follow-up when the interval is over, with the count then.
        guard progressTimer == nil else { return }
        progressTimer = server.loop.schedule(after: last.at + QuizRoom.progressEvery - now) { [weak self] in
            guard let self else { return }
            self.progressTimer = nil
            if case .asking(position) = self.game.phase { self.sendProgress() }
        }
    }

    /// `quiz.progress` to the consoles watching and to a student host.
    func sendProgress() {
        guard let room, case .asking(let position) = game.phase, let tally = game.tally(position: position) else { return }
        progressSent = (position, server.loop.now)
        let event = QuizProgressEvent(room: room.id, index: position + 1, answered: tally.answered, players: tally.players)
        for watcher in room.watchers { watcher.send(event) }
        // A teacher's stand-in host has no connection: the console above is the teacher.
        if room.teacherHost == nil { room.host.send(event) }
    }

    // MARK: Waiting for extra time

    /// A timer at the class's deadline, when someone's own time runs past it:
    /// part of the question's reminders (cancelled and scheduled again with them).
    func scheduleWaitingNotice() {
        guard case .asking(let position) = game.phase, let standard = game.standardDeadline else { return }
        let now = server.loop.now
        guard standard > now else { return }
        let later = game.presentPlayers.contains { player in game.deadline(for: player).map { $0 > standard } ?? true }
        guard later else { return }
        // After the tick at the same deadline (5 ms late), so a question that closes then says nothing.
        let timer = server.loop.schedule(after: standard - now + 0.01) { [weak self] in
            guard let self, case .asking(position) = self.game.phase else { return }
            self.tellWaiting(position: position)
        }
        reminderTimers.append(timer)
    }

    /// Everyone whose time is up reads that the question waits for a classmate
    /// with extra time; the consoles read who; the board gets the same event.
    func tellWaiting(position: Int) {
        guard let room, game.rounds.indices.contains(position) else { return }
        let now = server.loop.now
        let answers = game.rounds[position].answers
        let waiting = game.presentPlayers.filter { player in
            answers[player] == nil && (game.deadline(for: player).map { $0 > now } ?? true)
        }
        guard !waiting.isEmpty else { return }
        // The longest anyone still has (nil: someone is untimed).
        let secondsLeft = game.closesAt.map { Int(max(0, $0 - now).rounded(.up)) }
        let event = QuizWaitingEvent(room: room.id, index: position + 1, waiting: waiting.count, secondsLeft: secondsLeft)
        for member in room.members where !waiting.contains(member.name) { member.send(event) }
        let names = waiting.sorted(by: QuizRoom.nameOrder).joined(separator: ", ")
        let console = InfoEvent(phrases: [Phrase(waiting.count == 1 ? "quiz.waiting.console_one" : "quiz.waiting.console",
                                                 [String(position + 1), names])])
        for watcher in room.watchers { watcher.send(console) }
        room.showBoard(event)
    }
}

/// `quiz.progress {room, index, answered, players}` — how many have answered
/// the open question so far, for the host and the consoles (never who or what).
public struct QuizProgressEvent: Event {
    public let room: String
    public let index: Int
    public let answered: Int
    public let players: Int
    public var name: String { "quiz.progress" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("index", .int(index)), ("answered", .int(answered)), ("players", .int(players))]
    }
    public func text(_ t: TextContext) -> [String] {
        [t.say("quiz.progress", String(index), String(answered), String(players))]
    }
}

/// `quiz.waiting {room, index, waiting, seconds_left}` — the class's time is up
/// on question `index` but it waits for `waiting` classmates with extra time,
/// at most `seconds_left` more (null: someone has no time limit). No names.
public struct QuizWaitingEvent: Event {
    public let room: String
    public let index: Int
    public let waiting: Int
    public let secondsLeft: Int?
    public var name: String { "quiz.waiting" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("index", .int(index)), ("waiting", .int(waiting)),
         ("seconds_left", secondsLeft.map { .int($0) } ?? .null)]
    }
    public func text(_ t: TextContext) -> [String] {
        [t.paint(.warn, t.say(waiting == 1 ? "quiz.waiting.one" : "quiz.waiting"))]
    }
}
