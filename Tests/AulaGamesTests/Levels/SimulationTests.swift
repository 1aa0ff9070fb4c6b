import Testing
import AulaTestSupport
@testable import AulaGames

@Suite(.lab) struct SimulationTests {
    @Test func walkingToTheGoalSolvesTheLevel() throws {
        let (end, run) = try TestLevels.run("repeat (5) { walk(); }", TestLevels.corridor())
        #expect(end.reason == .solved)
        #expect(run.ada == AdaState(row: 1, col: 6, facing: .east))
    }

    @Test func bumpingIntoAWallFailsTheStepAndAdaStays() throws {
        let level = TestLevels.make(["####", "#.G#", "####"], ada: AdaStart(row: 1, col: 1, facing: "N"))
        var run = LevelRun(level: level, program: try TestLevels.program("walk();\nturnRight();", level))
        let stepMaybe = run.step()
        let step = try #require(stepMaybe)
        #expect(step.ok == false)
        #expect(step.line == 1)
        #expect(step.action == "walk()")
        #expect(step.message == Phrase("level.step.bump.wall", ["1"]))
        #expect(step.ada == AdaState(row: 1, col: 1, facing: .north))
        #expect(step.health == 3)
        #expect(run.isFinished == false)
    }

    @Test func programEndingBeforeTheGoalIsProgramEnded() throws {
        let (end, _) = try TestLevels.run("walk();", TestLevels.corridor())
        #expect(end.reason == .programEnded)
        #expect(end.solved == false)
    }

    @Test func waterCostsHealth() throws {
        let (end, run) = try TestLevels.run("repeat (5) { walk(); }", TestLevels.corridor("..~.."))
        #expect(end.reason == .solved)
        #expect(run.health == 2)
        let (deadly, _) = try TestLevels.run("repeat (5) { walk(); }", TestLevels.corridor(".~~~.", health: 3))
        #expect(deadly.reason == .noHealth)
        #expect(deadly.phrase == Phrase("level.end.no_health", ["1"]))
    }

    @Test func ironBlocksBumpAndOneHitBreaksThem() throws {
        let level = TestLevels.corridor(items: [LevelItem(kind: "iron", row: 1, col: 3)], goal: ["break_iron", "reach_goal"])
        var run = LevelRun(level: level, program: try TestLevels.program("walk(); walk(); hit(); repeat (4) { walk(); }", level))
        _ = run.step()
        let bumpMaybe = run.step()
        let bump = try #require(bumpMaybe)
        #expect(bump.message == Phrase("level.step.bump.iron", ["1"]))
        #expect(bump.ada.col == 2)
        #expect(run.board.rows[1] == "#.>I..G#")
        let hitMaybe = run.step()
        let hit = try #require(hitMaybe)
        #expect(hit.ok)
        #expect(hit.message == Phrase("level.step.broke_iron", ["1"]))
        #expect(run.state.look() == .empty)
        #expect(run.runToEnd().reason == .solved)
    }

    @Test func hittingTheAirCostsOneHealth() throws {
        let level = TestLevels.corridor()
        var run = LevelRun(level: level, program: try TestLevels.program("hit();\nwalk();", level))
        let stepMaybe = run.step()
        let step = try #require(stepMaybe)
        #expect(step.ok == false)
        #expect(step.health == 2)
        #expect(step.message == Phrase("level.step.hit_air", ["1"]))
    }

    @Test func pickTakesTheKeyAdaStandsOnAndUseOpensTheDoor() throws {
        let level = TestLevels.make(["#######", "#..D.G#", "#######"], ada: AdaStart(row: 1, col: 1, facing: "E"),
                                    items: [LevelItem(kind: "key", row: 1, col: 2)], goal: ["reach_goal"])
        // Without the key the door stays shut.
        let (locked, lockedRun) = try TestLevels.run("walk(); use(); walk(); walk(); walk();", level)
        #expect(locked.reason == .programEnded)
        #expect(lockedRun.ada.col == 2)
        var run = LevelRun(level: level, program: try TestLevels.program("pick(); walk(); pick(); use(); walk(); walk(); walk();", level))
        #expect(run.step()?.message == Phrase("level.step.nothing_to_pick", ["1"]))
        // Picking up nothing costs health, like hitting the air (issue 14: w3-06's par).
        #expect(run.state.health == 2)
        _ = run.step()
        #expect(run.step()?.message == Phrase("level.step.picked_key", ["1"]))
        #expect(run.state.keysHeld == 1)
        #expect(run.step()?.message == Phrase("level.step.opened_door", ["1"]))
        #expect(run.state.keysHeld == 0)
        #expect(run.runToEnd().reason == .solved)
    }

    @Test func useWithoutAKeyIsRefused() throws {
        let level = TestLevels.make(["#####", "#.DG#", "#####"])
        var run = LevelRun(level: level, program: try TestLevels.program("use();", level))
        #expect(run.step()?.message == Phrase("level.step.door_locked", ["1"]))
        #expect(run.state.sight(at: Position(row: 1, col: 2)) == .door)
    }

    @Test func enemiesWalkTowardsAdaAndStrikeIfNotHit() throws {
        let level = TestLevels.corridor(".....", items: [LevelItem(kind: "enemy", row: 1, col: 5)], goal: ["defeat_enemies"])
        var run = LevelRun(level: level, program: try TestLevels.program("turnLeft(); turnRight(); turnLeft(); turnRight(); turnLeft();", level))
        #expect(run.step()?.ok == true)   // enemy 5 -> 4
        #expect(run.state.enemies[0].at.col == 4)
        _ = run.step()                     // 4 -> 3
        _ = run.step()                     // 3 -> 2, next to Ada: ready
        #expect(run.state.enemies[0].at.col == 2)
        #expect(run.health == 3)
        let strikeMaybe = run.step()
        let strike = try #require(strikeMaybe)  // it strikes
        #expect(strike.ok == false)
        #expect(strike.message == Phrase("level.step.enemy_strike", ["1"]))
        #expect(strike.health == 2)
    }

