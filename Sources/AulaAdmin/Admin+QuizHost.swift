import AulaGames
import AulaServer

/// `quiz host DECK`, `quiz start [ROOM] [TEAMS]`, `quiz next [ROOM]`, `quiz end
/// [ROOM]` (SPEC §12): a quiz the teacher runs from the console without playing
/// (the room's side is AulaQuizRoom/QuizRoom+Host.swift, with the decisions). Without
/// ROOM the command acts on the quiz this teacher hosts; naming a room (any
/// teacher-hosted quiz) takes it over, e.g. after another teacher's console
/// went away. The acting console watches the room: questions, tallies and
/// results are echoed to it.
extension AdminCall {
    enum QuizSub {
        static let host: Set<String> = ["host", "open", "abrir", "organizar", "dirigir"]
        static let start: Set<String> = Sub.start.union(["comenzar"])
        static let next: Set<String> = ["next", "skip", "siguiente", "saltar"]
        static let end: Set<String> = ["end", "stop", "finish", "terminar", "acabar", "fin", "parar"]
    }

    func quizCommand(_ args: Arguments) {
        let rest = Array(args.words.dropFirst())
        if Sub.matches(args[0], QuizSub.host) {
            guard rest.count == 1 else { return usage("admin.quiz") }
            return hostQuiz(rest[0])
        }
        if Sub.matches(args[0], QuizSub.start) {
            // Words in any order: a number is the teams, anything else the room.
            var roomWord: String?
            var teams: Int?
            for word in rest {
                if let n = Int(word) {
                    guard teams == nil, (0...QuizGame.maxTeams).contains(n) else { return usage("admin.quiz") }
                    teams = n
                } else {
                    guard roomWord == nil else { return usage("admin.quiz") }
                    roomWord = word
                }
            }
            guard let (room, quiz) = hostedQuiz(roomWord, for: "start") else { return }
            do throws(Refusal) {
                let (players, made) = try quiz.hostStart(teams: teams)
                // One player, no teams, said as such ("1 players, 0 teams": a re-play).
                let who = Phrase(players == 1 ? "admin.quiz.players_one" : "admin.quiz.players", [String(players)])
                let teams = Phrase(made == 0 ? "admin.quiz.teams_none" : made == 1 ? "admin.quiz.teams_one" : "admin.quiz.teams",
                                   [String(made)])
                say(InfoEvent(phrases: [Phrase("admin.quiz.started", [room.id, PhraseArgument.phrase(who), PhraseArgument.phrase(teams)])], style: .good))
                done()
            } catch {
                fail(error)
            }
            return
        }
        let next = Sub.matches(args[0], QuizSub.next)
        guard next || Sub.matches(args[0], QuizSub.end), rest.count <= 1 else { return usage("admin.quiz") }
        guard let (room, quiz) = hostedQuiz(rest.first, for: next ? "next" : "end") else { return }
        do throws(Refusal) {
            if next {
                try quiz.hostNext()
                info("admin.quiz.next", room.id, style: .good)
            } else {
                let asked = try quiz.hostEnd()
                info(asked == 1 ? "admin.quiz.ended_one" : "admin.quiz.ended", room.id, String(asked), style: .good)
            }
            done()
        } catch where !next && error.code == "quiz_not_started" && room.teacherHost != nil {
            // Ending a quiz nobody started closes its room (a re-play: it could not be
            // ended, and unstarted rooms piled up until `room close`). A student's room
            // stays theirs: its host starts it, `room close` closes it.
            let waiting = room.players.count
            server.closeRoom(room)
            info(waiting == 1 ? "admin.quiz.closed_unstarted_one" : "admin.quiz.closed_unstarted", room.id, String(waiting),
                 style: .good)
            done()
        } catch where error.code == "quiz_not_started" && room.teacherHost == nil {
            fail(Refusal("quiz_not_started", Phrase("error.quiz_not_started.student_room", [room.id])))
        } catch {
            fail(error)
        }
    }

