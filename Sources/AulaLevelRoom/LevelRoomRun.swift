import AulaServer
import AulaGames

/// `run`, `step` and `submit`: the program compiled for the level, run on the
/// shown layout (trace + final board), stepped through, or judged on every
/// layout. Compiling, running and judging happen on the `JudgeWorker`, never
/// on the loop (SPEC §12); only the single step of `step` runs here, and one
/// step is small (one statement, one expression of at most
/// `ProgramLimits.maxExpressionNodes` nodes).
extension LevelRoomGame {
    /// The outcome of a `run` on the worker: what the trace shows.
    struct RunReport: Sendable {
        var shown: [StepOutcome] = []
        var last: StepOutcome?
        var skipped = 0
        var run: LevelRun
    }

    /// Sends the error that stops a program (with `line` and `column`).
    func sendCompileError(_ error: SyntaxError, to player: Player) {
        player.send(ErrorEvent(Refusal(error.code, error.phrase),
                               extra: [("line", .int(error.line)), ("column", .int(error.column))]))
    }

    /// True (after telling the player) when the editor has nothing to run.
    private func refusedEmpty(_ player: Player) -> Bool {
        guard editor.isEmpty else { return false }
        player.refuse(Refusal("program_empty", Phrase("error.level.program_empty")))
        return true
    }

    /// Runs `work` on the judge worker for `player` and `done` back on the
    /// loop with its result — only if this room is still open and `player`
    /// still its coder (they may have left, the room closed, in the meantime).
    /// Refuses with `judge_busy` while the player has a job already, and with
    /// `judge_full` when the queue is full. True when the job was taken.
    @discardableResult
    func offLoop<T: Sendable>(for player: Player, _ work: @escaping @Sendable (RunDeadline) -> T,
                              done: @escaping (LevelRoomGame, Room, Player, T) -> Void) -> Bool {
        guard let server else { return false }
        // The student's next lines wait for this answer (session 10: `run` then
        // `around` pasted together answered `around` from the start, then the run).
        let answered = server.owesAnswer(player)
        // The way back to the loop: the room and the player weakly (they may be gone by then),
        // and the result delivered only if the room is open and the player still its coder.
        let deliver = server.loop.bind { [weak self, weak player] (value: T) in
            defer { answered() }
            guard let self, let player, self.phase != .closed, let room = self.room, room.isHost(player) else { return }
            done(self, room, player, value)
        }
        let taken = hub.judge.submit(owner: ObjectIdentifier(player)) { deadline in
            let value = work(deadline)
            return { deliver(value) }
        }
        switch taken {
        case nil:
            return true
        case .busy:
            player.send(ErrorEvent(code: "judge_busy"))
        case .full:
            player.send(ErrorEvent(code: "judge_full"))
        }
        answered()
        return false
    }

    /// `run`: every step (up to the trace limit, and always the last), the final board, how it ended.
    func run(by player: Player) {
        guard room != nil, !refusedEmpty(player) else { return }
        challenge?.noteRun(self)  // [gradebook] counted for the teacher's `challenge status`
        stepping = nil
        let source = editor.source, level = self.level, layout = shownLayout
        let traceLimit = LevelRoomGame.traceLimit
        offLoop(for: player, { deadline -> Result<RunReport, SyntaxError> in
            // `run` works over `max_statements`, for practice; only `submit` refuses.
            LevelProgram.practice(source, for: level).map { program in
                var report = RunReport(run: LevelRun(level: level, layout: layout, program: program, deadline: deadline))
                while let outcome = report.run.step() {
                    if report.shown.count < traceLimit {
                        report.shown.append(outcome)
                    } else {
                        report.skipped += 1
                        report.last = outcome
                    }
                }
                return report
            }
        }, done: { game, room, player, result in
            switch result {
            case .failure(let error):
                game.sendCompileError(error, to: player)
                game.recordAttempt(.run, by: player, ok: false, code: error.code, statements: 0)
            case .success(let report):
                game.showRun(report, in: room)
                let end = report.run.end
                game.recordAttempt(.run, by: player, ok: end?.solved ?? false,
                                   code: end.map { LevelResultEvent.reasonCode($0.reason) } ?? "program_ended",
                                   statements: report.run.program.statementCount)
            }
        })
    }

