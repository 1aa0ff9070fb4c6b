import Testing
import AulaTestSupport
@testable import AulaLevelRoom

/// The editor's complaints, once per burst (play test, session 8: a
/// 5,000-line paste printed "The program is full…" ~160 times).
@Suite(.lab) struct EditorNoticesTests {
    @Test func aRefusalIsSaidOncePerBurst() {
        var notices = EditorNotices()
        var said: [Bool] = []
        said.append(notices.shouldRefuse("program_too_long", now: 10))
        said.append(notices.shouldRefuse("program_too_long", now: 10.1))
        said.append(notices.shouldRefuse("program_too_long", now: 11.5))
        // Another complaint is news; so is the same one after a line went in.
        said.append(notices.shouldRefuse("program_too_big", now: 11.6))
        notices.lineAccepted()
        said.append(notices.shouldRefuse("program_too_long", now: 11.7))
        // Typed by hand a moment after the last refused line: said again.
        said.append(notices.shouldRefuse("program_too_long", now: 11.7 + EditorNotices.quietSeconds + 0.5))
        notices.commandTyped()
        said.append(notices.shouldRefuse("program_too_long", now: 20))
        #expect(said == [true, false, false, true, true, true, true])
    }

    @Test func theOverLimitWarningIsSaidOnceUntilTheProgramIsBackWithin() {
        var notices = EditorNotices()
        var said: [Bool] = []
        said.append(notices.shouldWarnOverLimit(over: false, now: 0))
        said.append(notices.shouldWarnOverLimit(over: true, now: 1))
        said.append(notices.shouldWarnOverLimit(over: true, now: 1.01))
        said.append(notices.shouldWarnOverLimit(over: true, now: 2))
        said.append(notices.shouldWarnOverLimit(over: false, now: 2.1))
        said.append(notices.shouldWarnOverLimit(over: true, now: 2.2))
        said.append(notices.shouldWarnOverLimit(over: true, now: 2.2 + EditorNotices.quietSeconds + 0.5))
        notices.commandTyped()
        said.append(notices.shouldWarnOverLimit(over: true, now: 10))
        #expect(said == [false, true, false, false, false, true, true, true])
    }
}
