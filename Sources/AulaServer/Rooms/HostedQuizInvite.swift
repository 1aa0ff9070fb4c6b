/// Session 12's play test: a student who logged in after the teacher's `quiz
/// host` was never told "join quiz-2" (only those in the lobby at that moment
/// were). Logging in while a teacher's quiz of their group waits for its
/// start, they read the same line.
extension Server {
    func tellOfHostedQuizzes(_ player: Player) {
        for room in rooms.values where room.teacherHost != nil && room.host.group == player.group {
            guard let quiz = room.game as? any HostedQuiz, quiz.waitsForStart else { continue }
            player.send(InfoEvent("quiz.hosted.announce", room.id, quiz.deckTitle, style: .good))
        }
    }
}