    private func showRun(_ report: RunReport, in room: Room) {
        lastRun = report
        afterRun = report.run.board
        broadcastTrace(report, in: room)
        room.broadcast(LevelBoardEvent(room: room.id, board: report.run.board, caption: Phrase("level.board.caption_after")))
        room.broadcast(practiceResult(report.run, program: report.run.program, kind: .run))
    }

    /// `step`: one step of a paused run (started on first use, dropped by
    /// editing). The program is compiled on the worker the first time.
    func step(by player: Player) {
        guard room != nil else { return }
        if stepping != nil {
            takeStep()
            return
        }
        guard !refusedEmpty(player) else { return }
        let source = editor.source, level = self.level, layout = shownLayout
        offLoop(for: player, { _ in
            LevelProgram.practice(source, for: level).map { LevelRun(level: level, layout: layout, program: $0) }
        }, done: { game, room, player, result in
            switch result {
            case .failure(let error):
                game.sendCompileError(error, to: player)
            case .success(let run):
                // Typed on meanwhile (editing drops a paused run): start from what the editor holds now next time.
                guard game.editor.source == source, game.stepping == nil else { return }
                game.stepping = run
                room.broadcast(InfoEvent("level.stepping.started"))
                game.takeStep()
            }
        })
    }

    private func takeStep() {
        guard let room, var run = stepping else { return }
        let before = (run.board.health, run.board.keysHeld)
        if let outcome = run.step() {
            var event = LevelStepEvent(room: room.id, outcome: outcome)
            event.listing = LevelStepEvent.listing(around: outcome.line, in: editor.lines)
            room.broadcast(event)
            var board = LevelBoardEvent(room: room.id, board: run.board, caption: nil)
            board.statusUnchanged = before == (run.board.health, run.board.keysHeld)
            room.broadcast(board)
        }
        if run.isFinished {
            room.broadcast(practiceResult(run, program: run.program, kind: .step))
            stepping = nil
            afterRun = run.board
        } else {
            stepping = run
        }
    }

    private func practiceResult(_ run: LevelRun, program: LevelProgram, kind: LevelResultEvent.Kind) -> LevelResultEvent {
        let end = run.end
        let solved = end?.solved ?? false
        return LevelResultEvent(room: roomID, kind: kind, solved: solved, seedsPassed: solved ? 1 : 0, seedsTotal: 1,
                                points: 0, stars: 0, reason: end.map { LevelResultEvent.reasonCode($0.reason) },
                                reasonPhrase: end?.phrase, statements: program.statementCount, steps: run.steps, par: level.parStatements,
                                missing: end?.unmet ?? [])
    }

    /// A `submit` after the time is up: names the level to type (it said
    /// "play LEVEL"); in a class challenge, that `play` is practice (session 12).
    var timeUpRefusal: Refusal {
        inChallenge ? Refusal("time_up", Phrase("error.time_up.challenge", [level.id]))
                    : Refusal(code: "time_up", args: [level.id])
    }

