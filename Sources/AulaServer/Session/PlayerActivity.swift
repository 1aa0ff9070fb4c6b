import AulaGames

/// What a student last did and when, for the teacher's `/teacher` page
/// (issue 19). Recorded on the loop for every handled line, so it is only a
/// small enum and a monotonic timestamp: the strings it holds are the
/// command table's own (retained, never built), and nothing is written to
/// the database. Read only when the teacher's page is rendered.
package struct PlayerActivity {
    package enum Kind {
        /// Logged in (a new player; a reconnect keeps what they did before).
        case joined
        /// A lobby command: its English name and aliases (Spanish first), from the table.
        case lobby(name: String, aliases: [String])
        /// A game command in a room of that kind (`hangman guess`).
        case game(kind: String, name: String, aliases: [String])
        /// A bare line a game took (a letter in hangman, an answer in a quiz).
        case played(kind: String)
        /// `submit` in a level room: the level's id.
        case submitted(level: String)
        /// A line typed into the code editor of a level.
        case editing(level: String)
    }

    let kind: Kind
    /// `EventLoop.now` (monotonic seconds) when it happened.
    let at: Double

    init(_ kind: Kind, at: Double) {
        self.kind = kind
        self.at = at
    }

    /// The command's word in a language: names are English, and the first
    /// alias that is not an English spelling is the Spanish word.
    static func word(name: String, aliases: [String], _ language: Language) -> String {
        switch language {
        case .en: return name
        case .es: return aliases.first { !englishCommandAliases.contains($0) } ?? name
        }
    }
}

extension Server {
    /// Notes a command (or a line a game took) as the player's last activity.
    /// Called from `dispatch` only after something answered to the line, so
    /// a typo is not activity.
    package func noteActivity(_ kind: PlayerActivity.Kind, of player: Player) {
        player.lastActivity = PlayerActivity(kind, at: loop.now)
    }
}
