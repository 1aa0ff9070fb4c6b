import AulaGames
import AulaServer
import AulaStore

/// `forget [GROUP/]NAME` (SPEC §12, issue 17): deletes a student and every row
/// about them (scores, totals, answers, attempts, programs, progress) after a
/// confirmation. The audit entry says a student was forgotten, never who: the
/// typed line is replaced before the command ends.
extension AdminCall {
    func forgetStudent(_ args: Arguments) {
        guard !args.isEmpty else { return usage("admin.forget") }
        line = "forget (one student)"
        let typed = args.text
        let preferred = server.classSession?.group.id
        read({ db -> Result<AdminStudent, Refusal> in
            try AdminStudent.one(db, typed: typed, preferredGroup: preferred)
        }) { [self] result in
            switch result {
            case .failure(let refusal): fail(refusal)
            case .success(let student): confirmForget(student)
            }
        }
    }

    private func confirmForget(_ student: AdminStudent) {
        let key = server.playerKey(GroupRef(id: student.groupID, name: student.group), student.name)
        if let player = server.players[key], player.isConnected {
            return fail(code: "forget_online", student.name)
        }
        info("admin.forget.confirm", student.name, student.group, style: .warn)
        ask(.command, "admin.prompt.forget", hidden: false) { [self] answer in
            let yes = ["yes", "y", "si", "sí", "s"].contains(answer.trimmingCharacters(in: " ").lowercased())
            guard yes else {
                info("admin.forget.cancelled")
                return done("cancelled")
            }
            // A place held by the reconnect grace goes too: nothing may write for this id again.
            if let held = server.players[key], !held.isConnected { server.forget(held, recordsDeleted: true) }
            write({ db in
                try db.forgetStudent(id: student.id)
                return try db.rowsAbout(studentID: student.id)
            }) { [self] left in
                guard left == 0 else { return fail(code: "admin_storage_detail", "\(left) rows left") }
                // Off the projector too: its replay, challenge panel, open pages and /teacher.
                server.board?.forget(name: student.name, group: GroupRef(id: student.groupID, name: student.group))
                info("admin.forget.done", student.name, student.group, style: .good)
                done()
            }
        }
    }
}
