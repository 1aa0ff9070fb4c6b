import AulaGames

/// What the teachers' console (AulaAdmin/Admin+QuizHost.swift) needs of a quiz room it hosts
/// (`quiz host DECK`, `quiz start`, `quiz next`, `quiz end`). The quiz room lives in its own
/// module (AulaQuizRoom) that the core cannot import, so the console reaches it through this.
package protocol HostedQuiz: RoomGame {
    /// Like `attach`, without the host joining the quiz: the teacher does not play.
    func attachHosted(to room: Room)
    /// The deck's title (for the console and the lobby's announcement).
    var deckTitle: String { get }
    /// Open and not started yet: a student logging in is told how to join (Rooms/HostedQuizInvite.swift).
    var waitsForStart: Bool { get }
    /// `quiz start [TEAMS]`: how many play and in how many teams; new teams
    /// take friendly names in the deck's language (not the console's).
    func hostStart(teams wanted: Int?) throws(Refusal) -> (players: Int, teams: Int)
    /// `quiz next`: closes the question (the next one comes).
    func hostNext() throws(Refusal)
    /// `quiz end`: how many questions were asked.
    func hostEnd() throws(Refusal) -> Int
}

extension Server {
    /// Opens a teacher-hosted quiz room for `group`. `standIn` is the teacher's
    /// stand-in host (no connection); the game comes from the registered `quiz` factory.
    package func openHostedQuiz(_ game: any HostedQuiz, standIn: Player, teacher: String) -> Room {
        roomCounter += 1
        let room = Room(id: "quiz-\(roomCounter)", game: game, host: standIn, server: self)
        room.teacherHost = teacher
        rooms[room.id] = room
        game.attachHosted(to: room)
        log(.info, "room.created", ("room", room.id), ("host", "teacher:" + teacher))
        return room
    }
}

