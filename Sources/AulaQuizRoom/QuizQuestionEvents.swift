import AulaServer
import AulaGames

/// `quiz.question {room, index, total, kind, text, answers:[strings], seconds}` —
/// a question for one connection. `index` is 1-based; `seconds` is this
/// reader's own time (their accommodation applied), `null` when untimed.
/// Ranged questions add `scale:{min,max}` and `bands:[{from,to}]` (one per
/// answer) and are shown as that scale, never numbered `1)`… (SPEC §12).
public struct QuizQuestionEvent: Event {
    public let room: String
    public let question: QuizQuestionView
    /// The seconds this reader has (nil: no time limit).
    public let seconds: Int?
    /// True when the question is shown again (a reconnect, `question`): the
    /// text then says "N seconds left" rather than "You have N seconds".
    public let resent: Bool
    /// The teacher has paused the room: its clock is not running.
    var paused = false
    /// The reader's answer so far, when shown again after they answered
    /// (session 11): `your_answer` in JSON, "Your answer: 2) Paris" in text.
    public var yourAnswer: QuizShownAnswer?

    public init(room: String, question: QuizQuestionView, seconds: Int?, resent: Bool = false) {
        self.room = room
        self.question = question
        self.seconds = seconds
        self.resent = resent
    }

    /// True for someone who watches (a late joiner, a console, the board): the
    /// text leaves out the line telling them how to answer (session 11).
    public var watching = false

    public var name: String { "quiz.question" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("index", .int(question.number)), ("total", .int(question.total)),
         ("kind", .string(question.kind.rawValue)), ("text", .string(question.text)),
         ("answers", .array(question.answers.map { .string($0) })),
         ("seconds", seconds.map { .int($0) } ?? .null)]
            + (question.kind == .ranged ? rangedFields : [])
            + (yourAnswer.map { [("your_answer", QuizQuestionEvent.answerField($0))] } ?? [])
    }

    private var rangedFields: [(String, JSON)] {
        let scale = QuizAnswerParser.scaleRange
        return [("scale", .object([("min", .int(scale.lowerBound)), ("max", .int(scale.upperBound))])),
                ("bands", .array(question.bands.map { .object([("from", .int($0.from)), ("to", .int($0.to))]) }))]
    }

    /// "1–2" or "10" (a band of one number).
    static func range(_ band: QuizBand) -> String {
        band.from == band.to ? String(band.from) : "\(band.from)–\(band.to)"
    }

    public func text(_ t: TextContext) -> [String] {
        var lines: [String] = []
        if t.reader {
            lines.append(t.say("quiz.question.header.reader", String(question.number), String(question.total), room))
        } else {
            lines.append(t.paint(.title, t.say("quiz.question.header", String(question.number), String(question.total))))
        }
        lines.append(question.text)
        if question.kind == .ranged && question.bands.count == question.answers.count {
            // The scale as it is: each answer with the numbers that pick it.
            let width = question.bands.map { QuizQuestionEvent.range($0).count }.max() ?? 1
            for (band, answer) in zip(question.bands, question.answers) {
                let range = QuizQuestionEvent.range(band)
                if t.reader {
                    let key = band.from == band.to ? "quiz.question.band.reader.one" : "quiz.question.band.reader"
                    lines.append(t.say(key, String(band.from), String(band.to), answer.endingSentence))
                } else {
                    let padded = range + String(repeating: " ", count: max(0, width - range.count))
                    lines.append("  " + t.paint(.code, padded) + "  " + answer)
                }
            }
        } else {
            for (i, answer) in question.answers.enumerated() {
                let number = String(i + 1)
                lines.append(t.reader ? t.say("quiz.question.answer.reader", number, answer.endingSentence)
                                      : "  " + t.say("quiz.question.answer", t.paint(.code, number), answer))
            }
        }
        let count = String(question.answers.count)
        switch question.kind {
        case _ where watching: break
        case .single: lines.append(t.say("quiz.hint.single", count))
        case .multiple: lines.append(t.say("quiz.hint.multiple", count))
        case .ranged:
            let scale = QuizAnswerParser.scaleRange
            // The decimal example lies inside one range (5.5 fell between 3–5 and 6–8).
            if let wide = question.bands.first(where: { $0.to > $0.from }) {
                let example = "\(wide.from)\(t.language == .es ? "," : ".")5"
                lines.append(t.say("quiz.hint.scale", String(scale.lowerBound), String(scale.upperBound), example))
            } else {
                lines.append(t.say("quiz.hint.scale.whole", String(scale.lowerBound), String(scale.upperBound)))
            }
        }
        if let seconds {
            // Shown again while the teacher has paused: said so (session 12: "23 seconds left" with no clock running).
            let key = resent ? (paused ? "quiz.question.seconds_left.paused" : "quiz.question.seconds_left") : "quiz.question.seconds"
            let line = t.say(key, String(seconds))
            lines.append(t.paint(.warn, line))
        } else {
            lines.append(t.say("quiz.question.untimed"))
        }
        if let yourAnswer, let line = yourAnswerLine(yourAnswer, t) { lines.append(t.paint(.good, line)) }
        return lines
    }
}

