import Testing
import AulaTestSupport
@testable import AulaGames

/// The console's `quiz start N` (teacher guide): picked teams stay, the rest
/// are dealt into friendly-named teams. Played by hand: `quiz start 3` had
/// replaced picked teams with A, B, C.
@Suite(.lab) struct QuizDealTeamsTests {
    typealias F = QuizFixtures
    static let friendly = ["Comets", "Owls", "Foxes", "Dolphins"]

    @Test func pickedTeamsStayAndTheOthersAreDealtIntoFriendlyTeams() throws {
        var game = QuizGame(deck: F.personality)
        for n in ["Ana", "Ben", "Cleo", "Dan", "Eva", "Fer"] { _ = game.join(n) }
        _ = try game.pickTeam("Owls", for: "Ana")
        _ = try game.pickTeam("Owls", for: "Ben")
        var random = SeededRandom(seed: 5)
        let events = try game.dealKeepingPicked(3, names: Self.friendly, random: &random)
        #expect(events == [.teamsAssigned(game.teams)])
        // Owls was picked, so the new teams are the next friendly names.
        #expect(game.teams.map(\.name) == ["Owls", "Comets", "Foxes"])
        #expect(Array(game.teams[0].members.prefix(2)) == ["Ana", "Ben"])
        #expect(game.teams.map(\.members.count) == [2, 2, 2])
        #expect(game.teams.flatMap(\.members).sorted() == ["Ana", "Ben", "Cleo", "Dan", "Eva", "Fer"])
    }

    @Test func withoutPickedTeamsItDealsLikeTeamsAutoWithFriendlyNames() throws {
        func dealt(_ body: (inout QuizGame, inout SeededRandom) throws -> Void) throws -> [QuizTeam] {
            var game = QuizGame(deck: F.personality)
            for n in ["Ana", "Ben", "Cleo", "Dan", "Eva"] { _ = game.join(n) }
            var random = SeededRandom(seed: 9)
            try body(&game, &random)
            return game.teams
        }
        let keeping = try dealt { game, random in _ = try game.dealKeepingPicked(2, names: Self.friendly, random: &random) }
        let auto = try dealt { game, random in _ = try game.autoTeams(2, names: Self.friendly, random: &random) }
        #expect(keeping == auto)
        #expect(keeping.map(\.name) == ["Comets", "Owls"])
    }

    @Test func pickedTeamsAreNeverMergedAndEmptyNewTeamsAreDropped() throws {
        var game = QuizGame(deck: F.personality)
        for n in ["Ana", "Ben", "Cleo"] { _ = game.join(n) }
        _ = try game.pickTeam("Reds", for: "Ana")
        _ = try game.pickTeam("Blues", for: "Ben")
        _ = try game.pickTeam("Greens", for: "Cleo")
        var random = SeededRandom(seed: 1)
        _ = try game.dealKeepingPicked(2, names: Self.friendly, random: &random)
        #expect(game.teams.map(\.name) == ["Reds", "Blues", "Greens"])
        _ = try game.pickTeam("Reds", for: "Cleo")
        _ = try game.dealKeepingPicked(3, names: Self.friendly, random: &random)
        #expect(game.teams.map(\.name) == ["Reds", "Blues"], "a new team nobody is dealt into is dropped")
        #expect(F.refusal { try game.dealKeepingPicked(4, names: [], random: &random) } == Refusal(code: "teams_count", args: ["3"]))
    }
}