    /// `submit`: judged on the shown layout and further random ones, on the
    /// worker. A failing layout becomes the shown one; a solve stops the clock
    /// and is saved (durably) before the result is printed. The time left is
    /// taken when the student submits; if the clock ran out while the judge
    /// worked, the student is told `time_up` (the room already said so).
    func submit(by player: Player) {
        guard room != nil else { return }
        switch phase {
        case .solved:
            player.send(ErrorEvent(code: "already_solved", level.id))
            return
        case .timeUp:
            player.refuse(timeUpRefusal)
            return
        case .checking, .closed:
            return
        case .playing:
            break
        }
        guard !refusedEmpty(player) else { return }
        let left = clock?.secondsLeft
        if let left, left <= 0 {
            player.refuse(timeUpRefusal)
            return
        }
        challenge?.noteSubmit(self)  // [gradebook] counted for the teacher's `challenge status`
        let source = editor.source, level = self.level, shown = shownLayout
        // The time bonus measures speed, not the clock: the time left minus the teacher's
        // extensions, against the allowance from the start (a latecomer counts the time
        // the class had used; an extension after an early solve does not lift later ones).
        let extra = extendedSeconds
        let timeLeft = (left ?? 1) - extra, timeLimit = clock?.limit == nil ? 0 : (bonusWhole ?? clock?.limit ?? 0)
        // A fresh seed per submission for levels with more than 64 layouts (SPEC §12), stored with the attempt.
        let freshSeed = UInt64.random(in: 1...UInt64.max)
        // `accommodate … untimed` mid-level: the bonus the stopped clock would give (no points lost).
        let bonus = bonusAfterUntimed ?? (timeLeft, timeLimit)
        offLoop(for: player, { deadline -> (Result<Verdict, SyntaxError>, Int) in
            switch LevelProgram.practice(source, for: level) {
            case .failure(let error):
                return (.failure(error), 0)
            case .success(let program):
                // Over the limit: the checked compile says where (the student may still `run` it).
                if program.statementCount > level.maxStatements, case .failure(let error) = LevelProgram.compile(source, for: level) {
                    return (.failure(error), program.statementCount)
                }
                return (.success(Judge.judge(program: program, level: level, shown: shown, freshSeed: freshSeed,
                                             timeLeft: bonus.0, timeLimit: bonus.1, deadline: deadline)),
                        program.statementCount)
            }
        }, done: { game, room, player, outcome in
            switch outcome.0 {
            case .failure(let error):
                game.sendCompileError(error, to: player)
                game.recordAttempt(.submit, by: player, ok: false, code: error.code, statements: outcome.1)
            case .success(let verdict):
                game.recordAttempt(.submit, by: player, ok: verdict.solved,
                                   code: verdict.solved ? nil : game.submitResult(verdict).reason,
                                   statements: verdict.statements, seed: verdict.seed)
                game.judged(verdict, by: player, in: room)
            }
        })
    }

    private func judged(_ verdict: Verdict, by player: Player, in room: Room) {
        switch phase {
        case .playing: break
        case .timeUp:
            player.refuse(timeUpRefusal)
            return
        case .solved, .checking, .closed:
            return
        }
        startOver()
        guard verdict.solved else {
            // The verdict first, then where it failed: a screen reader read a
            // dozen lines of board before "Not yet" (session 10's play test).
            // Reader mode hears Ada's place on those boards, not their rows.
            room.broadcast(submitResult(verdict))
            if let failing = verdict.firstFailingLayout {
                if !failing.layout.samePlaces(as: shownLayout) {
                    shownLayout = failing.layout
                    room.broadcast(InfoEvent("level.submit.new_layout"))
                }
                // A level of one layout has no other board to point at: the one the
                // student sees (a play test read "this layout is where it failed" above
                // the same board, then "0 of 1 layouts").
                let several = verdict.seedsTotal > 1
                if several {
                    var start = LevelBoardEvent(room: room.id, board: failing.board, caption: Phrase("level.board.caption_failed"))
                    start.brief = true
                    start.boardHint = false  // the stopped board below says it
                    room.broadcast(start)
                }
                var stopped = LevelBoardEvent(room: room.id, board: failing.finalBoard,
                                              caption: Phrase(several ? "level.board.caption_stopped" : "level.board.caption_stopped_one"))
                stopped.brief = true
                room.broadcast(stopped)
            }
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
                                reason: reason, reasonPhrase: verdict.reasonPhrase, statements: verdict.statements,
                                steps: verdict.steps, par: level.parStatements,
                                missing: verdict.firstFailingLayout?.end.unmet ?? [])
    }
}
