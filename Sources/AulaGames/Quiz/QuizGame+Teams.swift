extension QuizGame {
    /// The console's `quiz start N` (teacher guide, "quiz start [TEAMS]"):
    /// students who picked a team keep it. The picked teams count towards N;
    /// the missing ones are made with the friendly `names` not taken yet (as
    /// `teams auto N` does for a student host), and the players without a team
    /// are dealt in an order drawn from `random`, each to the smallest team
    /// (the earliest on a tie). Teams left empty are dropped; picked teams are
    /// never merged, so there may be more than N. Nobody picked: `autoTeams`.
    public mutating func dealKeepingPicked(_ count: Int, names: [String],
                                           random: inout SeededRandom) throws(Refusal) -> [QuizEvent] {
        guard !teams.isEmpty else { return try autoTeams(count, names: names, random: &random) }
        guard !isStarted else { throw Refusal(code: "quiz_started") }
        let most = min(players.count, QuizGame.maxTeams)
        guard count >= 1, count <= most else {
            throw Refusal(code: "teams_count", args: [String(most)])
        }
        var made = teams
        var taken = Set(made.map { $0.name.lowercased() })
        var fresh = QuizGame.usableTeamNames(names)[...]
        var fallback = 0
        while made.count < count {
            var name: String
            if let friendly = fresh.popFirst() {
                name = friendly
            } else {
                name = QuizGame.autoTeamName(fallback)
                fallback += 1
            }
            guard taken.insert(name.lowercased()).inserted else { continue }
            made.append(QuizTeam(name: name, members: []))
        }
        var unteamed = players.filter { team(of: $0) == nil }
        unteamed.shuffle(using: &random)
        for p in unteamed {
            if let i = made.indices.min(by: { made[$0].members.count < made[$1].members.count }) {
                made[i].members.append(p)
            }
        }
        made.removeAll { $0.members.isEmpty }
        teams = made
        return [.teamsAssigned(teams)]
    }
}
