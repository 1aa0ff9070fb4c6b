import AulaGames

/// The reference solution (C style, at par) and a plausible wrong program for
/// every shipped level. `nil` as the wrong program means "the moves the
/// reference solution makes on the shown layout, written out one by one" —
/// a hard-coded program built by the test (see `hardCoded` in LevelCourseContentTests).
/// The Java spelling of each solution is made by `javaSpelling`.
let referencePrograms: [String: (solution: String, wrong: String?)] = [
    // World 1: sequence, turning, hitting, repeat, blocks, nested repeat.
    "w1-01": ("walk();\nwalk();\nwalk();\nwalk();", "walk();\nwalk();\nwalk();"),
    "w1-02": ("walk();\nwalk();\nturnRight();\nwalk();\nwalk();\nturnLeft();\nwalk();\nwalk();",
              "walk();\nwalk();\nturnLeft();\nwalk();\nwalk();\nturnRight();\nwalk();\nwalk();"),
    "w1-03": ("walk();\nhit();\nwalk();\nwalk();\nwalk();\nwalk();", "walk();\nwalk();\nwalk();\nwalk();\nwalk();"),
    "w1-04": ("repeat (10) {\n    walk();\n}", "repeat (9) {\n    walk();\n}"),
    "w1-05": ("repeat (4) {\n    walk();\n    turnLeft();\n    walk();\n    turnRight();\n}",
              "repeat (4) {\n    walk();\n    turnRight();\n    walk();\n    turnLeft();\n}"),
    "w1-06": ("repeat (3) {\n    repeat (3) {\n        walk();\n    }\n    turnLeft();\n    walk();\n    turnRight();\n}",
              "repeat (3) {\n    repeat (2) {\n        walk();\n    }\n    turnLeft();\n    walk();\n    turnRight();\n}"),
    // World 2: if, if/else, while on boards that vary, variables and counting.
    "w2-01": ("repeat (7) {\n    if (look() == IRON) {\n        hit();\n    }\n    walk();\n}", nil),
    "w2-02": ("repeat (12) {\n    if (look() == WALL) {\n        turnRight();\n    } else {\n        walk();\n    }\n}", nil),
    "w2-03": ("while (look() != WALL) {\n    walk();\n}\nturnRight();\nwhile (look() != WALL) {\n    walk();\n}", nil),
    "w2-04": ("while (look() != GOAL) {\n    if (look() == IRON) {\n        hit();\n    } else {\n        walk();\n    }\n}\nwalk();", nil),
    // w2-05: ten counted steps, then the side passage on the left (session 11: the counter is needed).
    "w2-05": ("int steps = 0;\nwhile (steps < 10) {\n    walk();\n    steps++;\n}\nturnLeft();\nwalk();\nwalk();",
              "int steps = 0;\nwhile (steps < 9) {\n    walk();\n    steps++;\n}\nturnLeft();\nwalk();\nwalk();"),
    "w2-06": ("int n = 1;\nwhile (n <= 5) {\n    repeat (n) {\n        walk();\n    }\n    turnRight();\n    n++;\n}",
              "int n = 1;\nwhile (n <= 5) {\n    repeat (n) {\n        walk();\n    }\n    turnRight();\n}"),
    // World 3: keys and doors, enemies and health, layouts that change.
    "w3-01": ("walk();\npick();\nwalk();\nuse();\nwalk();\nwalk();\nwalk();\nwalk();",
              "walk();\nwalk();\nuse();\nwalk();\nwalk();\nwalk();\nwalk();"),
    "w3-02": ("repeat (3) {\n    walk();\n    pick();\n    walk();\n    use();\n    walk();\n}\nwalk();",
              "repeat (3) {\n    walk();\n    walk();\n    pick();\n    use();\n    walk();\n}\nwalk();"),
    "w3-03": ("while (look() != ENEMY) {\n    walk();\n}\nhit();\nwhile (look() != GOAL) {\n    walk();\n}\nwalk();",
              "while (look() != GOAL) {\n    walk();\n}\nwalk();"),
    "w3-04": ("while (look() != GOAL) {\n    if (look() == ENEMY) {\n        hit();\n    } else {\n        walk();\n    }\n}\nwalk();", nil),
    "w3-05": ("while (look() != GOAL) {\n    if (look() == IRON) {\n        hit();\n    } else {\n        walk();\n    }\n}\nwalk();", nil),
    "w3-06": ("while (look() != DOOR) {\n    if (look() == KEY) {\n        walk();\n        pick();\n    } else {\n        walk();\n    }\n}\nuse();\nwalk();\nwalk();\nwalk();", nil),
    "w3-07": ("while (look() != GOAL) {\n    if (look() == IRON || look() == ENEMY) {\n        hit();\n    } else {\n        walk();\n    }\n}\nwalk();", nil),
    // World 4: mazes and procedures.
    "w4-01": ("while (look() != GOAL) {\n    turnRight();\n    while (look() == WALL) {\n        turnLeft();\n    }\n    walk();\n}\nwalk();", nil),
    "w4-02": ("while (look() != GOAL) {\n    turnRight();\n    while (look() == WALL) {\n        turnLeft();\n    }\n    if (look() == IRON) {\n        hit();\n    }\n    walk();\n}\nwalk();", nil),
    "w4-03": ("void openDoor() {\n    walk();\n    pick();\n    use();\n    walk();\n}\nvoid breakIron() {\n    walk();\n    hit();\n    walk();\n}\nopenDoor();\nopenDoor();\nbreakIron();\nopenDoor();\nbreakIron();\nbreakIron();\nopenDoor();\nwalk();",
              "void openDoor() {\n    walk();\n    pick();\n    use();\n    walk();\n}\nvoid breakIron() {\n    walk();\n    hit();\n    walk();\n}\nopenDoor();\nbreakIron();\nopenDoor();\nopenDoor();\nbreakIron();\nbreakIron();\nopenDoor();\nwalk();"),
    "w4-04": ("void shaft() {\n    while (look() != WALL) {\n        if (look() == IRON) {\n            hit();\n        } else {\n            walk();\n        }\n    }\n}\nrepeat (2) {\n    shaft();\n    turnRight();\n}\nrepeat (2) {\n    shaft();\n    turnLeft();\n}\nshaft();", nil),
    "w4-05": ("while (look() != GOAL) {\n    turnRight();\n    while (look() == WALL) {\n        turnLeft();\n    }\n    if (look() == IRON) {\n        hit();\n    }\n    walk();\n}\nwalk();", nil),
]

