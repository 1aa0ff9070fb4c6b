import AulaServer
import AulaGames

/// One line of the program as `step` lists it under the step.
struct LevelListingLine: Sendable, Equatable {
    let number: Int
    let text: String
}

/// What a step says (the action's outcome and any enemy strike, in one
/// sentence pair) and, for `step`, the listing around the current line.
extension LevelStepEvent {
    func said(_ t: TextContext) -> String? {
        let parts = [outcome.message, outcome.strike].compactMap { $0 }.map { t.say($0) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// What the step line says after its own "Line 2: hit()": in reader mode
    /// the same words without "(line 2)" a second time (session 10's play
    /// test). JSON's `message` and the drawn trace keep the line (`said`).
    func saidHere(_ t: TextContext) -> String? {
        guard t.reader else { return said(t) }
        let parts = [outcome.message, outcome.strike].compactMap { $0 }.map { t.say(LevelStepEvent.here($0)) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The step messages that name their line, said without it (`level.step_here.*`).
    static let hereKeys = Set(LevelRoomPhrases.stepHereKeys)

    static func here(_ phrase: Phrase) -> Phrase {
        let prefix = "level.step."
        guard phrase.key.hasPrefix(prefix) else { return phrase }
        let key = "level.step_here." + phrase.key.dropFirst(prefix.count)
        return hereKeys.contains(key) ? Phrase(key, arguments: phrase.args) : phrase
    }

    /// `  2 | walk();` / `> 3 | turnLeft();` — the current line marked. Reader
    /// mode says the lines around it as `list` does ("Line 1: walk();"),
    /// without the current one: the step line has just said it.
    func listingText(_ t: TextContext) -> [String] {
        guard !listing.isEmpty else { return [] }
        if t.reader {
            // Each said with where it is: two bare "Line 1: …" after the step's own
            // line sounded like steps too (session 12).
            return listing.filter { $0.number != outcome.line }.map { entry in
                let text = entry.text.isEmpty ? t.say("level.code.blank") : entry.text
                return t.say(entry.number < outcome.line ? "level.step.listing.before" : "level.step.listing.after",
                             String(entry.number), text)
            }
        }
        let width = String(listing.map(\.number).max() ?? 0).count
        return listing.map { entry in
            let number = String(repeating: " ", count: max(0, width - String(entry.number).count)) + String(entry.number)
            let current = entry.number == outcome.line
            let mark = current ? "> " : "  "
            let line = mark + number + " | " + entry.text
            return current ? t.paint(.code, line) : t.paint(.dim, line)
        }
    }

    /// The line before, the line itself and the line after (three lines, SPEC
    /// §12 "stepping as in the seed"); fewer at the program's edges.
    static func listing(around line: Int, in lines: [String]) -> [LevelListingLine] {
        guard line >= 1, line <= lines.count else { return [] }
        return (max(1, line - 1)...min(lines.count, line + 1)).map { LevelListingLine(number: $0, text: lines[$0 - 1]) }
    }
}

/// The goals a run did not meet, as `level.result` shows them.
extension LevelResultEvent {
    func missingJSON(_ t: TextContext) -> JSON {
        .array(missing.map { .object([("goal", .string($0.goal.rawValue)), ("left", .int($0.left)),
                                      ("message", .string(t.say($0.phrase)))]) })
    }

    /// "Still to do: 1 iron block left; the goal was not reached."
    func missingText(_ t: TextContext) -> [String] {
        guard !missing.isEmpty else { return [] }
        return [t.say("level.result.missing", missing.map { t.say($0.phrase) }.joined(separator: "; "))]
    }
}

/// Where a `run` trace was cut: text clients see the first
/// `LevelRoomGame.textTraceLimit` steps and the last one, JSON clients up to
/// `LevelRoomGame.traceLimit` and the last. `info {text, skipped}` in JSON
/// (`skipped`: steps not sent to JSON clients). Text says how to see the rest
/// (`trace`, `step`) and, when the run hit the step limit or the judge's
/// budget, asks whether a loop never ends.
struct LevelTraceCapEvent: Event {
    let room: String
    let textSkipped: Int
    let jsonSkipped: Int
    let endless: Bool
    var name: String { "info" }

    func fields(_ t: TextContext) -> [(String, JSON)] {
        let text = jsonSkipped > 0 ? t.say(jsonSkipped == 1 ? "level.trace.skipped_one" : "level.trace.skipped", String(jsonSkipped)) : t.say("level.trace.see_all")
        return [("text", .string(text)), ("skipped", .int(jsonSkipped))]
    }

    func text(_ t: TextContext) -> [String] {
        guard textSkipped > 0 else { return [] }
        var lines = [t.paint(.dim, t.say(textSkipped == 1 ? "level.trace.capped_one" : "level.trace.capped", String(textSkipped)))]
        if endless { lines.append(t.paint(.warn, t.say("level.trace.endless"))) }
        return lines
    }
}

/// `trace`: the whole stored trace of the last `run`, to the one who asked.
extension LevelRoomGame {
    func showTrace(to player: Player) {
        guard let report = lastRun else {
            player.send(InfoEvent("level.trace.none"))
            return
        }
        for outcome in report.shown { player.send(LevelStepEvent(room: roomID, outcome: outcome)) }
        if let last = report.last {
            if report.skipped > 1 { player.send(LevelTraceGapEvent(room: roomID, skipped: report.skipped - 1)) }
            player.send(LevelStepEvent(room: roomID, outcome: last))
        }
    }

    /// `run`'s trace, capped for text clients (see `LevelTraceCapEvent`).
    func broadcastTrace(_ report: RunReport, in room: Room) {
        let textLimit = LevelRoomGame.textTraceLimit
        let finalShown = report.last == nil ? report.shown.count - 1 : -1
        for (i, outcome) in report.shown.enumerated() {
            var event = LevelStepEvent(room: room.id, outcome: outcome)
            event.textHidden = i >= textLimit && i != finalShown
            room.broadcast(event)
        }
        let total = report.shown.count + report.skipped
        let textSkipped = max(0, total - min(report.shown.count, textLimit) - 1)
        let jsonSkipped = max(0, report.skipped - 1)
        if textSkipped > 0 || jsonSkipped > 0 {
            let reason = report.run.end?.reason
            room.broadcast(LevelTraceCapEvent(room: room.id, textSkipped: textSkipped, jsonSkipped: jsonSkipped,
                                              endless: reason == .tooManySteps || reason == .tooSlow))
        }
        if let last = report.last { room.broadcast(LevelStepEvent(room: room.id, outcome: last)) }
    }
}
