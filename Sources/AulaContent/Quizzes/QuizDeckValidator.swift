import AulaGames

/// Checks one quiz deck file's JSON against SPEC §5 and reports every problem
/// with its field (JSON-path, 0-based: `questions[3].answers[1].type`).
///
/// Rules beyond the spec's words:
/// - `id` is lowercase letters, digits, `-` and `_`, and equals the file name
///   without `.json` (so `create quiz country-en` finds `country-en.json`).
/// - `description` is required and not empty; `shuffle` and `seconds` are optional.
/// - A deck is personality or graded by its answers; when it mixes both, the
///   larger side wins (personality on a tie) and every answer of the other
///   side is reported, as well as the deck as a whole.
/// - Ranged questions are for personality decks only: a 1–10 scale has no
///   single right answer.
/// - A graded single question needs at least one correct answer (any correct
///   one scores); a graded multiple question is right only when exactly its
///   correct answers are chosen.
/// - A graded deck has no `types` (an empty list is fine).
struct QuizDeckValidator {
    static let secondsRange = 5...120
    static let answersRange = 2...6
    static let languages: Set<String> = ["en", "es"]

    let file: String
    let fileStem: String
    private(set) var problems: [ContentProblem] = []

    init(file: String, fileStem: String) {
        self.file = file
        self.fileStem = fileStem
    }

    mutating func problem(_ field: String, _ key: String, _ args: [String] = []) {
        problems.append(ContentProblem(file: file, field: field, reason: Phrase("content.quiz.\(key)", args)))
    }

    /// Validates the whole deck; returns its style when it can tell.
    mutating func validate(_ root: QuizJSON) -> QuizStyle? {
        guard case .object = root else { problem("deck", "wrong_type.object"); return nil }
        if let id = text(root, "id", "id") {
            let allowed = id.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
            if !allowed || id.count > 40 { problem("id", "id_invalid", [id]) }
            else if id != fileStem { problem("id", "id_filename", [id, fileStem + ".json"]) }
        }
        _ = text(root, "title", "title")
        _ = text(root, "description", "description")
        if let lang = text(root, "lang", "lang"), !QuizDeckValidator.languages.contains(lang) {
            problem("lang", "lang", [lang])
        }
        if let shuffle = root["shuffle"], shuffle != .null {
            if case .bool = shuffle {} else { problem("shuffle", "wrong_type.bool") }
        }
        if let shuffleAnswers = root["shuffle_answers"], shuffleAnswers != .null {
            if case .bool = shuffleAnswers {} else { problem("shuffle_answers", "wrong_type.bool") }
        }
        seconds(root["seconds"], "seconds")

        let typeKeys = validateTypes(root["types"])
        guard let questionsValue = root["questions"] else { problem("questions", "missing"); return nil }
        guard case .array(let questions) = questionsValue else { problem("questions", "wrong_type.list"); return nil }
        if questions.isEmpty { problem("questions", "no_questions"); return nil }

        // First pass: which answers name a type, which say correct.
        var typed: [(Int, Int)] = [], graded: [(Int, Int)] = []
        for (i, q) in questions.enumerated() {
            guard case .array(let answers)? = q["answers"] else { continue }
            for (j, a) in answers.enumerated() {
                let hasType = a["type"] != nil && a["type"] != .null
                let hasCorrect = a["correct"] != nil && a["correct"] != .null
                if hasType && hasCorrect { problem("questions[\(i)].answers[\(j)]", "answer_both") }
                else if hasType { typed.append((i, j)) }
                else if hasCorrect { graded.append((i, j)) }
            }
        }
        let style: QuizStyle? = typed.isEmpty && graded.isEmpty ? nil
            : (typed.count >= graded.count ? .personality : .graded)
        if !typed.isEmpty && !graded.isEmpty {
            problem("questions", "mixed", [String(typed.count), String(graded.count)])
            if style == .personality {
                for (i, j) in graded { problem("questions[\(i)].answers[\(j)].correct", "correct_in_personality") }
            } else {
                for (i, j) in typed { problem("questions[\(i)].answers[\(j)].type", "type_in_graded") }
            }
        }
        switch style {
        case .personality?:
            if typeKeys.isEmpty && !(problems.contains { $0.field.hasPrefix("types") }) { problem("types", "no_types") }
        case .graded?:
            if !typeKeys.isEmpty { problem("types", "types_in_graded") }
        case nil:
            break
        }
        for (i, q) in questions.enumerated() {
            validateQuestion(q, at: "questions[\(i)]", style: style, typeKeys: typeKeys)
        }
        return style
    }

