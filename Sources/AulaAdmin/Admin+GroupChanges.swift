import AulaGames
import AulaServer
import AulaStore

/// `group rename OLD NEW` and `group del NAME` (session 11): a typo such as
/// `class open 3BB` made a group for ever, and a new school year renames the
/// classes. A group in use (its class open, its students online) is left alone;
/// a group with students or rounds is never deleted (`forget`/`prune` first).
extension AdminCall {
    /// `words`: OLD then NEW, either of several words; the longest start naming a group is OLD.
    func renameGroup(_ words: [String]) {
        let online = onlineByGroup()
        let open = server.classSession?.group.id
        write({ db -> Result<(old: String, new: String), Refusal> in
            var found: (row: GroupRow, rest: [String])?
            for split in stride(from: words.count - 1, through: 1, by: -1) {
                if let row = try db.group(name: words[..<split].joined(separator: " ")) {
                    found = (row, Array(words[split...]))
                    break
                }
            }
            guard let (row, rest) = found else {
                return .failure(Refusal(code: "no_such_group", args: [words.dropLast().joined(separator: " ")]))
            }
            let name: String
            switch NameRules.validate(rest.joined(separator: " "), blocklist: .empty) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let valid): name = valid
            }
            if row.id == open || (online[row.id] ?? 0) > 0 {
                return .failure(Refusal(code: "group_in_use", args: [row.name, String(online[row.id] ?? 0)]))
            }
            if let other = try db.group(name: name), other.id != row.id {
                return .failure(Refusal(code: "group_name_taken", args: [other.name]))
            }
            try db.renameGroup(id: row.id, to: name)
            return .success((row.name, name))
        }) { [self] outcome in
            switch outcome {
            case .failure(let refusal): fail(refusal)
            case .success(let names):
                info("admin.group.renamed", names.old, names.new, style: .good)
                done()
            }
        }
    }

    /// Deletes a group with no students and no rounds (a typo's group, an old year's emptied one).
    func deleteGroup(_ typed: String) {
        let online = onlineByGroup()
        let open = server.classSession?.group.id
        write({ db -> Result<String, Refusal> in
            guard let row = try db.group(name: typed) else { return .failure(Refusal(code: "no_such_group", args: [typed])) }
            if row.id == open || (online[row.id] ?? 0) > 0 {
                return .failure(Refusal(code: "group_in_use", args: [row.name, String(online[row.id] ?? 0)]))
            }
            let rounds = try db.roundCount(groupID: row.id)
            guard row.studentCount == 0 && rounds == 0 else {
                return .failure(Refusal(code: "group_not_empty", args: [row.name, String(row.studentCount), String(rounds)]))
            }
            try db.deleteEmptyGroup(id: row.id)
            return .success(row.name)
        }) { [self] outcome in
            switch outcome {
            case .failure(let refusal): fail(refusal)
            case .success(let name):
                info("admin.group.deleted", name, style: .good)
                done()
            }
        }
    }

    /// Students online, by group id (read on the loop, before the write goes to the store thread).
    private func onlineByGroup() -> [Int64: Int] {
        var counts: [Int64: Int] = [:]
        for player in server.players.values { counts[player.group.id, default: 0] += 1 }
        return counts
    }
}
