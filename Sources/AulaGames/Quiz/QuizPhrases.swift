/// Every catalog key the quiz uses (rules, renderer lines and deck problems),
/// so a catalog test can check each exists in English and Spanish.
public enum QuizPhrases {
    /// Refusals (`error.<code>` and variants); the codes are the JSON `error` codes.
    /// `not_playing` and `no_players` use `.quiz` keys, since hangman has its own wording.
    public static let refusalKeys: [String] = [
        "error.answer_format", "error.answer_format.multiple", "error.answer_format.ranged",
        "error.answer_out_of_range", "error.answer_out_of_range.ranged",
        "error.answer_one_only", "error.answer_one_only.ranged", "error.answer_duplicate",
        "error.question_closed", "error.question_closed.between", "error.question_open", "error.quiz_not_started",
        "error.quiz_started", "error.quiz_started.start", "error.quiz_finished", "error.quiz_no_questions",
        "error.not_playing.quiz", "error.no_players.quiz", "error.team_name_invalid",
        "error.teams_count", "error.scoring_personality",
    ]

    /// One-line messages of `QuizEvent.phrase`.
    public static let eventKeys: [String] = [
        "quiz.joined", "quiz.joined.watching", "quiz.rejoined", "quiz.left",
        "quiz.team.picked", "quiz.teams.assigned",
        "quiz.scoring.set.speed", "quiz.scoring.set.accuracy",
        "quiz.time.untimed", "quiz.time.factor", "quiz.started",
        "quiz.answer.saved", "quiz.answer.changed",
        "quiz.closed.all_answered", "quiz.closed.time_up", "quiz.closed.host", "quiz.closed.teacher",
    ]

    /// Lines for the question, tally and result renderers (`QuizResults.summary`
    /// and the room's own screens).
    public static let screenKeys: [String] = [
        "quiz.question.header", "quiz.question.seconds", "quiz.question.untimed",
        "quiz.hint.single", "quiz.hint.multiple", "quiz.hint.ranged",
        "quiz.tally.header", "quiz.tally.answered",
        "quiz.result.header", "quiz.result.player.type", "quiz.result.player.none",
        "quiz.result.definition", "quiz.result.player.graded",
        "quiz.result.team.type", "quiz.result.team.type.solo", "quiz.result.team.none", "quiz.result.team.graded",
        "quiz.leaderboard.players", "quiz.leaderboard.teams", "quiz.leaderboard.row",
        "quiz.style.personality", "quiz.style.graded",
        "quiz.scoring.speed", "quiz.scoring.accuracy",
    ]

    /// Deck problems reported by `QuizDeckLoader` (AulaContent), and its summaries.
    public static let contentKeys: [String] = [
        "content.quiz.folder_missing", "content.quiz.unreadable", "content.quiz.json",
        "content.quiz.missing", "content.quiz.wrong_type.text",
        "content.quiz.wrong_type.integer", "content.quiz.wrong_type.bool", "content.quiz.wrong_type.list",
        "content.quiz.wrong_type.object", "content.quiz.empty",
        "content.quiz.id_invalid", "content.quiz.id_filename", "content.quiz.id_duplicate",
        "content.quiz.lang", "content.quiz.seconds", "content.quiz.no_questions",
        "content.quiz.kind_unknown", "content.quiz.answers_count",
        "content.quiz.answer_both", "content.quiz.answer_neither",
        "content.quiz.mixed", "content.quiz.correct_in_personality", "content.quiz.type_in_graded",
        "content.quiz.type_unknown", "content.quiz.type_duplicate", "content.quiz.type_key_invalid",
        "content.quiz.no_types", "content.quiz.types_in_graded",
        "content.quiz.no_correct", "content.quiz.ranged_graded",
        "content.quiz.summary.personality", "content.quiz.summary.graded", "content.quiz.unbalanced",
        "content.quiz.type_unreachable",
    ]

    public static let allKeys: [String] = refusalKeys + eventKeys + screenKeys + contentKeys
}
