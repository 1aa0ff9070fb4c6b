import Testing
import AulaTestSupport
@testable import AulaServer

@Suite(.lab) struct CommandTests {
    @Test func didYouMeanFindsTheClosestCommand() {
        let words = LobbyCommands.table.allWords
        #expect(Suggestion.closest(to: "jion", in: words) == "join")
        #expect(Suggestion.closest(to: "hlep", in: words) == "help")
        #expect(Suggestion.closest(to: "salsa", in: words) == "salas")
        #expect(Suggestion.closest(to: "xyzzy", in: words) == nil)
    }

    @Test func commandsAreFoundByNameOrSpanishAliasIgnoringCase() {
        #expect(LobbyCommands.table.find("WHO")?.id == "who")
        #expect(LobbyCommands.table.find("quien")?.id == "who")
        #expect(LobbyCommands.table.find("unirse")?.id == "join")
        #expect(LobbyCommands.table.find("ayuda")?.id == "help")
        #expect(LobbyCommands.table.find("nothing") == nil)
    }

    @Test func argumentsKeepTheRestAsTyped() {
        let args = Arguments("hangman  medium animales-es")
        #expect(args[0] == "hangman")
        #expect(args.rest(after: 1) == "medium animales-es")
        #expect(args.words.count == 3)
    }
}
