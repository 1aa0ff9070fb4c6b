import Testing
import AulaTestSupport
@testable import AulaServer

/// The words of a student's last activity on `/teacher` (issue 19): pure,
/// given the times, in English and Spanish.
@Suite(.lab) struct BoardActivityTextTests {
    let guess = PlayerActivity.Kind.game(kind: "hangman", name: "guess", aliases: ["adivinar", "letra"])

    @Test func recentActivityNamesWhatAndHowLongAgo() {
        let a = PlayerActivity(guess, at: 100)
        #expect(BoardTeacherRoster.activity(a, now: 112, .en) == "hangman guess · 12 s ago")
        #expect(BoardTeacherRoster.activity(a, now: 112, .es) == "ahorcado: adivinar · hace 12 s")
        let submit = PlayerActivity(.submitted(level: "t-loop"), at: 0)
        #expect(BoardTeacherRoster.activity(submit, now: 150, .en) == "submitted level t-loop · 2 min ago")
        #expect(BoardTeacherRoster.activity(submit, now: 150, .es) == "entregó el nivel t-loop · hace 2 min")
        #expect(BoardTeacherRoster.activity(nil, now: 5, .en) == "—")
    }

    @Test func fiveMinutesWithoutACommandReadsIdle() {
        let a = PlayerActivity(.played(kind: "quiz"), at: 0)
        #expect(BoardTeacherRoster.activity(a, now: 299, .en) == "quiz: typed an answer · 4 min ago")
        #expect(BoardTeacherRoster.activity(a, now: 300, .en) == "idle 5 min · last: quiz: typed an answer")
        #expect(BoardTeacherRoster.activity(a, now: 300, .es) == "sin actividad desde hace 5 min · antes: cuestionario: escribió una respuesta")
    }

    @Test func lobbyCommandsAndUnknownGamesFallBackToTheirWords() {
        let who = PlayerActivity(.lobby(name: "who", aliases: ["quien", "quién"]), at: 0)
        #expect(BoardTeacherRoster.activity(who, now: 0, .es) == "quien (entrada) · hace 0 s")
        let other = PlayerActivity(.game(kind: "chess", name: "move", aliases: ["mover"]), at: 0)
        #expect(BoardTeacherRoster.activity(other, now: 7200, .en) == "idle 2 h · last: chess move")
        // An English spelling among the aliases is never shown as the Spanish word.
        #expect(PlayerActivity.word(name: "quit", aliases: ["exit", "salir"], .es) == "salir")
    }

    @Test func durationsRoundDownAndNeverGoNegative() {
        #expect(BoardTeacherRoster.duration(-3, .en) == "0 s")
        #expect(BoardTeacherRoster.duration(59.9, .en) == "59 s")
        #expect(BoardTeacherRoster.duration(3599, .en) == "59 min")
        #expect(BoardTeacherRoster.duration(86400 * 2 - 1, .en) == "47 h")
        #expect(BoardTeacherRoster.duration(86400 * 3, .es) == "3 d")
        #expect(BoardTeacherRoster.duration(.infinity, .en) == "0 s")
        #expect(BoardTeacherRoster.lastLogin(nil, wallNow: 10, .en) == "not connected · never logged in")
        #expect(BoardTeacherRoster.lastLogin(0, wallNow: 90, .es) == "sin conexión · entró por última vez hace 1 min")
    }
}
