/// A teacher's `accommodate` for a student who was not logged in yet is remembered by name
/// (`Server.rememberedAccommodations`); it stays in the core because login applies it.
extension Server {
    /// [admin hook] Called from `handleLine` for every line a player types: a
    /// student who logged in after the teacher's `accommodate` gets it here,
    /// before their first command starts any clock.
    package func applyRememberedAccommodation(to player: Player) {
        guard !rememberedAccommodations.isEmpty, player.timeMultiplier == nil,
              let multiplier = rememberedAccommodations[Self.accommodationKey(group: player.group.name, name: player.name)]
                ?? rememberedAccommodations[player.key] else { return }
        player.timeMultiplier = multiplier
    }

    /// `accommodate 3A/Ana …` is remembered for that group's Ana only; a bare name, for
    /// that name in every group (two Anas both got it: a re-play).
    package static func accommodationKey(group: String, name: String) -> String {
        NameRules.key(group) + "/" + NameRules.key(name)
    }
}
