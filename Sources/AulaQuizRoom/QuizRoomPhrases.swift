import AulaServer

/// Every catalog key the quiz room (the server side) uses on top of the
/// game's `QuizPhrases`, so a catalog test can check each exists in English and Spanish.
public enum QuizRoomPhrases {
    public static let keys: [String] = [
        "quiz.room.about", "quiz.room.created", "quiz.room.description", "quiz.room.how",
        "quiz.question.header.reader", "quiz.question.answer", "quiz.question.answer.reader", "quiz.question.seconds_left.paused",
        "quiz.question.seconds_left", "quiz.timer.left",
        "quiz.tally.reader_row", "quiz.tally.reader_row.one", "quiz.tally.correct", "quiz.tally.correct_many",
        "quiz.teams.title", "quiz.teams.row", "quiz.teams.none", "quiz.not_saved", "quiz.again",
        "error.no_decks.quiz", "error.quiz_deck_missing", "quiz.deck_line", "quiz.deck_list", "quiz.deck_more",
        "error.not_host", "leaderboard.reader_row",
        "quiz.question.band.reader", "quiz.question.band.reader.one", "quiz.hint.scale",
        "quiz.feedback.rank", "quiz.feedback.correct", "quiz.feedback.wrong", "quiz.feedback.none",
        "quiz.team_names", "quiz.result.player.mix", "error.unknown_deck.quiz", "quiz.top.header",
        "quiz.again.teacher",
        "quiz.tally.reader_band", "quiz.tally.reader_band.one", "quiz.tally.reader_point", "quiz.tally.reader_point.one",
        // Session 11 (quiz flow).
        "quiz.hint.scale.whole", "quiz.waiting.one", "quiz.waiting", "quiz.waiting.console_one", "quiz.waiting.console",
        "quiz.progress", "error.question_just_opened", "error.question_just_opened.console",
        // Session 11 (words): the answer given, shown again; the console's end line; reader mode's percent.
        "quiz.your_answer", "quiz.your_answers", "quiz.your_answer.item.reader", "quiz.your_answer.scale",
        "quiz.again.console", "quiz.result.team.type.reader",
        "error.not_host.teacher",
    ]
}
