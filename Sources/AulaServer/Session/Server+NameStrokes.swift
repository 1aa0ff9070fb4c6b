import AulaStore

/// Look-alikes the player key cannot find (`ADA KAl` for `ADA KAI`, `Ɩucia` or
/// `Luc1a` for `Lucia`: NameSkeleton+Strokes.swift). Online players whose name
/// has other readings are indexed by them, so a login looks up a few keys and
/// never walks the player list.
extension Server {
    /// The connected player whose name reads like `name` in a stroke reading, if any.
    func strokeLookAlike(_ name: String, group: GroupRef) -> Player? {
        let own = NameRules.key(name)
        for key in [own] + NameSkeleton.strokeKeys(name) {
            let full = group.key + "\u{0}" + key
            if key != own, let player = players[full], player.isConnected { return player }
            if let indexed = strokeIndex[full], let player = players[indexed], player.isConnected { return player }
        }
        return nil
    }

    /// Files a new player under their name's other readings.
    func indexStrokes(of player: Player) {
        let own = playerKey(player.group, player.name)
        for key in NameSkeleton.strokeKeys(player.name) {
            strokeIndex[player.group.key + "\u{0}" + key] = own
        }
    }

    /// Takes a player who is gone out of that index.
    func unindexStrokes(of player: Player, key own: String) {
        for key in NameSkeleton.strokeKeys(player.name) {
            let full = player.group.key + "\u{0}" + key
            if strokeIndex[full] == own { strokeIndex.removeValue(forKey: full) }
        }
    }
}
