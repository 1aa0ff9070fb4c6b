import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaLevelRoom

/// How issue 14's counts and events read, in English and Spanish.
@Suite(.lab) struct LevelCourseRenderTests {
    func context(reader: Bool = false, language: Language = .en) -> TextContext {
        TextContext(language: language, reader: reader, color: false, width: 80)
    }

    func solved(statements: Int, par: Int) -> LevelResultEvent {
        LevelResultEvent(room: "r", kind: .submit, solved: true, seedsPassed: 9, seedsTotal: 9, points: 200, stars: 3,
                         reason: nil, reasonPhrase: nil, statements: statements, steps: 12, par: par)
    }

    @Test func theResultCountsStatementsWithTheRightSingular() {
        #expect(solved(statements: 5, par: 5).text(context()).last == "Stars: ★★★ (5 statements; par 5).")
        #expect(solved(statements: 1, par: 2).text(context()).last == "Stars: ★★★ (1 statement; par 2).")
        #expect(solved(statements: 5, par: 5).text(context(language: .es)).last == "Estrellas: ★★★ (5 instrucciones; la mejor solución conocida usa 5).")
        #expect(solved(statements: 1, par: 2).text(context(language: .es)).last == "Estrellas: ★★★ (1 instrucción; la mejor solución conocida usa 2).")
        let fields = solved(statements: 5, par: 5).fields(context())
        #expect(fields.first { $0.0 == "statements" }?.1 == .int(5))
    }

    @Test func theListingShowsTheExactCountWhenTheProgramParses() {
        let exact = LevelCodeEvent(room: "r", lines: ["walk(); walk();"], statementLines: 1, statements: 2, maxLines: 6)
        #expect(exact.text(context()).first == "Your program (2 statements; submit accepts 6):")
        #expect(exact.text(context(language: .es)).first == "Tu programa (2 instrucciones; para entregar, como mucho 6):")
        let one = LevelCodeEvent(room: "r", lines: ["walk();"], statementLines: 1, statements: 1, maxLines: 6)
        #expect(one.text(context(language: .es)).first == "Tu programa (1 instrucción; para entregar, como mucho 6):")
        // While it does not parse, the estimate, labelled as one.
        let rough = LevelCodeEvent(room: "r", lines: ["walk("], statementLines: 1, statements: nil, maxLines: 6)
        #expect(rough.text(context()).first == "Your program (about 1 statement; submit accepts 6):")  // singular (session 10)
        #expect(rough.fields(context()).first { $0.0 == "statements" }?.1 == .null)
    }

    @Test func anAttemptReadsForTeachersAndCarriesItsFields() {
        let failed = LevelAttemptEvent(student: "Ana", level: "w1-04", kind: "submit", ok: false, code: "too_many_statements",
                                       statements: 10)
        #expect(failed.text(context()) == ["Ana on w1-04: submit not solved — more statements than allowed (10 statements)."])
        #expect(failed.text(context(language: .es)) == ["Ana en w1-04: entrega sin resolver — más instrucciones de las permitidas (10 instrucciones)."])
        #expect(failed.fields(context()).map(\.0) == ["student", "level", "kind", "ok", "code", "statements"])
        let ok = LevelAttemptEvent(student: "Ana", level: "w1-04", kind: "run", ok: true, code: nil, statements: 2)
        #expect(ok.fields(context()).map(\.0) == ["student", "level", "kind", "ok", "statements"])
    }

    @Test func randomPlacesAreMarkedAndListedForReaders() {
        let level = Level(id: "t", title: "T", summary: "S", board: ["######", "#...G#", "######"],
                          ada: AdaStart(row: 1, col: 1), items: [LevelItem(kind: "iron", randomPositions: [[1, 2], [1, 3]])],
                          goal: ["break_iron", "reach_goal"], commands: ["walk", "hit"])
        let view = BoardView(state: BoardState(level: level, layout: level.layout(seed: Level.shownSeed)))
        #expect(view.rows[1].contains("?") && view.rows[1].contains("I"))
        let words = view.description.map { context().say($0) }
        #expect(words.contains { $0.hasPrefix("An item may be in row 2, column") })
        #expect(view.legend.map { context(language: .es).say($0.phrase) }.contains { $0.hasPrefix("un lugar donde puede haber") })
    }
}
