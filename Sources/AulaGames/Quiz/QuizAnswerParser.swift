/// What a player chose on one question: the answers (0-based, ascending) and,
/// for a ranged question, the scale value they typed.
public struct QuizChoice: Equatable, Sendable {
    /// Chosen answers, 0-based indices into the question's answers, ascending, no repeats.
    public let answers: [Int]
    /// The 1–10 value typed for a ranged question (nil otherwise).
    public let scale: Double?

    public init(answers: [Int], scale: Double? = nil) {
        self.answers = answers
        self.scale = scale
    }
}

/// Turns what a player typed into a `QuizChoice`, or a refusal that says what
/// was wrong and what to type instead.
///
/// - single: one whole number `1`…`count` (`2`).
/// - multiple: one or more whole numbers separated by spaces and/or commas
///   (`1 3 4`, `1,3,4`, `1, 3`), each once.
/// - ranged: one number on the scale 1–10; decimals are accepted with a point
///   or a comma and at most two digits after it (`5.5`, `7,25`). The value is
///   mapped to an answer by `round((v-1)/9 * (count-1))`, rounding halves away
///   from zero (`5.5` on four answers is 1.5 → the third answer). The mapping is
///   computed in exact integer arithmetic, so halves never drift.
public enum QuizAnswerParser {
    /// The ends of the ranged scale.
    public static let scaleRange: ClosedRange<Int> = 1...10

    public static func parse(_ text: String, kind: QuestionKind, answerCount: Int) -> Result<QuizChoice, Refusal> {
        let count = String(answerCount)
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
        switch kind {
        case .single:
            guard !tokens.isEmpty else { return .failure(formatRefusal(kind, answerCount)) }
            guard tokens.count == 1 else {
                return .failure(Refusal("answer_one_only", Phrase("error.answer_one_only", [count])))
            }
            return wholeNumber(tokens[0], answerCount).map { QuizChoice(answers: [$0]) }
        case .multiple:
            guard !tokens.isEmpty else { return .failure(formatRefusal(kind, answerCount)) }
            var chosen: [Int] = []
            for token in tokens {
                switch wholeNumber(token, answerCount, kind: .multiple) {
                case .failure(let refusal): return .failure(refusal)
                case .success(let index):
                    if chosen.contains(index) {
                        return .failure(Refusal("answer_duplicate", Phrase("error.answer_duplicate", [token])))
                    }
                    chosen.append(index)
                }
            }
            return .success(QuizChoice(answers: chosen.sorted()))
        case .ranged:
            // A decimal comma ("5,5") is one number, not two answers.
            let trimmed = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard !trimmed.isEmpty else { return .failure(formatRefusal(kind, answerCount)) }
            guard trimmed.count == 1 else {
                return .failure(Refusal("answer_one_only", Phrase("error.answer_one_only.ranged")))
            }
            guard let hundredths = scaleHundredths(trimmed[0]) else {
                // A number too long to be on the scale is off it, not "not a number".
                if isLongNumber(trimmed[0], wholeDigits: 3) {
                    return .failure(Refusal("answer_out_of_range", Phrase("error.answer_out_of_range.ranged", [String(trimmed[0].prefix(24))])))
                }
                return .failure(formatRefusal(kind, answerCount))
            }
            guard hundredths >= 100 * scaleRange.lowerBound, hundredths <= 100 * scaleRange.upperBound else {
                return .failure(Refusal("answer_out_of_range", Phrase("error.answer_out_of_range.ranged", [trimmed[0]])))
            }
            let index = rangedAnswer(hundredths: hundredths, answerCount: answerCount)
            return .success(QuizChoice(answers: [index], scale: Double(hundredths) / 100))
        }
    }

    /// The answer (0-based) a whole scale value 1–10 lands on.
    public static func rangedAnswer(value: Int, answerCount: Int) -> Int {
        rangedAnswer(hundredths: value * 100, answerCount: answerCount)
    }

    /// The whole numbers of the 1–10 scale that land on each answer of a ranged
    /// question, as `from…to` (SPEC §12: the prompt shows these ranges, never
    /// `1)`…, so a student cannot mistake an answer's position for its value).
    /// Every answer of a 2–6 answer question gets at least one number.
    public static func bands(answerCount: Int) -> [QuizBand] {
        guard answerCount > 0 else { return [] }
        var bands: [QuizBand] = []
        for v in scaleRange {
            let i = rangedAnswer(value: v, answerCount: answerCount)
            if i < bands.count { bands[i] = QuizBand(from: bands[i].from, to: v) }
            else if i == bands.count { bands.append(QuizBand(from: v, to: v)) }
        }
        return bands
    }

    /// `round((v-1)/9 * (count-1))`, halves away from zero, with v given in hundredths.
    static func rangedAnswer(hundredths: Int, answerCount: Int) -> Int {
        guard answerCount > 1 else { return 0 }
        let clamped = min(max(hundredths, 100), 1000)
        let numerator = (clamped - 100) * (answerCount - 1)   // ≥ 0
        let denominator = 900
        // For a non-negative n/d, floor(n/d + 1/2) rounds halves up, i.e. away from zero.
        return (2 * numerator + denominator) / (2 * denominator)
    }

    private static func formatRefusal(_ kind: QuestionKind, _ answerCount: Int) -> Refusal {
        switch kind {
        case .single: return Refusal("answer_format", Phrase("error.answer_format", [String(answerCount)]))
        case .multiple: return Refusal("answer_format", Phrase("error.answer_format.multiple", [String(answerCount)]))
        case .ranged: return Refusal("answer_format", Phrase("error.answer_format.ranged"))
        }
    }

    private static func wholeNumber(_ token: String, _ answerCount: Int, kind: QuestionKind = .single) -> Result<Int, Refusal> {
        // `99999999999999999999` is a number that is no answer (session 12: it was `answer_format`).
        if isLongNumber(token, wholeDigits: 9) {
            return .failure(Refusal("answer_out_of_range", Phrase("error.answer_out_of_range", [String(token.prefix(24)), String(answerCount)])))
        }
        guard !token.isEmpty, token.count <= 9, token.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(token) else {
            return .failure(formatRefusal(kind, answerCount))
        }
        guard n >= 1, n <= answerCount else {
            return .failure(Refusal("answer_out_of_range", Phrase("error.answer_out_of_range", [token, String(answerCount)])))
        }
        return .success(n - 1)
    }

    /// Digits only (a point or comma and digits after them allowed), with
    /// more than `wholeDigits` before the point: too big for any answer.
    static func isLongNumber(_ token: String, wholeDigits: Int) -> Bool {
        let parts = token.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        guard parts.count <= 2, let whole = parts.first, whole.count > wholeDigits else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// "7", "5.5", "7,25" → 700, 550, 725; nil when it is not such a number.
    private static func scaleHundredths(_ token: String) -> Int? {
        let parts = token.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.count <= 3,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }), let w = Int(whole) else { return nil }
        var fraction = 0
        if parts.count == 2 {
            let f = parts[1]
            guard !f.isEmpty, f.count <= 2, f.allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(f) else { return nil }
            fraction = f.count == 1 ? v * 10 : v
        }
        return w * 100 + fraction
    }
}

/// The numbers of the ranged scale that choose one answer (`from…to`, inclusive).
public struct QuizBand: Equatable, Sendable {
    public let from: Int
    public let to: Int
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}
