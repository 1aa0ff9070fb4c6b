import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaLevelRoom

/// Reader mode's board (issue 16): row by row in runs, the free path ahead,
/// the goal from Ada — enough for a blind student to plan a route.
@Suite(.lab) struct LevelBoardReaderTests {
    /// The shipped w1-02 ("Round the corner"): the turn a blind student could not find.
    let corner = Level(id: "w1-02", title: "Round the corner", summary: "Turn at the corners.",
                       board: ["#######", "#...###", "###.###", "###..G#", "#######"],
                       ada: AdaStart(row: 1, col: 1, facing: "E"), items: [], goal: ["reach_goal"],
                       commands: ["walk", "turnLeft", "turnRight"])

    func context(_ language: Language = .en) -> TextContext {
        TextContext(language: language, reader: true, color: false, width: 80)
    }

    func shownBoard(_ level: Level, _ language: Language = .en) -> [String] {
        let board = BoardView(state: BoardState(level: level, layout: level.layout(seed: 0)))
        return LevelBoardEvent(room: "level-1", board: board, caption: Phrase("level.board.caption")).text(context(language))
    }

    @Test func everyReaderKeyIsInBothCatalogs() {
        for key in LevelBoardReader.keys {
            for language in Language.allCases {
                #expect(Catalog.shared.template(key, language) != nil, "\(key) missing in \(language)")
            }
        }
    }

    @Test func theShownBoardIsReadRowByRowWithThePathAndTheGoal() {
        let lines = shownBoard(corner)
        #expect(lines.contains("Row 1: 7 walls."))
        #expect(lines.contains("Row 2: wall, Ada facing east, 2 floor squares, 3 walls."))
        #expect(lines.contains("Row 4: 3 walls, 2 floor squares, the goal, wall."))
        #expect(lines.contains("Ahead of Ada: 2 free squares, then wall."))
        #expect(lines.contains("From Ada, the goal is 2 rows south and 4 columns east."))
        #expect(lines.filter { $0.hasPrefix("Ada is in row") }.count == 1)
        #expect(!lines.contains { $0.contains("#") || $0.contains("`") || $0.contains("*") })
        let spanish = shownBoard(corner, .es)
        #expect(spanish.contains("Fila 2: pared, Ada mirando al este, 2 casillas de suelo, 3 paredes."))
        #expect(spanish.contains("Desde Ada, la meta está 2 filas al sur y 4 columnas al este."))
    }

    /// The board after a step follows a step line that already said where Ada
    /// is: it must not say it again (it did, twice per step).
    @Test func aBoardAfterAStepDoesNotRepeatAdasPosition() throws {
        let program = try LevelProgram.compile("walk();", for: corner).get()
        var run = LevelRun(level: corner, program: program)
        let stepped = run.step()
        let outcome = try #require(stepped)
        let stepLine = LevelStepEvent(room: "r", outcome: outcome).text(context())
        let after = LevelBoardEvent(room: "r", board: run.board, caption: nil).text(context())
        let saidPosition = (stepLine + after).filter { $0.contains("row 2, column 3") }
        #expect(saidPosition.count == 1, "\(stepLine + after)")
        #expect(after.contains("Ahead of Ada: 1 free square, then wall."))
        #expect(!after.contains { $0.hasPrefix("Row ") })
    }

    /// The goal is where the path ends, not one of its free squares (play test,
    /// session 8: "4 free squares, then the goal" on a row with 3 floor squares).
    @Test func theGoalIsNotCountedAsAFreeSquare() {
        let row = Level(id: "t", title: "Row", summary: "Walk.", board: ["######", "#...G#", "######"],
                        ada: AdaStart(row: 1, col: 1, facing: "E"), items: [], goal: ["reach_goal"], commands: ["walk"])
        let lines = shownBoard(row)
        #expect(lines.contains("Row 2: wall, Ada facing east, 2 floor squares, the goal, wall."), "\(lines)")
        #expect(lines.contains("Ahead of Ada: 2 free squares, then the goal."), "\(lines)")
        #expect(shownBoard(row, .es).contains("Delante de Ada: 2 casillas libres y después la meta."))
        let near = Level(id: "t", title: "Row", summary: "Walk.", board: ["#####", "#..G#", "#####"],
                         ada: AdaStart(row: 1, col: 2, facing: "E"), items: [], goal: ["reach_goal"], commands: ["walk"])
        #expect(shownBoard(near).contains("Ahead of Ada: 1 free square, then the goal.") == false)
        #expect(shownBoard(near).contains("Right in front of Ada is the goal."), "\(shownBoard(near))")
        #expect(shownBoard(near, .es).contains("Justo delante de Ada está la meta."))
        let one = Level(id: "t", title: "Row", summary: "Walk.", board: ["#####", "#..G#", "#####"],
                        ada: AdaStart(row: 1, col: 1, facing: "E"), items: [], goal: ["reach_goal"], commands: ["walk"])
        #expect(shownBoard(one).contains("Ahead of Ada: 1 free square, then the goal."), "\(shownBoard(one))")
    }

