import Foundation
import AulaGames

/// Reads and validates the quiz decks in `<content>/Decks/quizzes/*.json`.
/// A file with any problem is left out (and its problems listed); the good
/// decks are returned sorted by file name. Deck ids are unique across files.
public enum QuizDeckLoader {
    /// The decks' folder, relative to the content folder.
    public static let folder = "Decks/quizzes"

    /// `previous`: the decks in use before a console `reload`, by id; a deck
    /// file that now fails keeps its previous version (said in a warning).
    public static func load(contentDirectory: URL, previous: [String: QuizDeck] = [:]) -> ([QuizDeck], [ContentProblem]) {
        let dir = contentDirectory.appendingPathComponent("Decks").appendingPathComponent("quizzes")
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
                .sorted()
        } catch {
            return ([], [ContentProblem(file: folder, field: "quizzes",
                                        reason: Phrase("content.quiz.folder_missing", [folder]))])
        }
        var decks: [QuizDeck] = [], problems: [ContentProblem] = []
        var idFiles: [String: String] = [:]
        for name in names {
            let file = "\(folder)/\(name)"
            guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) else {
                problems.append(ContentProblem(file: file, field: "file", reason: Phrase("content.quiz.unreadable")))
                continue
            }
            switch decode(data, file: file, fileStem: String(name.dropLast(".json".count))) {
            case .failure(let found):
                problems += found.problems
                if let old = previous[String(name.dropLast(".json".count))], idFiles[old.id] == nil {
                    idFiles[old.id] = file
                    decks.append(old)
                    problems.append(ContentProblem(file: file, field: "", reason: Phrase("content.reload.kept_previous"), isWarning: true))
                }
            case .success(let deck):
                if let other = idFiles[deck.id] {
                    problems.append(ContentProblem(file: file, field: "id",
                                                   reason: Phrase("content.quiz.id_duplicate", [deck.id, other])))
                } else {
                    idFiles[deck.id] = file
                    decks.append(deck)
                    problems += unreachableTypes(deck, file: file)
                }
            }
        }
        return (decks, problems)
    }

    /// Validates and decodes one deck file's bytes. `file` names it in
    /// problems; `fileStem` is the file name without `.json`, which must equal the id.
    public static func decode(_ data: Data, file: String, fileStem: String) -> Result<QuizDeck, QuizDeckProblems> {
        let json: QuizJSON
        do {
            json = try JSONDecoder().decode(QuizJSON.self, from: data)
        } catch {
            return .failure(QuizDeckProblems([ContentProblem(file: file, field: "json",
                                                        reason: Phrase("content.quiz.json", [detail(error)]))]))
        }
        var validator = QuizDeckValidator(file: file, fileStem: fileStem)
        _ = validator.validate(json)
        if !validator.problems.isEmpty { return .failure(QuizDeckProblems(validator.problems)) }
        do {
            return .success(try JSONDecoder().decode(QuizDeck.self, from: data))
        } catch {
            return .failure(QuizDeckProblems([ContentProblem(file: file, field: "json",
                                                        reason: Phrase("content.quiz.json", [detail(error)]))]))
        }
    }

    /// What `aula check-content` says about a good deck: personality or graded,
    /// how many questions (and result types).
    public static func summary(_ deck: QuizDeck) -> Phrase {
        switch deck.style {
        case .personality:
            return Phrase("content.quiz.summary.personality",
                          [deck.id, String(deck.questions.count), String(deck.types.count)])
        case .graded:
            return Phrase("content.quiz.summary.graded", [deck.id, String(deck.questions.count)])
        }
    }

    /// How often a player answering at random picks each type, question by
    /// question summed: a single or multiple question gives each answer an
    /// equal share, a ranged question gives each answer its band of the 1–10
    /// scale. Keys are the deck's type keys (0 when unreachable).
    public static func typeShares(_ deck: QuizDeck) -> [String: Double] {
        var shares = Dictionary(uniqueKeysWithValues: deck.types.map { ($0.key, 0.0) })
        for q in deck.questions where !q.answers.isEmpty {
            let weights: [Double]
            if q.kind == .ranged {
                let bands = QuizAnswerParser.bands(answerCount: q.answers.count)
                weights = bands.map { Double($0.to - $0.from + 1) / 10 }
            } else {
                weights = q.answers.map { _ in 1 / Double(q.answers.count) }
            }
            for (a, w) in zip(q.answers, weights) { if let t = a.type { shares[t, default: 0] += w } }
        }
        return shares
    }

    /// `aula check-content`'s balance warning for a personality deck (issue
    /// 15): nil when every type is reachable by at least half as many answers
    /// as the most reachable one. A warning, not a problem: the deck loads.
    public static func balanceWarning(_ deck: QuizDeck) -> Phrase? {
        guard deck.style == .personality, deck.types.count > 1 else { return nil }
        let shares = typeShares(deck)
        guard let most = deck.types.max(by: { (shares[$0.key] ?? 0) < (shares[$1.key] ?? 0) }),
              let least = deck.types.min(by: { (shares[$0.key] ?? 0) < (shares[$1.key] ?? 0) }) else { return nil }
        let high = shares[most.key] ?? 0, low = shares[least.key] ?? 0
        guard high > 2 * low else { return nil }
        func oneDecimal(_ x: Double) -> String { String(Double(Int((x * 10).rounded())) / 10) }
        return Phrase("content.quiz.unbalanced", [deck.id, least.key, oneDecimal(low), most.key, oneDecimal(high)])
    }

    /// Warnings for the result types of a personality deck that no answer
    /// names (session 10): no student can get them. The deck still loads.
    public static func unreachableTypes(_ deck: QuizDeck, file: String) -> [ContentProblem] {
        guard deck.style == .personality else { return [] }
        let named = Set(deck.questions.flatMap { $0.answers.compactMap(\.type) })
        return deck.types.enumerated().compactMap { i, type in
            named.contains(type.key) ? nil
                : ContentProblem(file: file, field: "types[\(i)]", reason: Phrase("content.quiz.type_unreachable", [type.key]),
                                 isWarning: true)
        }
    }

    private static func detail(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            if let underlying = context.underlyingError { return "\(underlying)" }
            return context.debugDescription
        }
        return "\(error)"
    }
}

/// The problems of one file, as an `Error` so they fit a `Result`.
public struct QuizDeckProblems: Error, Equatable, Sendable {
    public let problems: [ContentProblem]
    public init(_ problems: [ContentProblem]) { self.problems = problems }
}
