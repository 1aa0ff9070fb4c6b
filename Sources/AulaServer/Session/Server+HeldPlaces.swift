/// Places held for the reconnect grace, found by name whatever the class did
/// meanwhile (session 12): Julia dropped in 3B's class, the teacher typed
/// `class close`, and Julia's login a second later made a new Julia in the
/// `open` group beside the held one. `heldPlaces` lists only the players in
/// their grace (a few), so a login does not look through everyone online.
extension Server {
    /// Keeps `player` findable by name while their connection is down.
    func hold(_ player: Player) {
        var held = heldPlaces[player.key] ?? []
        guard !held.contains(where: { $0 === player }) else { return }
        held.append(player)
        heldPlaces[player.key] = held
    }

    /// Back, or gone for good.
    func stopHolding(_ player: Player) {
        guard var held = heldPlaces[player.key] else { return }
        held.removeAll { $0 === player }
        heldPlaces[player.key] = held.isEmpty ? nil : held
    }

    /// The one place held for this name in a group other than `group`; nil
    /// when there is none, or several (then the class's group decides, as before).
    func heldPlace(of name: String, outside group: GroupRef) -> Player? {
        guard !heldPlaces.isEmpty, let held = heldPlaces[NameRules.key(name)] else { return nil }
        let elsewhere = held.filter { $0.group != group && !$0.isConnected }
        return elsewhere.count == 1 ? elsewhere[0] : nil
    }
}
