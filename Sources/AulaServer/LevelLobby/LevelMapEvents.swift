import AulaGames

/// `level.map {xp, solved, worlds:[{id, title, unlocked, xp_required, levels:[{id, title, status, xp_required}]}]}`
/// — `levels`: every world and level with its status (`solved`, `open`, `locked`).
public struct LevelMapEvent: Event {
    public let xp: Int
    public let solvedCount: Int
    public let worlds: [WorldMap]
    let library: LevelLibrary

    public var name: String { "level.map" }

    private func statusWord(_ s: LevelStatus) -> String {
        switch s {
        case .solved: return "solved"
        case .open: return "open"
        case .locked: return "locked"
        }
    }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        let lang = t.language.rawValue
        return [("xp", .int(xp)), ("solved", .int(solvedCount)),
                ("worlds", .array(worlds.map { w in
                    .object([("id", .string(w.world.id)), ("title", .string(w.world.title(lang))),
                             ("unlocked", .bool(w.unlocked)), ("xp_required", .int(w.world.xpRequired)),
                             ("levels", .array(w.levels.map { l in
                                 .object([("id", .string(l.id)),
                                          ("title", .string(library.level(id: l.id)?.title(lang) ?? l.id)),
                                          ("status", .string(statusWord(l.status))),
                                          ("xp_required", .int(library.xpRequired(for: l.id)))])
                             }))])
                }))]
    }

    public func text(_ t: TextContext) -> [String] {
        let lang = t.language.rawValue
        guard !worlds.isEmpty else { return [t.say("level.map.empty")] }
        var lines = [t.paint(.title, t.say(solvedCount == 1 ? "level.map.title.one" : "level.map.title", String(xp), String(solvedCount)))]
        for w in worlds {
            let head = w.unlocked ? t.say("level.map.world", w.world.title(lang), w.world.id)
                                  : t.say("level.map.world_locked", w.world.title(lang), w.world.id, String(w.world.xpRequired))
            lines.append(t.paint(w.unlocked ? .title : .dim, head))
            // Reader mode: a world's locked levels in one line (session 12: 24 lines
            // of "locked, needs 90 XP, 90 more" while the clock ran).
            let locked = w.levels.compactMap { l -> (id: String, need: Int)? in
                if case .locked(let need) = l.status { return (l.id, need) } else { return nil }
            }
            if t.reader, locked.count > 1, let first = locked.min(by: { $0.need < $1.need }), let last = locked.last {
                for l in w.levels {
                    if case .locked = l.status { continue }
                    let title = library.level(id: l.id)?.title(lang) ?? l.id
                    lines.append(t.say(l.status == .solved ? "level.map.reader_solved" : "level.map.reader_open", l.id, title))
                }
                lines.append(t.say("level.map.reader_locked_many", String(locked.count), locked[0].id, last.id,
                                   String(first.need), String(max(0, first.need - xp))))
                continue
            }
            for l in w.levels {
                let title = library.level(id: l.id)?.title(lang) ?? l.id
                switch l.status {
                case .solved:
                    lines.append(t.reader ? t.say("level.map.reader_solved", l.id, title)
                                          : "  " + t.paint(.good, "✓") + " " + l.id + "  " + title)
                case .open:
                    lines.append(t.reader ? t.say("level.map.reader_open", l.id, title)
                                          : "  " + t.paint(.name, "•") + " " + l.id + "  " + title + "  " + t.paint(.dim, t.say("level.map.open")))
                case .locked(let need):
                    let needed = String(max(0, need - xp))
                    lines.append(t.reader ? t.say("level.map.reader_locked", l.id, title, String(need), needed)
                                          : "  " + t.paint(.dim, "- " + l.id + "  " + title + "  " + t.say("level.map.locked", String(need), needed)))
                }
            }
        }
        lines.append(t.say("level.map.hint"))
        return lines
    }
}

/// `level.notes {notes:[{n, id, title}]}` — `notes`: the unlocked notes.
public struct LevelNotesEvent: Event {
    let notes: [NoteEntry]
    public var name: String { "level.notes" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("notes", .array(notes.enumerated().map {
            .object([("n", .int($0.offset + 1)), ("id", .string($0.element.id)), ("title", .string($0.element.title(t)))])
        }))]
    }

    public func text(_ t: TextContext) -> [String] {
        guard !notes.isEmpty else { return [t.say("level.notes.none")] }
        var lines = [t.paint(.title, t.say("level.notes.title", String(notes.count)))]
        for (i, note) in notes.enumerated() { lines.append("  " + String(i + 1) + ". " + note.title(t)) }
        lines.append(t.say("level.notes.hint"))
        return lines
    }
}

/// `level.note {id, title, text}` — `notes N`: one note in the reader's language
/// (Markdown as written in JSON; in text, LevelNoteText renders it).
public struct LevelNoteEvent: Event {
    let note: NoteEntry
    let library: LevelLibrary
    public var name: String { "level.note" }

    private func body(_ t: TextContext) -> String {
        library.note(id: note.id, language: t.language.rawValue) ?? ""
    }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("id", .string(note.id)), ("title", .string(note.title(t))), ("text", .string(body(t)))]
    }

    /// Markdown turned into words (reader) or styles (colour): LevelNoteText.
    public func text(_ t: TextContext) -> [String] {
        LevelNoteText.lines(body(t), t)
    }
}