/// Programs that must NOT get the level's three stars or must be refused by
/// `max_statements`, with why (issue 14: par must not reward the wrong idea).
let shortcutPrograms: [String: (source: String, why: String)] = [
    // w3-06: pick() on every tile instead of looking for the key costs health now.
    "w3-06": ("while (look() != DOOR) {\n    walk();\n    pick();\n}\nuse();\nwalk();\nwalk();\nwalk();", "pick() everywhere"),
    // w4-03: the best program without procedures is over the limit.
    "w4-03": ("walk();\npick();\nuse();\nwalk();\nwalk();\npick();\nuse();\nwalk();\nwalk();\nhit();\nwalk();\nwalk();\npick();\nuse();\nwalk();\nrepeat (2) {\nwalk();\nhit();\nwalk();\n}\nwalk();\npick();\nuse();\nwalk();\nwalk();", "no procedures"),
]

/// The same program in Java spelling: `ada.walk()`, `Tile.IRON`, and each
/// `repeat (N)` as a `for` loop whose counter is named after its depth (i, j, k).
func javaSpelling(_ c: String) -> String {
    let commands = ["walk", "turnLeft", "turnRight", "hit", "pick", "use", "look"]
    let tiles = ["IRON", "WALL", "GOAL", "KEY", "DOOR", "ENEMY", "EMPTY"]
    let counters = ["i", "j", "k", "m"]
    var repeatDepth = 0
    var stack: [Bool] = [] // per open brace: was it a repeat?
    var out: [String] = []
    for raw in c.split(separator: "\n", omittingEmptySubsequences: false) {
        var line = String(raw)
        for name in commands { line = line.replacingOccurrences(of: "\(name)(", with: "ada.\(name)(") }
        for tile in tiles { line = line.replacingOccurrences(of: " \(tile)", with: " Tile.\(tile)") }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("repeat ("), let close = trimmed.firstIndex(of: ")") {
            let count = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 8)..<close]
            let v = counters[min(repeatDepth, counters.count - 1)]
            let indent = String(line.prefix { $0 == " " })
            line = indent + "for (int \(v) = 0; \(v) < \(count); \(v)++)" + trimmed[trimmed.index(after: close)...]
            repeatDepth += 1
            stack.append(true)
        } else {
            for ch in trimmed {
                if ch == "{" { stack.append(false) }
                if ch == "}", let was = stack.popLast(), was { repeatDepth -= 1 }
            }
        }
        out.append(line)
    }
    return out.joined(separator: "\n")
}