    @Test func oneHitDefeatsTheEnemyAhead() throws {
        let level = TestLevels.corridor(".....", items: [LevelItem(kind: "enemy", row: 1, col: 5)], goal: ["defeat_enemies"])
        let program = "while (look() != ENEMY) { walk(); }\nhit();"
        var run = LevelRun(level: level, program: try TestLevels.program(program, level))
        var last: StepOutcome?
        while let s = run.step() { last = s }
        #expect(last?.message == Phrase("level.step.defeated_enemy", ["2"]))
        #expect(run.end?.reason == .solved)
        #expect(run.health == 3)
    }

    @Test func walkingIntoAnEnemyBumps() throws {
        let level = TestLevels.corridor(".....", items: [LevelItem(kind: "enemy", row: 1, col: 2)], goal: ["defeat_enemies"])
        var run = LevelRun(level: level, program: try TestLevels.program("walk();", level))
        #expect(run.step()?.message == Phrase("level.step.bump.enemy", ["1"]))
    }

    @Test func listenCountsEnemiesWithinTwoTiles() throws {
        let level = TestLevels.corridor(".....", items: [LevelItem(kind: "enemy", row: 1, col: 3), LevelItem(kind: "enemy", row: 1, col: 6)],
                                        goal: ["defeat_enemies"])
        let state = BoardState(level: level, layout: level.layout(seed: 0))
        #expect(state.listen() == 1)
    }

    @Test func everyStepIsOneStatementOrCondition() throws {
        let level = TestLevels.corridor()
        var run = LevelRun(level: level, program: try TestLevels.program("int n = 0;\nwhile (n < 2) {\n  walk();\n  n++;\n}", level))
        var trace: [String] = []
        while let s = run.step() { trace.append("\(s.line):\(s.action)") }
        #expect(trace == ["1:int n = 0", "2:while (n < 2)", "3:walk()", "4:n++", "2:while (n < 2)", "3:walk()", "4:n++", "2:while (n < 2)"])
        #expect(run.end?.reason == .programEnded)
    }

    @Test func repeatRoundsAreSteps() throws {
        let level = TestLevels.corridor()
        // A C repeat; the Java for checks its condition every round (LanguageHelpTests).
        var run = LevelRun(level: level, program: try TestLevels.program("repeat (2) {\n walk();\n}\nturnLeft();", level))
        var trace: [Phrase?] = []
        while let s = run.step() { trace.append(s.message) }
        #expect(trace == [Phrase("level.step.repeat_round", ["1", "1", "2"]), nil, Phrase("level.step.repeat_round", ["1", "2", "2"]), nil, nil])
    }

    @Test func javaCounterCountsFromItsStart() throws {
        let level = TestLevels.corridor()
        var run = LevelRun(level: level, program: try TestLevels.program("int sum = 0;\nfor (int i = 2; i <= 4; i++) { sum += i; }", level))
        var last: StepOutcome?
        while let s = run.step() { if s.message?.key == "level.step.set" { last = s } }
        #expect(last?.message == Phrase("level.step.set", ["2", "sum", "9"]))
    }

    @Test func endlessLoopsStopAtTheStepLimit() throws {
        let (end, run) = try TestLevels.run("while (true) { }", TestLevels.corridor())
        #expect(end.reason == .tooManySteps)
        #expect(end.steps == LevelRun.stepLimit)
        #expect(run.steps == 10_000)
        let (spin, _) = try TestLevels.run("while (true) { turnLeft(); }", TestLevels.corridor())
        #expect(spin.reason == .tooManySteps)
    }

    @Test func divisionByZeroStopsTheRun() throws {
        let (end, _) = try TestLevels.run("int n = 0;\nint m = 5 / n;", TestLevels.corridor())
        #expect(end.reason == .runtimeError)
        #expect(end.phrase == Phrase("level.end.division_by_zero", ["2"]))
    }

    @Test func theRunStopsAsSoonAsEveryGoalHolds() throws {
        let (end, run) = try TestLevels.run("repeat (5) { walk(); }\nturnLeft(); hit();", TestLevels.corridor())
        #expect(end.reason == .solved)
        #expect(run.health == 3)
        #expect(end.steps == 10)
    }

    @Test func boardViewDrawsItemsAndAdaAndDescribesThemInWords() throws {
        let level = TestLevels.corridor(".....", items: [LevelItem(kind: "iron", row: 1, col: 2), LevelItem(kind: "key", row: 1, col: 4),
                                                          LevelItem(kind: "enemy", row: 1, col: 5)])
        let view = BoardView(state: BoardState(level: level, layout: level.layout(seed: 0)))
        #expect(view.rows == ["########", "#>I.kEG#", "########"])
        #expect(view.description[0] == Phrase("level.reader.ada.east", ["2", "2"]))
        #expect(view.description[1] == Phrase("level.reader.ahead.iron"))
        #expect(view.description.contains(Phrase("level.reader.goal", ["2", "7"])))
        #expect(view.legend.map(\.symbol) == ["#", ".", "G", "I", "k", "E", "^ > v <"])
    }
}
