import AulaGames
import AulaServer
import AulaStore

/// The teacher sees the room (issue 13): `levels` (what `challenge start`
/// takes), `decks` (what `room create`, `words` and quizzes take) and
/// `challenge status` (who is where in the running class challenge).
extension AdminCall {
    /// `levels`: every world in order with its levels — id, title in the
    /// teacher's language, the XP that opens it and the XP it gives.
    func listLevels() {
        let library = server.content.levels
        say(TextBlockEvent { t in
            let lang = t.language.rawValue
            var lines = [t.paint(.title, t.say("admin.levels.title", String(library.levels.count), String(library.worlds.count)))]
            var listed = Set<String>()
            for world in library.worlds {
                lines.append(t.paint(.title, t.say("admin.levels.world", world.id, world.title(lang), String(world.xpRequired))))
                for id in world.levels {
                    guard let level = library.level(id: id), listed.insert(id).inserted else { continue }
                    lines.append(Self.levelLine(level, library: library, t))
                }
            }
            let loose = library.levels.filter { !listed.contains($0.id) }
            if !loose.isEmpty {
                lines.append(t.paint(.title, t.say("admin.levels.no_world")))
                lines += loose.map { Self.levelLine($0, library: library, t) }
            }
            if library.levels.isEmpty { lines.append("  " + t.say("admin.levels.none")) }
            lines.append(t.say("admin.levels.hint"))
            return lines
        })
        done()
    }

    private static func levelLine(_ level: Level, library: LevelLibrary, _ t: TextContext) -> String {
        "  " + t.paint(.code, level.id.rightPadded(8)) + " " + level.title(t.language.rawValue).rightPadded(28) + " "
            + t.say("admin.levels.row", String(library.xpRequired(for: level.id)), String(level.xpReward),
                    LevelCodeText.clockText(Double(level.timeLimit)))
    }

    /// `decks`: every deck with its kind — hangman word decks (`words`, from
    /// the database, as `words add` changed them) and quiz decks
    /// (`personality` or `graded`, from the content folder) — then the
    /// content folder's summary.
    func listDecks() {
        let content = server.content
        read({ db in try db.decks() }) { [self] decks in
            say(TextBlockEvent { t in
                let quizzes = content.quizDecks
                var lines = [t.paint(.title, t.say("admin.decks.all", String(decks.count + quizzes.count)))]
                for d in decks {
                    lines.append("  " + t.paint(.code, d.id.rightPadded(20)) + " " + t.say("admin.decks.kind.words").rightPadded(12) + " "
                                 + t.say("admin.decks.row", d.title, d.lang, String(d.wordCount)))
                }
                for q in quizzes {
                    lines.append("  " + t.paint(.code, q.id.rightPadded(20)) + " " + t.say("admin.decks.kind.\(q.style.rawValue)").rightPadded(12) + " "
                                 + t.say("admin.decks.quiz_row", q.title, q.lang, String(q.questions.count)))
                }
                lines.append(t.say("admin.decks.hint"))
                // The content folder's own summary (blocklist, counts...).
                lines.append(t.paint(.title, t.say("admin.decks.content")))
                lines += content.summary(t.language).map { "  " + $0 }
                return lines
            })
            done()
        }
    }

    /// `challenge status`: one line per student in the running challenge —
    /// room, runs, submits, solved or not, stars, time left on their clock.
    func challengeStatus() {
        guard let running = (server.classChallenges as? any ClassChallengeStatus)?.runningChallengeStatus else { return fail(code: "no_challenge") }
        let rows = running.status()
        let left = running.secondsLeft(now: server.loop.now)
        let solved = rows.filter(\.solved).count
        say(TextBlockEvent { t in
            var lines = [t.paint(.title, t.say("admin.challenge.status_title", running.levelID,
                                               LevelCodeText.clockText(left), String(solved), String(rows.count)))]
            lines.append("  " + t.say("admin.challenge.status_head"))
            for row in rows {
                let state: String
                if row.solved {
                    state = t.paint(.good, t.say("admin.challenge.solved") + " " + String(repeating: "*", count: row.stars))
                } else if row.finished {
                    // "left", as the board says, for a student who left it (a re-play: the two disagreed);
                    // "kicked" for a room the teacher's `kick` closed (session 11).
                    let key = row.kicked ? "admin.challenge.kicked" : (row.left ? "admin.challenge.left" : "admin.challenge.not_solved")
                    state = t.paint(.bad, t.say(key))
                } else if row.away {
                    state = t.paint(.warn, t.say("admin.challenge.away"))
                } else {
                    state = t.say("admin.challenge.working")
                }
                let time = row.secondsLeft.map { LevelCodeText.clockText($0) } ?? "-"
                lines.append("  " + t.paint(.name, row.name.rightPadded(16)) + " " + row.room.rightPadded(10) + " "
                             + String(row.runs).rightPadded(5) + " " + String(row.submits).rightPadded(7) + " "
                             + time.rightPadded(6) + " " + state)
            }
            return lines
        })
        done()
    }
}