    /// Opens the room for the open class's group (the `open` group when no
    /// class is open) and tells the students in that group's lobby how to join.
    private func hostQuiz(_ deckWord: String) {
        let group = server.classSession?.group ?? server.openGroupRef
        guard let factory = server.gameFactories["quiz"] else {
            return fail(code: "unknown_game", "quiz", server.gameFactories.keys.sorted().joined(separator: ", "))
        }
        // The stand-in host: the teacher's name, in the group, never connected.
        let standIn = Player(name: teacher, group: group, studentID: Player.standInID, client: client)
        standIn.client = nil
        switch factory(server, standIn, Arguments(deckWord)) {
        case .failure(let refusal):
            fail(refusal)
        case .success(let game):
            guard let quiz = game as? any HostedQuiz else { return fail(code: "unknown_game", "quiz", "quiz") }
            let room = server.openHostedQuiz(quiz, standIn: standIn, teacher: teacher)
            let lobby = server.lobbyPlayers(in: group)
            for player in lobby {
                player.send(InfoEvent("quiz.hosted.announce", room.id, quiz.deckTitle, style: .good))
            }
            follow(room)
            info(lobby.count == 1 ? "admin.quiz.hosted_one" : "admin.quiz.hosted", room.id, quiz.deckTitle, group.name,
                 String(lobby.count), style: .good)
            // No class open: the quiz is the `open` group's, and a class just closed is
            // still online in its own group, unable to join (a play test: "0 students
            // were told", and no word why).
            if server.classSession == nil {
                let elsewhere = server.players.values.filter { $0.isConnected && $0.group != group }
                if let other = elsewhere.first?.group {
                    info(elsewhere.count == 1 ? "admin.quiz.hosted_other_group_one" : "admin.quiz.hosted_other_group",
                         String(elsewhere.count), other.name, style: .warn)
                }
            }
            done()
        }
    }

    /// The teacher-hosted quiz a command acts on; nil after failing the command.
    /// `sub` (start, next, end) is the example's when several need a name:
    /// `quiz start` had been told "e.g. quiz next quiz-21".
    private func hostedQuiz(_ word: String?, for sub: String) -> (Room, any HostedQuiz)? {
        let room: Room
        if let word {
            guard let found = server.findRoom(word) else {
                fail(code: "no_such_room", word)
                return nil
            }
            guard found.game is any HostedQuiz else {
                fail(code: "not_a_quiz", found.id)
                return nil
            }
            // A student's quiz: the teacher may move it on or end it (a play test: ending
            // one took twenty `skip`s), not start it or take it over — its host runs it.
            guard found.teacherHost != nil || sub == "next" || sub == "end" else {
                fail(code: "not_hosted_quiz", found.id)
                return nil
            }
            room = found
            if let host = found.teacherHost, host != teacher {
                log(.info, "quiz.host_taken_over", ("room", found.id), ("from", found.teacherHost ?? ""), ("teacher", teacher))
                found.teacherHost = teacher
                info("admin.quiz.taken_over", found.id)
            }
        } else {
            let mine = server.allRooms.filter { $0.teacherHost == teacher && $0.game is any HostedQuiz }
            guard let only = mine.first else {
                fail(code: "no_hosted_quiz")
                return nil
            }
            guard mine.count == 1 else {
                let list = mine.map(\.id).joined(separator: ", ")
                fail(sub == "next" ? Refusal(code: "quiz_room_needed", args: [list, only.id])
                     : Refusal("quiz_room_needed", Phrase("error.quiz_room_needed.\(sub)", [list, only.id])))
                return nil
            }
            room = only
        }
        guard let quiz = room.game as? any HostedQuiz else {
            fail(code: "not_hosted_quiz", room.id)
            return nil
        }
        follow(room)
        return (room, quiz)
    }

    /// This console watches the room (what `watch ROOM` does), if not already.
    private func follow(_ room: Room) {
        guard session.watching !== room else { return }
        session.stopWatching()
        room.watchers.append(client)
        session.watching = room
    }
}