/// `quiz.tally {room, index, counts:[...]}` — how the room answered the
/// question just closed (`index` 1-based). Graded decks add `correct`, the
/// 1-based numbers of the right answers; scale (ranged) questions add
/// `bands:[{from,to}]`, the scale numbers each count stands for. Text: why it
/// closed, the bar chart (in words in reader mode), how many answered.
public struct QuizTallyEvent: Event {
    public let room: String
    public let tally: QuizTally
    public let answers: [String]
    public let reason: QuizCloseReason
    /// 0-based indices of the correct answers (graded decks; empty otherwise).
    public let correct: [Int]
    /// Scale questions: the range of the scale that picked each answer. The
    /// rows are named by them, never numbered (a play test: a 4 on the scale
    /// read as answer 4).
    public var bands: [QuizBand] = []

    public init(room: String, tally: QuizTally, answers: [String], reason: QuizCloseReason, correct: [Int]) {
        self.room = room
        self.tally = tally
        self.answers = answers
        self.reason = reason
        self.correct = correct
    }

    public var name: String { "quiz.tally" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        var f: [(String, JSON)] = [("room", .string(room)), ("index", .int(tally.number)),
                                   ("counts", .array(tally.counts.map { .int($0) }))]
        if !correct.isEmpty { f.append(("correct", .array(correct.map { .int($0 + 1) }))) }
        if !bands.isEmpty {
            f.append(("bands", .array(bands.map { .object([("from", .int($0.from)), ("to", .int($0.to))]) })))
        }
        return f
    }

    public func text(_ t: TextContext) -> [String] {
        var lines = [t.paint(.warn, t.say("quiz.closed.\(reason.rawValue)")),
                     t.paint(.title, t.say("quiz.tally.header", String(tally.number)))]
        let scaled = !bands.isEmpty && bands.count == tally.counts.count
        if t.reader {
            for (i, count) in tally.counts.enumerated() {
                let answer = i < answers.count ? answers[i] : ""
                let one = count == 1 ? ".one" : ""
                if scaled {
                    let band = bands[i]
                    let key = (band.from == band.to ? "quiz.tally.reader_point" : "quiz.tally.reader_band") + one
                    lines.append(t.say(key, String(band.from), String(band.to), answer, String(count)))
                } else {
                    lines.append(t.say("quiz.tally.reader_row" + one, String(i + 1), answer, String(count)))
                }
            }
        } else {
            let rows = QuizBarChart.rows(labels: answers, counts: tally.counts, width: t.width,
                                         numbers: scaled ? bands.map(QuizQuestionEvent.range) : nil)
            for (i, row) in rows.enumerated() {
                let label = correct.contains(i) ? t.paint(.good, row.label) : row.label
                let bar = row.bar.isEmpty ? "" : t.paint(.name, row.bar) + " "
                lines.append("  \(row.number) \(label) \(bar)\(row.count)")
                lines += row.continuation.map { correct.contains(i) ? t.paint(.good, $0) : $0 }
            }
        }
        if !correct.isEmpty {
            let list = correct.map { String($0 + 1) }.joined(separator: ", ")
            lines.append(t.paint(.good, t.say(correct.count == 1 ? "quiz.tally.correct" : "quiz.tally.correct_many", list)))
        }
        lines.append(t.say("quiz.tally.answered", String(tally.answered), String(tally.players)))
        return lines
    }
}

/// `timer {room, seconds_left}` — the countdown reminder (at 10 s left on the
/// reader's own clock).
public struct QuizTimerEvent: Event {
    public let room: String
    public let secondsLeft: Int
    public var name: String { "timer" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("seconds_left", .int(secondsLeft))]
    }
    public func text(_ t: TextContext) -> [String] {
        [t.paint(.warn, t.say("quiz.timer.left", String(secondsLeft)))]
    }
}

/// `quiz.teams {room, teams:[{team, members:[...]}]}` — who is in which team
/// (after `teams auto N`, at the start, or asked for with `teams`).
public struct QuizTeamsEvent: Event {
    public let room: String
    public let teams: [QuizTeam]
    public var name: String { "quiz.teams" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)),
         ("teams", .array(teams.map { .object([("team", .string($0.name)),
                                                ("members", .array($0.members.map { .string($0) }))]) }))]
    }
    public func text(_ t: TextContext) -> [String] {
        guard !teams.isEmpty else { return [t.say("quiz.teams.none")] }
        var lines = [t.paint(.title, t.say("quiz.teams.title"))]
        for team in teams {
            let members = team.members.map { t.paint(.name, $0) }.joined(separator: ", ")
            lines.append((t.reader ? "" : "  ") + t.say("quiz.teams.row", team.name, members))
        }
        return lines
    }
}