    /// The types list: each `key`, `title`, `definition` non-empty, keys unique.
    private mutating func validateTypes(_ value: QuizJSON?) -> [String] {
        guard let value, value != .null else { return [] }
        guard case .array(let types) = value else { problem("types", "wrong_type.list"); return [] }
        var keys: [String] = []
        for (i, t) in types.enumerated() {
            let at = "types[\(i)]"
            guard case .object = t else { problem(at, "wrong_type.object"); continue }
            if let key = text(t, "key", at + ".key") {
                if key.contains(where: { $0.isWhitespace }) { problem(at + ".key", "type_key_invalid", [key]) }
                else if keys.contains(key) { problem(at + ".key", "type_duplicate", [key]) }
                else { keys.append(key) }
            }
            _ = text(t, "title", at + ".title")
            _ = text(t, "definition", at + ".definition")
        }
        return keys
    }

    private mutating func validateQuestion(_ q: QuizJSON, at: String, style: QuizStyle?, typeKeys: [String]) {
        guard case .object = q else { problem(at, "wrong_type.object"); return }
        var kind: QuestionKind? = nil
        if let k = text(q, "kind", at + ".kind") {
            kind = QuestionKind(rawValue: k)
            if kind == nil { problem(at + ".kind", "kind_unknown", [k]) }
            else if kind == .ranged && style == .graded { problem(at + ".kind", "ranged_graded") }
        }
        _ = text(q, "text", at + ".text")
        seconds(q["seconds"], at + ".seconds")
        guard let answersValue = q["answers"] else { problem(at + ".answers", "missing"); return }
        guard case .array(let answers) = answersValue else { problem(at + ".answers", "wrong_type.list"); return }
        if !QuizDeckValidator.answersRange.contains(answers.count) {
            problem(at + ".answers", "answers_count", [String(answers.count)])
        }
        var correctCount = 0
        for (j, a) in answers.enumerated() {
            let path = "\(at).answers[\(j)]"
            guard case .object = a else { problem(path, "wrong_type.object"); continue }
            _ = text(a, "text", path + ".text")
            let type = a["type"].flatMap { $0 == .null ? nil : $0 }
            let correct = a["correct"].flatMap { $0 == .null ? nil : $0 }
            if type == nil && correct == nil { problem(path, "answer_neither") }
            if let type {
                if case .string(let key) = type {
                    if style == .personality && !typeKeys.contains(key) && !key.isEmpty {
                        problem(path + ".type", "type_unknown", [key])
                    } else if key.isEmpty { problem(path + ".type", "empty") }
                } else { problem(path + ".type", "wrong_type.text") }
            }
            if let correct {
                if case .bool(let b) = correct { if b { correctCount += 1 } }
                else { problem(path + ".correct", "wrong_type.bool") }
            }
        }
        if style == .graded && kind != nil && kind != .ranged && !answers.isEmpty && correctCount == 0 {
            problem(at + ".answers", "no_correct")
        }
    }

    /// A required, non-empty text field.
    private mutating func text(_ object: QuizJSON, _ key: String, _ field: String) -> String? {
        guard let value = object[key], value != .null else { problem(field, "missing"); return nil }
        guard case .string(let s) = value else { problem(field, "wrong_type.text"); return nil }
        if s.allSatisfy({ $0.isWhitespace }) { problem(field, "empty"); return nil }
        return s
    }

    /// An optional whole number of seconds, 5–120.
    private mutating func seconds(_ value: QuizJSON?, _ field: String) {
        guard let value, value != .null else { return }
        guard case .number(let n) = value else { problem(field, "wrong_type.integer"); return }
        guard n == n.rounded(), n.magnitude < 1e9 else { problem(field, "wrong_type.integer"); return }
        if !QuizDeckValidator.secondsRange.contains(Int(n)) { problem(field, "seconds", [String(Int(n))]) }
    }
}
