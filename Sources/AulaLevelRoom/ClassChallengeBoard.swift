import AulaServer

/// The challenge's panel on the projector (play test, session 10): sent whole
/// to the board whenever it changes — each student of this challenge by name
/// with their state now, the shared clock, the leaderboard once it ended.
/// The board shows only this, never the level rooms' own events.
extension ClassChallenge {
    /// Where a student stands now. A room that finished unsolved ran out of
    /// time, or closed: the student left (the board says "kicked" when a kick holds).
    func boardState(_ entry: Entry) -> BoardChallengeSnapshot.State {
        if entry.solved { return .solved }
        if let ending = entry.ending { return ending }
        if entry.finished || entry.game == nil { return ended ? .timeUp : .left }
        return ended ? .timeUp : .working
    }

    func boardSnapshot(now: Double) -> BoardChallengeSnapshot {
        // A student back after the reconnect grace ran out is placed again: one
        // row per name, the newest place's state in the first place's row.
        var rows: [BoardChallengeSnapshot.Row] = []
        var rowOf: [String: Int] = [:]
        for entry in entries {
            let row = BoardChallengeSnapshot.Row(name: entry.player.name, room: entry.roomID, state: boardState(entry),
                                                 stars: entry.solved ? entry.stars : 0)
            if let index = rowOf[row.name], rows[index].state != .solved {
                rows[index] = row
            } else if rowOf[row.name] == nil {
                rowOf[row.name] = rows.count
                rows.append(row)
            }
        }
        let leaderboard = ended ? standings().map { BoardChallengeSnapshot.Standing(rank: $0.rank, name: $0.name, points: $0.points) } : nil
        var snapshot = BoardChallengeSnapshot(id: startedOnLoop, level: level.id, secondsLeft: ended ? 0 : secondsLeft(now: now),
                                              paused: !ended && sharedPaused, ended: ended, rows: rows, leaderboard: leaderboard)
        snapshot.group = group
        return snapshot
    }

    /// Tells the board (nothing while the rooms are still being made: it goes once, whole).
    func showOnBoard() {
        guard !starting, let server = hub?.host else { return }
        server.showChallengeOnBoard(boardSnapshot(now: server.loop.now))
    }

    /// How a room that finished ended, for its row.
    static func ending(of game: LevelRoomGame) -> BoardChallengeSnapshot.State {
        switch game.phase {
        case .solved: return .solved
        case .timeUp: return .timeUp
        case .checking, .playing, .closed: return .left
        }
    }
}
