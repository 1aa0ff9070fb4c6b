import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaLevelRoom

/// `around` / `alrededor` (issue 16): what touches Ada on each side, how far
/// she can walk, where the goal is — in text, reader mode and JSON.
@Suite(.lab) struct LevelAroundTests {
    let corner = Level(id: "w1-02", title: "Round the corner", summary: "Turn at the corners.",
                       board: ["#######", "#...###", "###.###", "###..G#", "#######"],
                       ada: AdaStart(row: 1, col: 1, facing: "E"), items: [], goal: ["reach_goal"],
                       commands: ["walk", "turnLeft", "turnRight"])

    var event: LevelAroundEvent {
        LevelAroundEvent(room: "level-1", board: BoardView(state: BoardState(level: corner, layout: corner.layout(seed: 0))))
    }

    @Test func aroundSaysEachSideTheFreeStepsAndTheGoal() {
        for reader in [false, true] {
            let lines = event.text(TextContext(language: .en, reader: reader, color: false, width: 80))
            #expect(lines == [
                "Ada is in row 2, column 2, facing east.",
                "Ahead of Ada: 2 free squares, then wall.",
                "Left: wall. Right: wall. Behind: wall.",
                "From Ada, the goal is 2 rows south and 4 columns east.",
            ])
        }
        let spanish = event.text(TextContext(language: .es, reader: true, color: false, width: 80))
        #expect(spanish.first == "Ada está en la fila 2, columna 2, mirando al este.")
        #expect(spanish.contains("Delante de Ada: 2 casillas libres y después pared."))
        #expect(spanish.contains("A la izquierda: pared. A la derecha: pared. Detrás: pared."))
    }

    @Test func aroundInJSONHasTheDocumentedFields() {
        var r = Renderer()
        r.mode = .json
        let line = r.render(event)
        #expect(line == #"{"ev":"level.around","room":"level-1","ahead":"floor","left":"wall","right":"wall","behind":"wall","steps_to_wall":2,"goal":{"down":2,"right":4},"items":[]}"# + "\r\n")
    }

    @Test func aroundIsALevelRoomCommandInBothLanguages() {
        #expect(LevelRoomCommands.table.find("around")?.id == "level.around")
        #expect(LevelRoomCommands.table.find("alrededor")?.id == "level.around")
        for key in LevelAroundEvent.keys { for language in Language.allCases { #expect(Catalog.shared.template(key, language) != nil) } }
    }
}
