/// What the level rooms' hub (`LevelRooms` and the class challenge, in `AulaLevelRoom`) may use
/// of the server beyond a room's `RoomHost` (issue 18): the open group, who is online in a
/// group, and opening a room for a student (a challenge puts each student into a level room of
/// their own). The hub holds this port, not `Server`; `Server` is the one implementation.
package protocol LevelHost: RoomHost {
    /// The group students join outside a class session.
    var openGroupRef: GroupRef { get }
    /// Players connected right now, in a group, in name order.
    func onlinePlayers(in group: GroupRef) -> [Player]
    /// Opens a room running `game` with `player` as its host and first member.
    func openRoom(kind: String, game: RoomGame, by player: Player)
    /// The class challenge changed: the projector's panel, whole (Board/BoardChallenge.swift).
    func showChallengeOnBoard(_ snapshot: BoardChallengeSnapshot)
    /// The teacher's `kick` holds this student's name now (a challenge row says "kicked").
    func isKicked(_ player: Player) -> Bool
}

extension Server: LevelHost {}
