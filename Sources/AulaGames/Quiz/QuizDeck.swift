/// A quiz deck as stored in `Decks/quizzes/*.json` (SPEC §5): either a
/// personality deck (answers point at result types) or a graded deck (answers
/// are correct or not). Load and validate files with `QuizDeckLoader`.
public struct QuizDeck: Codable, Equatable, Sendable {
    /// Seconds per question when neither the deck nor the question says.
    public static let defaultSeconds = 30

    public var id: String
    public var title: String
    public var lang: String
    public var description: String
    /// Ask the questions in a random order (from the room's `SeededRandom`).
    public var shuffle: Bool
    /// Default seconds per question.
    public var seconds: Int
    /// The result types of a personality deck, in tie-break order. Empty for graded decks.
    public var types: [QuizResultType]
    public var questions: [QuizQuestion]
    /// `shuffle_answers` as the file says it (nil: not said). See `shufflesAnswers`.
    public var shuffleAnswers: Bool?

    /// `shuffleAnswers` defaults to false here (decks built in code keep their
    /// order); a deck file without `shuffle_answers` reads as nil, which
    /// `shufflesAnswers` turns into the SPEC §12 default (graded decks shuffle).
    public init(id: String, title: String, lang: String, description: String,
                shuffle: Bool = false, seconds: Int = QuizDeck.defaultSeconds,
                types: [QuizResultType] = [], questions: [QuizQuestion], shuffleAnswers: Bool? = false) {
        self.shuffleAnswers = shuffleAnswers
        self.id = id
        self.title = title
        self.lang = lang
        self.description = description
        self.shuffle = shuffle
        self.seconds = seconds
        self.types = types
        self.questions = questions
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, lang, description, shuffle, seconds, types, questions
        case shuffleAnswers = "shuffle_answers"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        lang = try c.decode(String.self, forKey: .lang)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        shuffle = try c.decodeIfPresent(Bool.self, forKey: .shuffle) ?? false
        seconds = try c.decodeIfPresent(Int.self, forKey: .seconds) ?? QuizDeck.defaultSeconds
        types = try c.decodeIfPresent([QuizResultType].self, forKey: .types) ?? []
        questions = try c.decode([QuizQuestion].self, forKey: .questions)
        shuffleAnswers = try c.decodeIfPresent(Bool.self, forKey: .shuffleAnswers)
    }

    /// Whether single and multiple questions show their answers in a random
    /// order (one order per question for the whole room): the deck's
    /// `shuffle_answers`, else true for graded decks and false for personality
    /// decks (SPEC §12). Ranged questions keep their order: they are a scale.
    public var shufflesAnswers: Bool {
        shuffleAnswers ?? (style == .graded)
    }

    /// Personality when any answer names a type, graded otherwise. A validated
    /// deck never mixes the two.
    public var style: QuizStyle {
        questions.contains { $0.answers.contains { $0.type != nil } } ? .personality : .graded
    }

    /// The seconds allowed for a question (its own, else the deck's).
    public func seconds(for question: QuizQuestion) -> Int {
        question.seconds ?? seconds
    }

    /// The result type with this key, if the deck has it.
    public func type(_ key: String) -> QuizResultType? {
        types.first { $0.key == key }
    }
}

/// Whether a deck tells you who you are (personality) or what you know (graded).
public enum QuizStyle: String, Codable, Sendable, CaseIterable {
    case personality, graded
}

/// One result of a personality deck, e.g. `japan` / "Japan" / "You love...".
public struct QuizResultType: Codable, Equatable, Hashable, Sendable {
    public var key: String
    public var title: String
    public var definition: String

    public init(key: String, title: String, definition: String) {
        self.key = key
        self.title = title
        self.definition = definition
    }
}

/// How a question is answered: one number, several numbers, or a 1–10 scale.
public enum QuestionKind: String, Codable, Sendable, CaseIterable {
    case single, multiple, ranged
}

/// One question of a deck.
public struct QuizQuestion: Codable, Equatable, Sendable {
    public var kind: QuestionKind
    public var text: String
    /// Overrides the deck's seconds for this question.
    public var seconds: Int?
    public var answers: [QuizAnswer]

    public init(kind: QuestionKind, text: String, seconds: Int? = nil, answers: [QuizAnswer]) {
        self.kind = kind
        self.text = text
        self.seconds = seconds
        self.answers = answers
    }
}

/// One answer of a question: names a result type (personality) or says
/// whether it is correct (graded).
public struct QuizAnswer: Codable, Equatable, Sendable {
    public var text: String
    public var type: String?
    public var correct: Bool?

    public init(text: String, type: String? = nil, correct: Bool? = nil) {
        self.text = text
        self.type = type
        self.correct = correct
    }

    /// A personality answer.
    public static func typed(_ text: String, _ type: String) -> QuizAnswer {
        QuizAnswer(text: text, type: type)
    }

    /// A graded answer.
    public static func graded(_ text: String, correct: Bool) -> QuizAnswer {
        QuizAnswer(text: text, correct: correct)
    }
}
