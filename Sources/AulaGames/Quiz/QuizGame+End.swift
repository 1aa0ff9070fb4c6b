/// A teacher's `quiz end` (SPEC §12): the quiz stops now. An open question
/// closes first (its answers count and its tally is shown, reason `teacher`);
/// the results cover the questions asked so far, as at a normal end.
extension QuizGame {
    /// Ends a started quiz now; throws `quiz_not_started` in the lobby and
    /// `quiz_finished` once it is over.
    public mutating func end(now: Double) throws(Refusal) -> [QuizEvent] {
        var events: [QuizEvent] = []
        switch phase {
        case .lobby: throw Refusal(code: "quiz_not_started")
        case .finished: throw Refusal(code: "quiz_finished")
        case .asking: events += closeIfDone(now: now, reason: .teacher)
        case .reviewing: break
        }
        phase = .finished
        let final = computeResults()
        results = final
        events.append(.finished(final))
        return events
    }
}
