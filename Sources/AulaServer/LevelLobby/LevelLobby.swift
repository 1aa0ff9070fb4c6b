import AulaGames
import AulaStore

/// The lobby's level commands: `levels` (the map), `notes [N]` (unlocked
/// notes) and `play LEVEL` (open a level room). Progress is read from the
/// database off the loop and answered when the store replies.
extension Server {
    /// A student's XP and solved levels, then `body` on the loop thread (nil: the store failed).
    func withLevelProgress(_ player: Player, _ body: @escaping (Player, (xp: Int, solved: Set<String>)?) -> Void) {
        let studentID = player.studentID
        read(for: player, { db in
            (try db.xp(studentID: studentID), try db.levelProgress(studentID: studentID).map(\.levelID))
        }) { [player] result in
            switch result {
            case .success(let (xp, solved)): body(player, (xp, Set(solved)))
            case .failure: body(player, nil)
            }
        }
    }

    /// `levels` — the map: worlds and levels, solved ✓, open, locked (with the XP needed).
    func showLevelMap(_ player: Player) {
        let library = content.levels
        withLevelProgress(player) { player, progress in
            guard let progress else {
                player.send(ErrorEvent(code: "storage_unavailable"))
                return
            }
            player.send(LevelMapEvent(xp: progress.xp, solvedCount: progress.solved.count,
                                      worlds: library.map(xp: progress.xp, solved: progress.solved), library: library))
        }
    }

    /// `notes` lists the unlocked notes; `notes N` (a number or an id) prints one.
    func showNotes(_ player: Player, _ word: String?) {
        let library = content.levels
        withLevelProgress(player) { player, progress in
            guard let progress else {
                player.send(ErrorEvent(code: "storage_unavailable"))
                return
            }
            var ids = library.unlockedNotes(xp: progress.xp, solved: progress.solved)
            // The level being played (a teacher's challenge above the student's XP)
            // opens its own notes: `level.opened` says "read it now with notes X"
            // (a re-play: the note it offered was "still locked").
            if let level = (player.room?.game as? any LevelRoomState).flatMap({ library.level(id: $0.levelID) }) {
                for n in level.notesUnlocked where library.noteIDs.contains(n) && !ids.contains(n) { ids.append(n) }
            }
            let notes = ids.map { NoteEntry(id: $0, library: library) }
            guard let word else {
                player.send(LevelNotesEvent(notes: notes))
                return
            }
            let chosen: NoteEntry?
            if let n = Int(word) {
                chosen = n >= 1 && n <= notes.count ? notes[n - 1] : nil
            } else {
                // Any of a note's names, in either language (NoteEntry.swift).
                chosen = notes.first { $0.isNamed(word) }
            }
            guard let chosen else {
                if library.noteIDs.contains(where: { NoteEntry(id: $0, library: library).isNamed(word) }) {
                    player.send(ErrorEvent(code: "note_locked", String(word.prefix(24))))
                } else {
                    player.send(ErrorEvent(Refusal("no_such_note", Phrase(notes.count == 1 ? "error.no_such_note_one" : "error.no_such_note",
                                                                 [String(word.prefix(24)), String(notes.count)]))))
                }
                return
            }
            player.send(LevelNoteEvent(note: chosen, library: library))
        }
    }

    /// `play LEVEL` — a level room of your own (as `create level LEVEL`). From
    /// your own level room it moves you on to the new level.
    func playLevel(_ player: Player, _ word: String?) {
        guard let word else {
            player.send(ErrorEvent(Refusal.usage("missing_argument", "play")))
            return
        }
        guard let found = LevelLookup.findLevel(word, in: content.levels) else {
            player.send(ErrorEvent(code: "no_such_level", String(word.prefix(24))))
            return
        }
        // Back into the class challenge one left (it gave a private clock, or "locked"
        // above one's XP: a last re-play).
        if player.room == nil, classChallenges?.rejoinChallenge(player, levelID: found.id) == true { return }
        // From one's own level room: it is left only once the new level opens (a
        // locked one refused the move after closing the room: a play test).
        let moving = player.room.flatMap { $0.game is any LevelRoomState && $0.isHost(player) ? $0 : nil }
        // Not out of a class challenge by `play` (a re-play: the student dropped out of it
        // in silence); `leave` still leaves it, on purpose.
        if let game = moving?.game as? any LevelRoomState, game.isChallengeRunning {
            return player.send(ErrorEvent(code: "play_in_challenge", game.levelID))
        }
        createRoom(kindWord: "level", args: Arguments(word), by: player, leaving: moving)
    }
}

/// Finding a level by what a student or teacher typed: its id, or its id in any case.
/// In the core because the lobby's `play` needs it; the level rooms use it too.
package enum LevelLookup {
    package static func findLevel(_ word: String, in library: LevelLibrary) -> Level? {
        if let level = library.level(id: word) { return level }
        let lower = word.lowercased()
        return library.levels.first { $0.id.lowercased() == lower }
    }
}
