import AulaServer

/// Session 11's play test: after `extend` in hangman and quiz nobody read how
/// much time was now left (a level shows "459 seconds left of 540" itself).
/// Each member reads the line with their own seconds (a quiz player's clock
/// may be accommodated), in the second person when the clock is theirs.
extension AdminCall {
    func tellExtendedWithTimeLeft(_ room: Room, seconds: Int) {
        let turn = room.game.extendedPlayer
        let standard = room.game.lessonSecondsLeft
        func line(for member: Player?) -> InfoEvent {
            let left = Int(max(0, (member.flatMap { room.game.secondsLeft(for: $0) } ?? standard ?? 0)).rounded(.up))
            let one = left == 1 ? "_one" : ""
            if let turn, member?.name != turn {
                return InfoEvent("admin.room_told.extended_other_left\(one)", turn, String(seconds), String(left), style: .warn)
            }
            return InfoEvent("admin.room_told.extended_left\(one)", String(seconds), String(left), style: .warn)
        }
        for member in room.members { member.send(line(for: member)) }
        // The board shows the standard line; teachers watching read the console's own
        // confirmation, not "Your teacher gave you…" (session 12).
        room.showBoard(line(for: nil))
    }
}
