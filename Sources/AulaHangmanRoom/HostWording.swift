import AulaServer
import AulaGames

/// Lines about the host said to the host in the second person: a play test
/// read "Waiting for the host (Lucía) to type start" to Lucía herself.
extension Room {
    /// "Waiting for the host (X) to type start." — or, to the host, "Type start when you are ready."
    func waitingPhrase(for player: Player) -> Phrase {
        isHost(player) ? Phrase("hangman.waiting.you") : Phrase("hangman.waiting", [host.name])
    }

    /// Between rounds, once a round was played: "The host (X) can type start
    /// for another round." — to the host, "Type start when you want another round."
    func nextRoundPhrase(for player: Player) -> Phrase {
        isHost(player) ? Phrase("hangman.next_round.you") : Phrase("hangman.next_round", [host.name])
    }

    /// "The host (X) can type start for another round." to everyone but the
    /// host, who reads it as an invitation.
    func tellNextRound() {
        broadcast(InfoEvent("hangman.next_round", host.name), except: host)
        host.send(InfoEvent("hangman.next_round.you"))
    }
}