    /// A blind student's client: it reads only the reader-mode words of the
    /// shown board (never the JSON rows), rebuilds the map, finds a route and
    /// types the program — which must solve w1-02.
    @Test func aScriptedBlindPlayerSolvesW1_02FromTheWordsAlone() throws {
        let words = shownBoard(corner)
        let map = try #require(BlindPlayer.map(from: words))
        let program = try #require(BlindPlayer.route(map), "no route in \(words)")
        let compiled = try LevelProgram.compile(program, for: corner).get()
        var run = LevelRun(level: corner, program: compiled)
        #expect(run.runToEnd().solved, "\(program)")
    }
}

/// The scripted player: English reader-mode text in, a program out.
enum BlindPlayer {
    struct Map {
        var open: [[Bool]] = []
        var ada = (row: 0, col: 0)
        var facing = 0  // 0 north, 1 east, 2 south, 3 west
        var goal = (row: 0, col: 0)
    }

    static func map(from lines: [String]) -> Map? {
        var map = Map()
        var foundAda = false, foundGoal = false
        for line in lines where line.hasPrefix("Row ") {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let body = line[line.index(after: colon)...].trimmingCharacters(in: [" ", "."])
            var row: [Bool] = []
            for run in body.components(separatedBy: ", ") {
                let words = run.split(separator: " ")
                if run.hasPrefix("Ada facing ") {
                    map.ada = (map.open.count, row.count)
                    map.facing = ["north", "east", "south", "west"].firstIndex(of: String(words.last ?? "")) ?? 0
                    foundAda = true
                    row.append(true)
                    continue
                }
                let count = Int(words.first ?? "") ?? 1
                let isOpen = run.contains("floor") || run.contains("goal")
                if run.contains("goal") {
                    map.goal = (map.open.count, row.count)
                    foundGoal = true
                }
                row += Array(repeating: isOpen, count: count)
            }
            map.open.append(row)
        }
        return foundAda && foundGoal ? map : nil
    }

    /// Breadth-first search over squares, then turns and walks along the path.
    static func route(_ map: Map) -> String? {
        let moves = [(-1, 0), (0, 1), (1, 0), (0, -1)]
        var previous: [[(Int, Int)?]] = map.open.map { $0.map { _ in nil } }
        var queue = [map.ada]
        var seen = Set([map.ada.row * 1000 + map.ada.col])
        while !queue.isEmpty {
            let here = queue.removeFirst()
            if here == map.goal { break }
            for (dr, dc) in moves {
                let r = here.row + dr, c = here.col + dc
                guard r >= 0, r < map.open.count, c >= 0, c < map.open[r].count, map.open[r][c],
                      seen.insert(r * 1000 + c).inserted else { continue }
                previous[r][c] = (here.row, here.col)
                queue.append((r, c))
            }
        }
        var path = [map.goal]
        while let last = path.last, last != map.ada {
            guard let before = previous[last.row][last.col] else { return nil }
            path.append((before.0, before.1))
        }
        path.reverse()
        var program: [String] = []
        var facing = map.facing
        for (from, to) in zip(path, path.dropFirst()) {
            guard let want = moves.firstIndex(where: { $0 == (to.row - from.row, to.col - from.col) }) else { return nil }
            let turn = (want - facing + 4) % 4
            if turn == 1 { program.append("turnRight();") }
            if turn == 3 { program.append("turnLeft();") }
            if turn == 2 { program += ["turnRight();", "turnRight();"] }
            facing = want
            program.append("walk();")
        }
        return program.joined(separator: "\n")
    }
}
