import AulaGames

/// `run`, `step` and `submit`: the program compiled for the level, run on the
/// shown layout (trace + final board), stepped through, or judged on every layout.
extension LevelRoomGame {
    /// The program, or the error that stops it (with `line` and `column`).
    func compiled(_ player: Player) -> LevelProgram? {
        guard !editor.isEmpty else {
            player.refuse(Refusal("program_empty", Phrase("error.level.program_empty")))
            return nil
        }
        switch LevelProgram.compile(editor.source, for: level) {
        case .failure(let error):
            player.send(ErrorEvent(Refusal(error.code, error.phrase),
                                   extra: [("line", .int(error.line)), ("column", .int(error.column))]))
            return nil
        case .success(let program):
            return program
        }
    }

    /// `run`: every step (up to the trace limit, and always the last), the final board, how it ended.
    func run(by player: Player) {
        guard let room, let program = compiled(player) else { return }
        stepping = nil
        var run = LevelRun(level: level, layout: shownLayout, program: program)
        var shown = 0
        var skipped = 0
        var last: StepOutcome?
        while let outcome = run.step() {
            if shown < LevelRoomGame.traceLimit {
                room.broadcast(LevelStepEvent(room: room.id, outcome: outcome))
                shown += 1
            } else {
                skipped += 1
                last = outcome
            }
        }
        if let last {
            if skipped > 1 { room.broadcast(LevelTraceGapEvent(room: room.id, skipped: skipped - 1)) }
            room.broadcast(LevelStepEvent(room: room.id, outcome: last))
        }
        room.broadcast(LevelBoardEvent(room: room.id, board: run.board, caption: Phrase("level.board.caption_after")))
        room.broadcast(practiceResult(run, program: program, kind: .run))
    }

    /// `step`: one step of a paused run (started on first use, dropped by editing).
    func step(by player: Player) {
        guard let room else { return }
        if stepping == nil {
            guard let program = compiled(player) else { return }
            stepping = LevelRun(level: level, layout: shownLayout, program: program)
            room.broadcast(InfoEvent("level.stepping.started"))
        }
        guard var run = stepping else { return }
        if let outcome = run.step() {
            room.broadcast(LevelStepEvent(room: room.id, outcome: outcome))
            room.broadcast(LevelBoardEvent(room: room.id, board: run.board, caption: nil))
        }
        if run.isFinished {
            room.broadcast(practiceResult(run, program: run.program, kind: .step))
            stepping = nil
        } else {
            stepping = run
        }
    }

    private func practiceResult(_ run: LevelRun, program: LevelProgram, kind: LevelResultEvent.Kind) -> LevelResultEvent {
        let end = run.end
        let solved = end?.solved ?? false
        return LevelResultEvent(room: roomID, kind: kind, solved: solved, seedsPassed: solved ? 1 : 0, seedsTotal: 1,
                                points: 0, stars: 0, reason: end.map { LevelResultEvent.reasonCode($0.reason) },
                                reasonPhrase: end?.phrase, lines: program.lines, steps: run.steps, parLines: level.parLines)
    }

    /// `submit`: judged on the shown layout and further random ones. A failing
    /// layout becomes the shown one; a solve stops the clock and is saved
    /// (durably) before the result is printed.
    func submit(by player: Player) {
        guard let room else { return }
        switch phase {
        case .solved:
            player.send(ErrorEvent(code: "already_solved", level.id))
            return
        case .timeUp:
            player.send(ErrorEvent(code: "time_up"))
            return
        case .checking, .closed:
            return
        case .playing:
            break
        }
        guard let program = compiled(player) else { return }
        let left = clock?.secondsLeft
        if let left, left <= 0 {
            player.send(ErrorEvent(code: "time_up"))
            return
        }
        let verdict = Judge.judge(program: program, level: level, timeLeft: left ?? 1, timeLimit: clock?.limit ?? 0)
        stepping = nil
        guard verdict.solved else {
            if let failing = verdict.firstFailingLayout {
                if failing.seed != shownLayout.seed {
                    shownLayout = level.layout(seed: failing.seed)
                    room.broadcast(InfoEvent("level.submit.new_layout"))
                }
                room.broadcast(LevelBoardEvent(room: room.id, board: failing.board, caption: Phrase("level.board.caption_failed")))
                room.broadcast(LevelBoardEvent(room: room.id, board: failing.finalBoard, caption: Phrase("level.board.caption_stopped")))
            }
            room.broadcast(submitResult(verdict))
            return
        }
        phase = .solved
        clock?.stop()
        score = verdict.points
        recordSolve(verdict, by: player)
    }

    func submitResult(_ verdict: Verdict) -> LevelResultEvent {
        let reason = verdict.reason.map { $0 == RunReason.runtimeError.rawValue ? "division_by_zero" : $0 }
        return LevelResultEvent(room: roomID, kind: .submit, solved: verdict.solved, seedsPassed: verdict.seedsPassed,
                                seedsTotal: verdict.seedsTotal, points: verdict.points, stars: verdict.stars,
                                reason: reason, reasonPhrase: verdict.reasonPhrase, lines: verdict.lines,
                                steps: verdict.steps, parLines: level.parLines)
    }
}
