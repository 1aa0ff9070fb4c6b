import AulaGames
import AulaStore

// Saving a hangman round lives in the core (not in AulaHangmanRoom) because `RoomHost`
// offers it: the room module reaches it only through that port.

extension Server {
    /// Saves a hangman round (classic or race) with one score per seat,
    /// creating a student's row at their first round; `done` runs on the loop.
    package func saveHangmanRound(_ record: RoundRecord, seats: [Seat],
                          done: @escaping (Result<Int64, StoreError>) -> Void) {
        let endedAt = record.endedAt
        write({ db -> Int64 in
            var record = record
            record.scores = try seats.map { seat in
                let id = try seat.studentID ?? db.ensureStudent(groupID: seat.groupID, name: seat.name, at: endedAt)
                return ScoreRecord(studentID: id, points: seat.points, outcome: seat.outcome, name: seat.name)
            }
            return try db.saveRound(record)
        }, then: done)
    }
}

/// One player's line of a round to save (Sendable, for the store thread).
package struct Seat: Sendable {
    package let name: String
    package let groupID: Int64
    package let studentID: Int64?
    package let points: Int
    package let outcome: Outcome

    package init(name: String, groupID: Int64, studentID: Int64?, points: Int, outcome: Outcome) {
        self.name = name
        self.groupID = groupID
        self.studentID = studentID
        self.points = points
        self.outcome = outcome
    }
}

